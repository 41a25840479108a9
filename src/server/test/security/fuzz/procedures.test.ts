import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { user } from '../../../db/schema';
import { startFakeStripe } from '../../fake-stripe';
import { captureLog, createTestServices, requestApp } from '../../harness';
import { type ProcedureInfo, routerProcedures } from '../api';
import { type Cell, type Declaration, declarations } from '../declarations';
import { adminEnv, createWorld, identities, victimSecrets } from '../world';
import { encode, encodeComponent, hostileEnvelope, hostileText, hostileValue, killerInputs, variedInput } from './arbitraries';
import { assertOptions, checkAnswer, fuzzSettings, fuzzStats } from './harness';

/**
 * Fuzzing of every tRPC procedure: each one, read from the router, gets FUZZ_RUNS hostile
 * calls from a signed-in user — its valid input with fields gone bad, anything at all as input, superjson envelopes
 * abused, text that is no encoding at all, odd methods and content types — over HTTP through the whole app. None may
 * answer 5xx, show a stack, a path or a database error, show anything of another user's (the victim's) course, make
 * the server log an error, pollute a prototype, or take longer than CALL_TIMEOUT_MS. The caller owns the shared course
 * the valid inputs aim at (so most calls get deep), on the largest plan (so limits do not stop them early); admin.*
 * is fuzzed as the admin.
 *
 * `npm run fuzz` runs this with FUZZ_RUNS raised; FUZZ_SEED=<seed> replays a failure (fast-check prints the seed).
 */
const settings = fuzzSettings(process.env, 10);
const fake = await startFakeStripe();
const { log, entries } = captureLog();
const services = await createTestServices({ env: { ...adminEnv, ...fake.env, STRIPE_TIMEOUT_SECONDS: '2', LOCAL_TUTOR_WORD_MS: '0' }, log });
// Files share a worker's modules (isolate: false): this file's count is the difference.
const requestsBefore = fuzzStats.requests;
afterAll(async () => {
  console.info(`fuzzed the %s with %d requests (FUZZ_RUNS=%d)`, 'procedures', fuzzStats.requests - requestsBefore, settings.runs);
  await services.close();
  await fake.close();
});
const world = await createWorld(services);
const fuzzer = world.course.owner;
await services.db.update(user).set({ plan: 'enterprise' }).where(eq(user.id, fuzzer.user.id));

/** Real ids to mix into hostile values: the caller's own things, other users' and the victim's. */
const pool = [
  world.course.courseId,
  world.course.spaceId,
  world.course.uuid,
  world.course.visibleFile.id,
  world.course.hiddenFile.id,
  ...Object.values(world.study).flat(),
  ...Object.values(world.course.memberIds),
  world.victim.courseId,
  world.victim.fileId,
  ...identities(world).map((entry) => entry.user.user.id),
].filter((value): value is string => typeof value === 'string');

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const contentTypes = [
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  'application/jsonx',
] as const;

type FuzzCase =
  | { kind: 'value'; input: unknown }
  | { kind: 'text'; text: string; raw: boolean }
  | { kind: 'request'; method: (typeof methods)[number]; batch: boolean; contentType: (typeof contentTypes)[number]; text: string };

/** The request one case makes, and what it sent (the answer may echo that). */
function requestOf(procedure: ProcedureInfo, fuzzCase: FuzzCase): { path: string; init: RequestInit; sent: string } {
  const headers = new Headers(fuzzer.headers);
  if (procedure.path.startsWith('admin.')) headers.set('cookie', world.admin.headers.get('cookie') ?? '');
  const base = `/api/trpc/${procedure.path}`;
  if (fuzzCase.kind === 'request') {
    if (fuzzCase.contentType) headers.set('content-type', fuzzCase.contentType);
    const hasBody = fuzzCase.method !== 'GET' && fuzzCase.method !== 'HEAD';
    const input = fuzzCase.batch ? `{"0":${fuzzCase.text}}` : fuzzCase.text;
    const query = `${fuzzCase.batch ? 'batch=1&' : ''}input=${encodeComponent(input)}`;
    return {
      path: `${base}?${query}`,
      init: { method: fuzzCase.method, headers, ...(hasBody ? { body: input } : {}) },
      sent: input,
    };
  }
  const text = fuzzCase.kind === 'value' ? encode(fuzzCase.input) : fuzzCase.text;
  if (procedure.type === 'query') {
    const query = fuzzCase.kind === 'text' && fuzzCase.raw ? text : encodeComponent(text);
    return { path: `${base}?input=${query}`, init: { method: 'GET', headers }, sent: text };
  }
  headers.set('content-type', 'application/json');
  return { path: base, init: { method: 'POST', headers, body: text }, sent: text };
}

