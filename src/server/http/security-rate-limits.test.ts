import { eq, lt } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { directory, file, rateLimit, user as userTable } from '../db/schema';
import { insertCourse, insertFile } from '../test/courses';
import { createTestServices, createUser, requestApp, type TestUser } from '../test/harness';
import { appRouter } from '../trpc/router';
import { getUsage, usagePeriod } from '../usage/usage-counters';
import { createApp } from './app';
import { consumeRateLimit, GENERATION_PROCEDURES } from './rate-limits';

const LIMIT = 2;
const WINDOW_SECONDS = 60;
const services = await createTestServices({
  env: {
    UPLOAD_RATE_LIMIT_MAX: String(LIMIT),
    CHAT_RATE_LIMIT_MAX: String(LIMIT),
    GENERATION_RATE_LIMIT_MAX: String(LIMIT),
    UPLOAD_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    CHAT_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    GENERATION_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    LOCAL_TUTOR_WORD_MS: '0',
  },
});
const authLimited = await createTestServices({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
afterAll(() => Promise.all([services.close(), authLimited.close()]));

interface Refusal {
  code: string;
  message: string;
  messageKey: string;
  messageParams: { count: number };
}

/** A 429's wait, and its refusal: the same number of seconds in the header, the message and its parameters. */
async function expectTooManyRequests(response: Response, refusalOf: (body: unknown) => Refusal) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(refusalOf(await response.json())).toMatchObject({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many requests. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
    messageKey: 'tooManyRequests',
    messageParams: { count: seconds },
  });
}

const routeRefusal = (body: unknown) => (body as { error: Refusal }).error;
/** A batch answers one envelope per call; the refusal is the same in each. */
const trpcRefusal = (body: unknown) => {
  const [first] = body as unknown[];
  const { message, data } = (first as { error: { json: { message: string; data: Omit<Refusal, 'message'> & { appCode: string } } } }).error.json;
  return { ...data, code: data.appCode, message };
};

async function proStudent(): Promise<TestUser> {
  const student = await createUser(services);
  await services.db.update(userTable).set({ plan: 'pro' }).where(eq(userTable.id, student.user.id));
  return student;
}

function upload(student: TestUser, courseId: string) {
  const form = new FormData();
  form.set('directoryId', courseId);
  form.append('files', new Blob(['Cells are the unit of life.']), 'notes.txt');
  return requestApp(services, '/api/files', { method: 'POST', headers: student.headers, body: form });
}

function chat(student: TestUser | null, directoryId: string) {
  return requestApp(services, '/api/chat', { method: 'POST', headers: student?.headers, json: { directoryId, message: 'What is a cell?' } });
}

function mutate(student: TestUser | null, procedures: string[], input: unknown) {
  const body = Object.fromEntries(procedures.map((_, index) => [index, { json: input }]));
  return requestApp(services, `/api/trpc/${procedures.join(',')}?batch=1`, { method: 'POST', headers: student?.headers, json: body });
}

describe('upload limit', () => {
  test('UPLOAD_RATE_LIMIT_MAX uploads a window per user, then 429 with Retry-After; nothing stored, others unaffected', async () => {
    const student = await proStudent();
    const course = await insertCourse(services, student);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await upload(student, course.id)).status).toBe(201);
    await expectTooManyRequests(await upload(student, course.id), routeRefusal);
    expect(await services.db.select().from(file).where(eq(file.ownerId, student.user.id))).toHaveLength(LIMIT);

    const other = await proStudent();
    expect((await upload(other, (await insertCourse(services, other)).id)).status).toBe(201);
  });
});

describe('chat limit', () => {
  test('CHAT_RATE_LIMIT_MAX messages a window per user, then 429 before a message is counted or stored', async () => {
    const student = await proStudent();
    const course = await insertCourse(services, student);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const answer = await chat(student, course.id);
      expect(answer.status).toBe(200);
      await answer.text();
    }
    await expectTooManyRequests(await chat(student, course.id), routeRefusal);
    expect(await getUsage(services.db, { userId: student.user.id, kind: 'chatMessages', period: usagePeriod('day') })).toBe(LIMIT);
  });

  test('signed out, the limit is per client address (and the route still says to sign in until then)', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await chat(null, 'any-course')).status).toBe(401);
    await expectTooManyRequests(await chat(null, 'any-course'), routeRefusal);
    const student = await proStudent();
    const answer = await chat(student, (await insertCourse(services, student)).id);
    expect(answer.status).toBe(200);
    await answer.text();
  });
});

