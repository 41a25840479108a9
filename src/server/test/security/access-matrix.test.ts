import { afterAll, describe, expect, test } from 'vitest';
import { startFakeStripe } from '../fake-stripe';
import { createTestServices } from '../harness';
import { sharedCourse } from '../sharing';
import { callProcedure, routerProcedures, type TrpcAnswer } from './api';
import { type Cell, type Declaration, declarations } from './declarations';
import { internalsIn, secretsIn } from './leaks';
import { withTimeout } from './timeout';
import {
  type ActorName,
  actorIn,
  actorOrder,
  adminEnv,
  COURSE_NAME,
  courseSecrets,
  createWorld,
  identities,
  victimSecrets,
  type World,
} from './world';

/**
 * The access matrix of the whole API: every procedure of appRouter, read from the router, is
 * called over HTTP (the Hono app in-process: the client's encoding, the error formatter) by every kind of caller —
 * signed out, a stranger, the admin, and each role of a public shared course (sharing/permissions.ts) — with a valid
 * input aimed at the owner's things, and each answer is compared with declarations.ts. Refusals must also leak
 * nothing: no one else's ids, usernames or addresses, nothing of a course to someone who does not know it, no stack,
 * path or database error. One test per procedure compares the whole row, so a failure shows every cell that differs.
 *
 * The per-area matrices stay where they are (spaces.test.ts: every space procedure on public and private courses;
 * sharing/study-matrix.test.ts: every study procedure on visible, hidden and foreign files); this one is the net under
 * the whole API, and the list a new procedure cannot be added without.
 */
const fake = await startFakeStripe();
const services = await createTestServices({ env: { ...adminEnv, ...fake.env, STRIPE_TIMEOUT_SECONDS: '2' } });
afterAll(async () => {
  await services.close();
  await fake.close();
});
const world = await createWorld(services);

/** A call that has not answered after this long is reported as hung (the slowest real one takes ~100 ms). */
const CALL_TIMEOUT_MS = 5_000;

const procedures = routerProcedures();
const declared = declarations as Record<string, Declaration<unknown> | undefined>;

/** Members of the course know it (and its owner); outsiders are shown nothing of it unless the procedure says why. */
const outsiders: readonly ActorName[] = ['anonymous', 'stranger', 'admin'];

function leaksOf(world: World, cell: Cell, declaration: Declaration<unknown>, answer: TrpcAnswer, sent: string): string[] {
  const { actor, user, course } = cell;
  const problems: string[] = [];
  const refused = answer.outcome !== 'allowed';
  if (refused) problems.push(...internalsIn(answer.text, sent));
  if (actor === 'owner') return problems;

  const others = identities(world, course).filter((entry) => entry.user.user.id !== user?.user.id);
  const emails = others.flatMap((entry) => entry.strings.filter((value) => value.includes('@')));
  const ids = others.flatMap((entry) => entry.strings.filter((value) => !value.includes('@')));
  if (!declaration.showsUsers) {
    problems.push(...secretsIn(answer.text, victimSecrets(world), sent).map((found) => `the victim's ${found}`));
    problems.push(...secretsIn(answer.text, emails, sent).map((found) => `another user's address ${found}`));
  }
  const outsider = outsiders.includes(actor);
  if ((refused || outsider) && !declaration.showsUsers && !(outsider && !refused && declaration.showsCourse)) {
    problems.push(...secretsIn(answer.text, ids, sent).map((found) => `another user's id or username ${found}`));
  }
  if (outsider && (refused || !declaration.showsCourse)) {
    problems.push(...secretsIn(answer.text, courseSecrets(world, course), sent).map((found) => `the course's ${found}`));
  }
  return problems;
}

describe('the declaration table', () => {
  test('declares every procedure of the router, as what it is, and nothing else', () => {
    const inRouter = procedures.map((procedure) => procedure.path);
    const undeclared = inRouter.filter((path) => !declared[path]);
    const stale = Object.keys(declarations).filter((path) => !inRouter.includes(path));
    expect({ undeclared, stale }).toEqual({ undeclared: [], stale: [] });
    expect(procedures.every((procedure) => procedure.type === 'query' || procedure.type === 'mutation')).toBe(true);
  });

  test('names every actor in every row, and guards everything that is not public', () => {
    const incomplete = Object.entries(declared).filter(([, row]) => actorOrder.some((actor) => !row?.expect[actor]));
    expect(incomplete.map(([path]) => path)).toEqual([]);
    // Open to signed-out callers only where the router says so too: the public procedures are listed here by name.
    const open = Object.entries(declared)
      .filter(([, row]) => row?.expect.anonymous === 'allowed')
      .map(([path]) => path)
      .sort();
    expect(open).toEqual(['admin.isAdmin', 'subscription.getAllPlanPricing', 'system.getPublicConfig']);
  });
});

describe('access matrix over the whole API', () => {
  test.each(procedures.map((procedure) => [procedure.path, procedure] as const))('%s for every actor', async (_path, procedure) => {
    const declaration = declared[procedure.path];
    expect(declaration, `${procedure.path} has no row in declarations.ts`).toBeDefined();
    if (!declaration) return;
    const course = declaration.ownCourse ? await sharedCourse(services, { visibility: 'public', name: COURSE_NAME }) : world.course;
    const mismatches: string[] = [];
    const leaks: string[] = [];
    for (const actor of actorOrder) {
      const user = actorIn(world, course, actor);
      const cell: Cell = { services, world, course, actor, user };
      const input = await declaration.input(cell);
      const answer = await withTimeout(callProcedure(services, procedure, input, user?.headers ?? null), CALL_TIMEOUT_MS).catch(
        (error: unknown) => ({ status: 0, text: '', body: undefined, outcome: `hung or failed (${String(error)})` }),
      );
      if (answer.outcome !== declaration.expect[actor]) mismatches.push(`${actor}: expected ${declaration.expect[actor]}, got ${answer.outcome}`);
      for (const leak of leaksOf(world, cell, declaration, answer, JSON.stringify(input ?? null))) leaks.push(`${actor}: ${leak}`);
    }
    // One string, so that a failure prints every cell that differs and every leak in full.
    expect([...mismatches, ...leaks.map((leak) => `leak to ${leak}`)].join('\n')).toBe('');
  });
});