const declared = declarations as Record<string, Declaration<unknown> | undefined>;

/**
 * Queries first, then mutations, those that delete or leave last: they take away what the others work on. Deleting a
 * course comes very last: fuzzed with the pool's ids it may delete the caller's own course, which the other
 * destructive procedures' inputs (a fresh file in that course) still need.
 */
const destructive = /delete|remove|leave|clear/i;
const deletesACourse = /^directory\.delete/;
const lastness = (procedure: ProcedureInfo) => Number(destructive.test(procedure.path)) + Number(deletesACourse.test(procedure.path));
const procedures = routerProcedures().sort(
  (left, right) =>
    Number(left.type === 'mutation') - Number(right.type === 'mutation') || lastness(left) - lastness(right) || left.path.localeCompare(right.path),
);

describe('fuzzing every procedure over HTTP', () => {
  test.each(procedures.map((procedure) => [procedure.path, procedure] as const))(
    '%s',
    async (_path, procedure) => {
      const declaration = declared[procedure.path];
      expect(declaration, `${procedure.path} has no row in declarations.ts`).toBeDefined();
      const asAdmin = procedure.path.startsWith('admin.');
      const cell: Cell = { services, world, course: world.course, actor: asAdmin ? 'admin' : 'owner', user: asAdmin ? world.admin : fuzzer };
      const template = declaration ? await declaration.input(cell) : {};
      const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
        { weight: 6, arbitrary: variedInput(template, pool).map((input) => ({ kind: 'value' as const, input })) },
        { weight: 2, arbitrary: hostileValue(pool).map((input) => ({ kind: 'value' as const, input })) },
        { weight: 1, arbitrary: hostileEnvelope(template, pool).map((text) => ({ kind: 'text' as const, text, raw: false })) },
        { weight: 2, arbitrary: fc.tuple(hostileText(template), fc.boolean()).map(([text, raw]) => ({ kind: 'text' as const, text, raw })) },
        {
          weight: 1,
          arbitrary: fc
            .record({
              method: fc.constantFrom(...methods),
              batch: fc.boolean(),
              contentType: fc.constantFrom(...contentTypes),
              text: fc.oneof(fc.constant(encode(template)), hostileText(template)),
            })
            .map((request) => ({ kind: 'request' as const, ...request })),
        },
      );
      await fc.assert(
        fc.asyncProperty(fuzzCase, async (sample) => {
          const { path, init, sent } = requestOf(procedure, sample);
          await checkAnswer(`${init.method} ${procedure.path}`, async () => {
            const response = await requestApp(services, path, init);
            return { status: response.status, text: await response.text() };
          }, { sent, secrets: asAdmin ? [] : victimSecrets(world), log: entries });
        }),
        // Every field of the valid input set to each killer value first, deep nesting and pollution; then the random cases.
        assertOptions(
          settings,
          ([
            ...killerInputs(template).map((input): FuzzCase => ({ kind: 'value', input })),
            { kind: 'text', raw: false, text: `{"json":${'['.repeat(50_000)}${']'.repeat(50_000)}}` },
            { kind: 'text', raw: false, text: '{"json":{"__proto__":{"polluted":true}},"meta":{"values":{"__proto__.polluted":["undefined"]}}}' },
          ] satisfies FuzzCase[]).map((sample): [FuzzCase] => [sample]),
        ),
      );
    },
    // A case takes a few milliseconds (a huge one a few hundred); `npm run fuzz` runs many more.
    Math.max(30_000, settings.runs * 500),
  );
});