describe('generation limit', () => {
  test('every generating call counts, a batch by its calls; then 429 in tRPC shape, and other mutations go on', async () => {
    const student = await proStudent();
    const course = await insertCourse(services, student);
    const failed = await insertFile(services, student, course.id, { status: 'failed' });
    // Two calls in one batch use up the window (each one is refused for its own reason: nothing to regenerate).
    const batch = await mutate(student, ['file.regenerateArtefact', 'file.retryProcessing'], { fileId: failed.id, artefact: 'summary' });
    expect(batch.status).not.toBe(429);
    await batch.text();
    await expectTooManyRequests(await mutate(student, ['decks.generate'], { fileId: failed.id }), trpcRefusal);
    await expectTooManyRequests(await mutate(student, ['file.retryProcessing'], { fileId: failed.id }), trpcRefusal);
    // A batch mixing a generating call with another fails as a whole: no call of it runs.
    const mixed = await mutate(student, ['directory.createDirectory', 'file.retryProcessing'], { name: 'Mixed', fileId: failed.id });
    expect(mixed.status).toBe(429);
    expect(await services.db.select().from(directory).where(eq(directory.name, 'Mixed'))).toEqual([]);
    expect((await mutate(student, ['directory.createDirectory'], { name: 'Still possible' })).status).toBe(200);

    const other = await proStudent();
    const own = await insertCourse(services, other);
    const response = await mutate(other, ['file.retryProcessing'], { fileId: (await insertFile(services, other, own.id, { status: 'failed' })).id });
    expect(response.status).not.toBe(429);
  });

  test('a signed-out visitor asking for a course description is limited per address too', async () => {
    const input = { spaceId: crypto.randomUUID(), userId: 'someone', onlyDescription: true };
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await mutate(null, ['spaces.generateDescriptionAndTags'], input)).status).toBe(401);
    }
    await expectTooManyRequests(await mutate(null, ['spaces.generateDescriptionAndTags'], input), trpcRefusal);
  });

  test('every generating procedure named exists and is a mutation (a rename cannot slip past the limit)', () => {
    // At run time the router keeps every procedure under its dotted path, as tRPC looks calls up.
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
    for (const path of GENERATION_PROCEDURES) expect(procedures[path]?._def.type, path).toBe('mutation');
  });
});

describe('the count lives in the database, shared by every web process', () => {
  test('two app instances (two processes) on one database share one count', async () => {
    const student = await proStudent();
    const course = await insertCourse(services, student);
    const [first, second] = [createApp(services), createApp(services)];
    const post = (app: typeof first) =>
      app.request(`${services.config.appUrl}/api/chat`, {
        method: 'POST',
        headers: { cookie: student.headers.get('cookie') ?? '', 'content-type': 'application/json', origin: services.config.appUrl },
        body: JSON.stringify({ directoryId: course.id, message: 'What is a cell?' }),
      });
    await (await post(first)).text();
    await (await post(second)).text();
    expect((await post(first)).status).toBe(429);
    const [row] = await services.db.select().from(rateLimit).where(eq(rateLimit.key, `studypath:chat:user:${student.user.id}`));
    expect(row?.count).toBe(LIMIT + 1);
  });

  test('concurrent requests never slip past the limit, and a new window starts the count again', async () => {
    const key = `studypath:test:${crypto.randomUUID()}`;
    const rule = { max: 5, windowSeconds: 10 };
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(services.db, { key, rule, now })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect(await consumeRateLimit(services.db, { key, rule, now: now + 9_200 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await consumeRateLimit(services.db, { key, rule, now: now + 10_000 })).toEqual({ allowed: true });
    expect(await consumeRateLimit(services.db, { key, rule, now: now + 10_001, cost: 4 })).toEqual({ allowed: true });
    expect(await consumeRateLimit(services.db, { key, rule, now: now + 10_002 })).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  test("better-auth's pruning of expired rows leaves a running window of ours alone", async () => {
    const key = `studypath:test:${crypto.randomUUID()}`;
    await consumeRateLimit(services.db, { key, rule: { max: 1, windowSeconds: 3600 } });
    // better-auth's own prune (after one of its windows resets): rows whose last request lies its longest window ago.
    await services.db.delete(rateLimit).where(lt(rateLimit.lastRequest, Date.now() - 60_000));
    expect((await consumeRateLimit(services.db, { key, rule: { max: 1, windowSeconds: 3600 } })).allowed).toBe(false);
  });
});

describe('auth limit (better-auth, per client address)', () => {
  test('sign-in attempts past AUTH_RATE_LIMIT_MAX answer 429 with a clear message and Retry-After', async () => {
    const learner = await createUser(authLimited);
    const attempt = () =>
      requestApp(authLimited, '/api/auth/sign-in/email', { method: 'POST', json: { email: learner.user.email, password: 'a wrong password' } });
    for (let count = 0; count < LIMIT; count += 1) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please try again later.' });
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/nonexistent/studypath', BETTER_AUTH_SECRET: 'x'.repeat(40) };

  test('defaults are generous for people (and the browser tests), and every limit and window can be set', () => {
    expect(loadConfig(base).rateLimits).toEqual({
      upload: { max: 60, windowSeconds: 60 },
      chat: { max: 60, windowSeconds: 60 },
      generation: { max: 20, windowSeconds: 60 },
    });
    const set = loadConfig({
      ...base,
      UPLOAD_RATE_LIMIT_MAX: '5',
      UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '30',
      CHAT_RATE_LIMIT_MAX: '7',
      CHAT_RATE_LIMIT_WINDOW_SECONDS: '10',
      GENERATION_RATE_LIMIT_MAX: '3',
      GENERATION_RATE_LIMIT_WINDOW_SECONDS: '3600',
    });
    expect(set.rateLimits).toEqual({
      upload: { max: 5, windowSeconds: 30 },
      chat: { max: 7, windowSeconds: 10 },
      generation: { max: 3, windowSeconds: 3600 },
    });
    expect(() => loadConfig({ ...base, CHAT_RATE_LIMIT_MAX: '0' })).toThrow(/CHAT_RATE_LIMIT_MAX/);
  });
});
