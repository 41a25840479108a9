import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { challenge, challengeReport, lesson, unit, usageCounter, user } from '../../db/schema';
import type { LearnPath } from '../../../shared/artefacts';
import { storeLearnPath } from '../../study/pipeline/store';
import { usagePeriod } from '../../usage/usage-counters';
import { insertCourse, insertFile } from '../../test/courses';
import { callerFor, captureLog, createTestServices, createUser, expectRefused, requestApp, trpcQueryPath, type Caller, type RefusedActor, type TestUser } from '../../test/harness';

const { log, entries } = captureLog();
// Mixed case and spaces on purpose: addresses are compared without regard to case.
const services = await createTestServices({ env: { ADMIN_EMAILS: ' Boss@Example.test , second.admin@example.test' }, log });
afterAll(() => services.close());

const admin = await createUser(services, { name: 'The Boss', email: 'boss@example.test' });
const adminCaller = callerFor(services, admin);

/** Everyone who is not an admin: signed out, or signed in with an address not in ADMIN_EMAILS. */
const outsiders: RefusedActor[] = [
  { name: 'signed out', code: 'NOT_FOUND', headers: null },
  { name: 'normal user', code: 'NOT_FOUND' },
];
async function expectHidden(call: (caller: Caller) => Promise<unknown>) {
  const normal = await createUser(services, { name: 'Admin', username: `admin_${Math.random().toString(36).slice(2, 8)}` });
  await expectRefused({ services, call, actors: outsiders.map((actor) => (actor.headers === null ? actor : { ...actor, headers: normal.headers })) });
}

