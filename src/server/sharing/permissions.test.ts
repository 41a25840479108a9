import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { space, spaceInvitation } from '../db/schema';
import { callerFor, createTestServices } from '../test/harness';
import { sharedCourse } from '../test/sharing';
import { actorKinds, can, decide, findSpace, spaceActions, spaceActor, spaceActors, type ActorKind, type SpaceAction } from './permissions';

const services = await createTestServices();
afterAll(() => services.close());

/** The model as a table a person can read: each actor's allowed actions on a public and on a private course. */
const expected: Record<ActorKind, { public: SpaceAction[]; private: SpaceAction[] }> = {
  anonymous: { public: [], private: [] },
  stranger: { public: ['preview', 'join'], private: [] },
  pendingInvitee: { public: ['preview', 'join', 'acceptInvitation'], private: ['preview', 'acceptInvitation'] },
  viewer: { public: ['preview', 'study', 'leave'], private: ['preview', 'study', 'leave'] },
  editor: { public: ['preview', 'study', 'editFiles', 'leave'], private: ['preview', 'study', 'editFiles', 'leave'] },
  publicMember: { public: ['preview', 'acceptInvitation', 'study', 'leave'], private: ['acceptInvitation', 'leave'] },
  revokedMember: { public: [], private: [] },
  owner: { public: ['preview', 'study', 'editFiles', 'manage'], private: ['preview', 'study', 'editFiles', 'manage'] },
};

describe('decide', () => {
  test.each(actorKinds)('%s: exactly the allowed actions on a public and a private course', (actor) => {
    for (const visibility of ['public', 'private'] as const) {
      const allowed = spaceActions.filter((action) => decide(actor, action, visibility));
      expect(allowed, visibility).toEqual(expected[actor][visibility]);
    }
    // 'shared' is for invited people, like 'private'.
    expect(spaceActions.filter((action) => decide(actor, action, 'shared'))).toEqual(expected[actor].private);
  });
});

describe('spaceActor', () => {
  test.each(['public', 'private'] as const)('finds every kind of actor on a %s course', async (visibility) => {
    const course = await sharedCourse(services, { visibility });
    const row = await findSpace(services.db, { uuid: course.uuid });
    expect(row?.id).toBe(course.spaceId);
    expect(await findSpace(services.db, { spaceId: course.spaceId })).toEqual(row);
    for (const kind of actorKinds) {
      const actor = await spaceActor(services.db, course.actors[kind]?.user.id ?? null, row!);
      expect(actor.kind, kind).toBe(kind);
      expect(can(actor, 'study'), kind).toBe(expected[kind][visibility].includes('study'));
    }
  });

  test('a public-link member invited since may accept, and keeps access once the course is private', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const member = course.actors.publicMember!;
    const row = (await findSpace(services.db, { uuid: course.uuid }))!;
    expect(can(await spaceActor(services.db, member.user.id, row), 'acceptInvitation')).toBe(false);
    await services.db
      .insert(spaceInvitation)
      .values({ spaceId: course.spaceId, email: member.user.email.toLowerCase(), role: 'editor', invitedBy: course.owner.user.id });
    const invited = await spaceActor(services.db, member.user.id, row);
    expect(invited.kind).toBe('publicMember');
    expect(can(invited, 'acceptInvitation')).toBe(true);
    await callerFor(services, member).spaces.acceptInvitation({ invitationId: invited.invitation!.id });
    await services.db.update(space).set({ visibility: 'private' }).where(eq(space.id, course.spaceId));
    const after = await spaceActor(services.db, member.user.id, { ...row, visibility: 'private' });
    expect(after.kind).toBe('editor');
    expect(can(after, 'study')).toBe(true);
  });

  test('spaceActors answers for many spaces at once, as spaceActor does one by one', async () => {
    const courses = await Promise.all([sharedCourse(services), sharedCourse(services, { visibility: 'private' })]);
    const rows = await Promise.all(courses.map((course) => findSpace(services.db, { spaceId: course.spaceId })));
    const viewer = courses[0]!.actors.viewer!;
    const actors = await spaceActors(services.db, viewer.user.id, rows.map((row) => row!));
    expect(actors.get(courses[0]!.spaceId)?.kind).toBe('viewer');
    expect(actors.get(courses[1]!.spaceId)?.kind).toBe('stranger');
    const anonymous = await spaceActors(services.db, null, rows.map((row) => row!));
    expect([...anonymous.values()].map((actor) => actor.kind)).toEqual(['anonymous', 'anonymous']);
  });

  test('unknown ids and uuids find no space', async () => {
    expect(await findSpace(services.db, { uuid: crypto.randomUUID() })).toBeNull();
    expect(await findSpace(services.db, { spaceId: 'no-such-space' })).toBeNull();
  });
});