const PATH: LearnPath = {
  units: [
    {
      title: 'Cells',
      description: 'What cells are made of.',
      page: 1,
      lessons: [
        {
          title: 'Organelles',
          challenges: [
            {
              type: 'multiple_choice',
              question: 'Which organelle makes ATP?',
              explanation: 'Mitochondria make ATP.',
              page: 4,
              options: [
                { text: 'Nucleus', correct: false },
                { text: 'Mitochondrion', correct: true },
                { text: 'Ribosome', correct: false },
                { text: 'Golgi apparatus', correct: false },
              ],
            },
            { type: 'true_false', question: 'Plants have cell walls.', explanation: 'They do.', page: 2, answer: true },
            {
              type: 'fill_blank',
              question: 'ATP is made in the ____.',
              explanation: 'The mitochondrion.',
              page: 2,
              answer: 'Mitochondrion',
              acceptedAnswers: [],
              options: ['Mitochondrion', 'Nucleus', 'Vacuole'],
            },
            {
              type: 'match',
              question: 'Match the terms.',
              explanation: 'Each organelle with its job.',
              page: 3,
              pairs: [
                { term: 'Nucleus', definition: 'Holds the DNA' },
                { term: 'Ribosome', definition: 'Makes proteins' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** A course 'Biology' with file 'Cells.pdf' whose one lesson has four challenges; their ids in path order. */
async function courseWithLesson(owner: TestUser) {
  const course = await insertCourse(services, owner, { name: 'Biology' });
  const stored = await insertFile(services, owner, course.id, { name: 'Cells.pdf', status: 'ready', pages: 4 });
  await services.db.transaction((tx) => storeLearnPath(tx, stored.id, PATH));
  const rows = await services.db
    .select({ id: challenge.id, lessonId: challenge.lessonId })
    .from(challenge)
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .where(eq(unit.fileId, stored.id))
    .orderBy(asc(challenge.position));
  return { fileId: stored.id, lessonId: rows[0]?.lessonId ?? '', challengeIds: rows.map((row) => row.id) };
}

async function report(challengeId: string, reporter: TestUser, createdAt: Date) {
  await services.db.insert(challengeReport).values({ userId: reporter.user.id, challengeId, createdAt });
}

describe('admin.isAdmin', () => {
  test('true for an address of ADMIN_EMAILS, whatever its case; false for everyone else, signed out included', async () => {
    expect(await adminCaller.admin.isAdmin()).toEqual({ isAdmin: true });
    const second = await createUser(services, { email: 'Second.Admin@example.test' });
    expect(await callerFor(services, second).admin.isAdmin()).toEqual({ isAdmin: true });
    const normal = await createUser(services, { name: 'boss@example.test' });
    expect(await callerFor(services, normal).admin.isAdmin()).toEqual({ isAdmin: false });
    expect(await callerFor(services, null).admin.isAdmin()).toEqual({ isAdmin: false });
  });

  test('nobody is an admin when ADMIN_EMAILS is not set', async () => {
    const plain = await createTestServices();
    try {
      const someone = await createUser(plain, { email: 'boss@example.test' });
      expect(await callerFor(plain, someone).admin.isAdmin()).toEqual({ isAdmin: false });
      await expect(callerFor(plain, someone).admin.listUsers({})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await plain.close();
    }
  });
});

describe('every other admin procedure answers NOT_FOUND to anyone but an admin', () => {
  test.each<[string, (caller: Caller) => Promise<unknown>]>([
    ['listUsers', (caller) => caller.admin.listUsers({})],
    ['setUserPlan', (caller) => caller.admin.setUserPlan({ userId: admin.user.id, plan: 'enterprise' })],
    ['listReportedChallenges', (caller) => caller.admin.listReportedChallenges()],
    ['dismissReports', (caller) => caller.admin.dismissReports({ challengeId: 'any' })],
    ['getLesson', (caller) => caller.admin.getLesson({ lessonId: 'any' })],
  ])('admin.%s', async (_, call) => {
    await expectHidden(call);
  });

  test('over HTTP a normal user reads 404 and nothing about the admin area', async () => {
    const normal = await createUser(services);
    const response = await requestApp(services, trpcQueryPath('admin.listUsers', {}), { headers: normal.headers });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { json: { message: string } } };
    expect(body.error.json.message).toBe('Not found.');
  });

  test('a normal user cannot change a plan: theirs stays Free', async () => {
    const normal = await createUser(services);
    await expect(callerFor(services, normal).admin.setUserPlan({ userId: normal.user.id, plan: 'ultra' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await callerFor(services, normal).user.getUserBillingInfo()).plan).toBe('free');
  });
});

describe('admin.listUsers', () => {
  test('shows name, email, plan, joined and usage: uploads this month, chat messages today, files and courses', async () => {
    const learner = await createUser(services, { name: 'Grace Hopper', username: 'grace_h', email: 'grace@usage.test' });
    const course = await insertCourse(services, learner);
    await insertCourse(services, learner, { name: 'Compilers' });
    await insertFile(services, learner, course.id);
    await insertFile(services, learner, course.id, { name: 'Lecture 2.pdf' });
    await insertFile(services, learner, course.id, { name: 'Lecture 3.pdf' });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const yesterday = new Date(now.getTime() - 86_400_000);
    await services.db.insert(usageCounter).values([
      { userId: learner.user.id, kind: 'uploads', period: usagePeriod('month', now), count: 2 },
      { userId: learner.user.id, kind: 'uploads', period: usagePeriod('month', lastMonth), count: 3 },
      { userId: learner.user.id, kind: 'chatMessages', period: usagePeriod('day', now), count: 7 },
      { userId: learner.user.id, kind: 'chatMessages', period: usagePeriod('day', yesterday), count: 25 },
    ]);
    await services.db.update(user).set({ plan: 'pro' }).where(eq(user.id, learner.user.id));

    const page = await adminCaller.admin.listUsers({ search: 'grace@usage' });
    expect(page).toEqual({
      total: 1,
      page: 1,
      pageSize: 20,
      users: [
        {
          id: learner.user.id,
          name: 'Grace Hopper',
          email: 'grace@usage.test',
          username: 'grace_h',
          image: null,
          plan: 'pro',
          createdAt: expect.any(Date),
          uploadsThisMonth: 2,
          chatMessagesToday: 7,
          files: 3,
          courses: 2,
        },
      ],
    });
  });

  test("an avatar is listed only when it passes user.updateProfile's check; any other stored value is null", async () => {
    const learner = await createUser(services, { email: 'avatar@listed.test' });
    const listed = async (image: string) => {
      await services.db.update(user).set({ image }).where(eq(user.id, learner.user.id));
      return (await adminCaller.admin.listUsers({ search: 'avatar@listed.test' })).users[0]?.image;
    };
    expect(await listed('https://images.example.test/me.png')).toBe('https://images.example.test/me.png');
    expect(await listed('javascript:alert(1)')).toBeNull();
    expect(await listed('http://127.0.0.1/api/trpc/user.getUser')).toBeNull();
  });

  test('a new user has zero usage', async () => {
    await createUser(services, { email: 'fresh@zero.test' });
    const [row] = (await adminCaller.admin.listUsers({ search: 'fresh@zero.test' })).users;
    expect(row).toMatchObject({ plan: 'free', uploadsThisMonth: 0, chatMessagesToday: 0, files: 0, courses: 0 });
  });

  test('searches email, name and username without regard to case; % and _ are plain characters', async () => {
    const tag = `srch${Math.random().toString(36).slice(2, 7)}`;
    const byEmail = await createUser(services, { email: `${tag}.mail@example.test`, name: 'Plain Name', username: `${tag}_x1` });
    const byName = await createUser(services, { name: `Dr ${tag.toUpperCase()} Who`, username: 'unrelated_1' });
    await createUser(services, { name: 'Someone Else', username: 'unrelated_2' });
    const ids = async (search: string) => (await adminCaller.admin.listUsers({ search })).users.map((row) => row.id).sort();
    expect(await ids(tag)).toEqual([byEmail.user.id, byName.user.id].sort());
    expect(await ids(`${tag.toUpperCase()}_X1`)).toEqual([byEmail.user.id]);
    expect(await ids(`dr ${tag}`)).toEqual([byName.user.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids(`${tag}_`)).toEqual([byEmail.user.id]);
    expect(await ids(`${tag}%x1`)).toEqual([]);
  });

  test('pages newest first, with the total of all matches', async () => {
    const tag = `pg${Math.random().toString(36).slice(2, 7)}`;
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await createUser(services, { name: `${tag} ${index}` });
      await services.db.update(user).set({ createdAt: new Date(Date.UTC(2030, 0, 1 + index)) }).where(eq(user.id, created.user.id));
      made.push(created.user.id);
    }
    const first = await adminCaller.admin.listUsers({ search: tag, pageSize: 2 });
    const third = await adminCaller.admin.listUsers({ search: tag, pageSize: 2, page: 3 });
    const beyond = await adminCaller.admin.listUsers({ search: tag, pageSize: 2, page: 4 });
    expect(first.total).toBe(5);
    expect(first.users.map((row) => row.id)).toEqual([made[4], made[3]]);
    expect(third.users.map((row) => row.id)).toEqual([made[0]]);
    expect(beyond).toMatchObject({ total: 5, users: [] });
  });

  test.each([
    ['a page below 1', { page: 0 }],
    ['a page size over 100', { pageSize: 101 }],
    ['a search over 200 characters', { search: 'x'.repeat(201) }],
  ])('refuses %s', async (_, input) => {
    await expect(adminCaller.admin.listUsers(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('admin.setUserPlan', () => {
  test('sets the plan in StudyPath only: Stripe fields stay; the change is logged with the admin', async () => {
    const learner = await createUser(services);
    await services.db
      .update(user)
      .set({ stripeCustomerId: `cus_${learner.user.id}`, stripeSubscriptionId: 'sub_123', subscriptionStatus: 'active' })
      .where(eq(user.id, learner.user.id));
    expect(await adminCaller.admin.setUserPlan({ userId: learner.user.id, plan: 'enterprise' })).toEqual({
      userId: learner.user.id,
      plan: 'enterprise',
      previousPlan: 'free',
    });
    expect((await callerFor(services, learner).user.getUserBillingInfo()).plan).toBe('enterprise');
    const [row] = await services.db.select().from(user).where(eq(user.id, learner.user.id));
    expect(row).toMatchObject({ stripeSubscriptionId: 'sub_123', subscriptionStatus: 'active', stripeCustomerId: `cus_${learner.user.id}` });
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: 'admin changed a plan', adminId: admin.user.id, userId: learner.user.id, from: 'free', to: 'enterprise' }),
    );
    // Hearts follow the plan table at once: Enterprise has unlimited hearts.
    expect((await callerFor(services, learner).gamification.getProgress()).unlimitedHearts).toBe(true);
    await adminCaller.admin.setUserPlan({ userId: learner.user.id, plan: 'free' });
    expect((await callerFor(services, learner).user.getUserBillingInfo()).plan).toBe('free');
  });

  test('an unknown user answers NOT_FOUND; a plan that does not exist is refused', async () => {
    await expect(adminCaller.admin.setUserPlan({ userId: 'no-such-user', plan: 'pro' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      cause: { messageKey: 'userNotFound' },
    });
    const learner = await createUser(services);
    // @ts-expect-error -- a client may send any string; the server's schema is what refuses it
    await expect(adminCaller.admin.setUserPlan({ userId: learner.user.id, plan: 'platinum' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await callerFor(services, learner).user.getUserBillingInfo()).plan).toBe('free');
  });
});

describe('reported challenges', () => {
  test('lists challenges with open reports: question, right answer, explanation, course, file, count, first report', async () => {
    const owner = await createUser(services);
    const { challengeIds, lessonId, fileId } = await courseWithLesson(owner);
    const [mc, trueFalse, fill] = challengeIds as [string, string, string, string];
    const [first, second, third] = [await createUser(services), await createUser(services), await createUser(services)];
    await report(mc, first, new Date('2030-03-02T10:00:00Z'));
    await report(mc, second, new Date('2030-03-01T09:00:00Z'));
    await report(trueFalse, third, new Date('2030-03-03T08:00:00Z'));
    // Reviewed already: neither listed nor counted.
    await services.db.insert(challengeReport).values({ userId: third.user.id, challengeId: fill, reviewedAt: new Date() });
    await services.db.insert(challengeReport).values({ userId: third.user.id, challengeId: mc, reviewedAt: new Date() });

    const { challenges } = await adminCaller.admin.listReportedChallenges();
    const mine = challenges.filter((item) => item.lessonId === lessonId);
    expect(mine).toEqual([
      {
        challengeId: mc,
        type: 'multiple_choice',
        question: 'Which organelle makes ATP?',
        correctAnswer: 'Mitochondrion',
        explanation: 'Mitochondria make ATP.',
        page: 4,
        lessonId,
        lessonTitle: 'Organelles',
        fileId,
        fileName: 'Cells.pdf',
        courseName: 'Biology',
        reportCount: 2,
        firstReportedAt: new Date('2030-03-01T09:00:00Z'),
      },
      expect.objectContaining({ challengeId: trueFalse, correctAnswer: 'true', reportCount: 1 }),
    ]);
  });

  test('Dismiss marks the open reports reviewed; a later report opens the challenge again', async () => {
    const owner = await createUser(services);
    const { challengeIds } = await courseWithLesson(owner);
    const target = challengeIds[3] ?? '';
    const [first, second, later] = [await createUser(services), await createUser(services), await createUser(services)];
    await report(target, first, new Date());
    await report(target, second, new Date());
    const listed = async () => (await adminCaller.admin.listReportedChallenges()).challenges.find((item) => item.challengeId === target);
    expect((await listed())?.correctAnswer).toBe('Nucleus — Holds the DNA\nRibosome — Makes proteins');

    expect(await adminCaller.admin.dismissReports({ challengeId: target })).toEqual({ challengeId: target, dismissed: 2 });
    expect(await listed()).toBeUndefined();
    const open = await services.db
      .select()
      .from(challengeReport)
      .where(and(eq(challengeReport.challengeId, target), isNull(challengeReport.reviewedAt)));
    expect(open).toEqual([]);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'admin dismissed challenge reports', challengeId: target, reports: 2 }));
    // Dismissing again changes nothing.
    expect(await adminCaller.admin.dismissReports({ challengeId: target })).toEqual({ challengeId: target, dismissed: 0 });

    await report(target, later, new Date());
    expect((await listed())?.reportCount).toBe(1);
  });

  test('Dismiss of a challenge that does not exist answers NOT_FOUND', async () => {
    await expect(adminCaller.admin.dismissReports({ challengeId: 'no-such-challenge' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      cause: { messageKey: 'challengeNotFound' },
    });
  });

  test('Open lesson: the admin reads the whole lesson with right answers and open reports, though not its owner', async () => {
    const owner = await createUser(services);
    const { challengeIds, lessonId } = await courseWithLesson(owner);
    await report(challengeIds[2] ?? '', await createUser(services), new Date());
    const review = await adminCaller.admin.getLesson({ lessonId });
    expect(review.lesson).toEqual({ id: lessonId, title: 'Organelles', unitTitle: 'Cells', fileName: 'Cells.pdf', courseName: 'Biology' });
    expect(review.challenges.map((item) => [item.type, item.correctAnswer, item.openReports])).toEqual([
      ['multiple_choice', 'Mitochondrion', 0],
      ['true_false', 'true', 0],
      ['fill_blank', 'Mitochondrion', 1],
      ['match', 'Nucleus — Holds the DNA\nRibosome — Makes proteins', 0],
    ]);
    // The admin still may not play it: studying stays the owner's.
    await expect(adminCaller.learn.getLesson({ lessonId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(adminCaller.admin.getLesson({ lessonId: 'no-such-lesson' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
