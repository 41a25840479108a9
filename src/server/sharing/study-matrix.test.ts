import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, test } from 'vitest';
import { readStream } from '../test/chat';
import type { SpaceVisibility } from '../db/schema';
import { createRun } from '../learn/run';
import { insertCourse, insertFile } from '../test/courses';
import { callerFor, createTestServices, requestApp, type RefusalCode, type TestUser } from '../test/harness';
import { sharedCourse, type SharedCourse } from '../test/sharing';
import { prepareStudyFile, type StudyFileTarget } from '../test/study-file';
import { actorKinds, type ActorKind } from './permissions';

/**
 * The study half of the permission matrix: every study procedure called with a shared context
 * (`uuid`, or the statistics' `isShared`/`sharedSpaceId`), for every kind of actor of the permission model, on a public
 * and a private course, on the course's visible file, its hidden file, and a file of another course of the same owner
 * named with this space's uuid. Each cell is 'allowed' or the code of the refusal; one test per procedure and
 * visibility compares the whole table, so a failure shows exactly which cells differ.
 */
const services = await createTestServices();
afterAll(() => services.close());

type Target = StudyFileTarget;
const prepare = (fileId: string): Promise<Target> => prepareStudyFile(services, fileId);

const targetNames = ['visible file', 'hidden file', 'file of another course'] as const;
type TargetName = (typeof targetNames)[number];

interface Fixture {
  course: SharedCourse;
  targets: Record<TargetName, Target>;
}

async function fixture(visibility: SpaceVisibility): Promise<Fixture> {
  const course = await sharedCourse(services, { visibility });
  const other = await insertCourse(services, course.owner, { name: 'Chemistry' });
  const otherFile = await insertFile(services, course.owner, other.id, { name: 'Acids.pdf' });
  return {
    course,
    targets: {
      'visible file': await prepare(course.visibleFile.id),
      'hidden file': await prepare(course.hiddenFile.id),
      'file of another course': await prepare(otherFile.id),
    },
  };
}

const fixtures: Record<'public' | 'private', Fixture> = { public: await fixture('public'), private: await fixture('private') };

type Outcome = 'allowed' | RefusalCode;

/** One call as one actor: what it answered, 'allowed' or the refusal's code. */
interface Cell {
  actor: TestUser | null;
  course: SharedCourse;
  target: Target;
}

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    await call();
    return 'allowed';
  } catch (error) {
    if (error instanceof TRPCError) return error.code as RefusalCode;
    throw error;
  }
}

const codeOfStatus: Record<number, RefusalCode> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

async function httpOutcome(response: Response): Promise<Outcome> {
  if (response.ok) {
    if (!response.bodyUsed) await response.arrayBuffer();
    return 'allowed';
  }
  const code = codeOfStatus[response.status];
  if (!code) throw new Error(`unexpected status ${response.status}: ${await response.text()}`);
  return code;
}

const caller = (cell: Cell) => callerFor(services, cell.actor);
const shared = (cell: Cell) => ({ uuid: cell.course.uuid, id: cell.target.fileId });

/** Every study procedure with its shared context, as the study tabs call it. */
const procedures: Record<string, (cell: Cell) => Promise<Outcome>> = {
  'summary.get': (cell) => outcomeOf(() => caller(cell).summary.get({ fileId: cell.target.fileId, ...shared(cell) })),
  'mindmap.get': (cell) => outcomeOf(() => caller(cell).mindmap.get({ fileId: cell.target.fileId, ...shared(cell) })),
  'decks.list': (cell) => outcomeOf(() => caller(cell).decks.list({ fileId: cell.target.fileId, ...shared(cell) })),
  'decks.getSession (generated deck)': (cell) =>
    outcomeOf(() => caller(cell).decks.getSession({ deckId: cell.target.deckId, ...shared(cell) })),
  'decks.review (generated deck)': (cell) =>
    outcomeOf(() => caller(cell).decks.review({ cardId: cell.target.cardId, rating: 3, ...shared(cell) })),
  'decks.createCard (My cards)': (cell) =>
    outcomeOf(() => caller(cell).decks.createCard({ fileId: cell.target.fileId, front: 'Q', back: 'A', ...shared(cell) })),
  'learn.getPath': (cell) => outcomeOf(() => caller(cell).learn.getPath({ fileId: cell.target.fileId, ...shared(cell) })),
  'learn.getLesson': (cell) => outcomeOf(() => caller(cell).learn.getLesson({ lessonId: cell.target.lessonId, ...shared(cell) })),
  'learn.submitAnswer': (cell) => {
    // A run made as learn.getLesson makes it, so that only the answer's own access check is under test.
    const runId = createRun(services.config.authSecret, cell.actor?.user.id ?? 'nobody', cell.target.lessonId, false).runId;
    return outcomeOf(() =>
      caller(cell).learn.submitAnswer({ challengeId: cell.target.challengeId, runId, answer: 'true', timeToCompleteMs: 2000, ...shared(cell) }),
    );
  },
  'stats.getOverallStats (fileId)': (cell) =>
    outcomeOf(() => caller(cell).stats.getOverallStats({ fileId: cell.target.fileId, isShared: true, sharedSpaceId: cell.course.spaceId })),
  'chat.history': (cell) => outcomeOf(() => caller(cell).chat.history({ fileId: cell.target.fileId, ...shared(cell) })),
  'POST /api/chat': async (cell) => {
    const response = await requestApp(services, '/api/chat', {
      method: 'POST',
      headers: cell.actor?.headers,
      json: { fileId: cell.target.fileId, message: 'What is photosynthesis?', ...shared(cell) },
    });
    if (response.ok) await readStream(response);
    return httpOutcome(response);
  },
  'GET /api/file/{id}': async (cell) =>
    httpOutcome(await requestApp(services, `/api/file/${cell.target.fileId}?uuid=${cell.course.uuid}`, { headers: cell.actor?.headers })),
  'GET /api/file-url/{id}': async (cell) =>
    httpOutcome(await requestApp(services, `/api/file-url/${cell.target.fileId}?uuid=${cell.course.uuid}`, { headers: cell.actor?.headers })),
  'file.getFilePages': (cell) => outcomeOf(() => caller(cell).file.getFilePages({ fileId: cell.target.fileId, ...shared(cell) })),
  'file.getProcessingStatus': (cell) =>
    outcomeOf(() => caller(cell).file.getProcessingStatus({ fileId: cell.target.fileId, ...shared(cell) })),
  'file.getFileExtension': (cell) => outcomeOf(() => caller(cell).file.getFileExtension({ fileId: cell.target.fileId, ...shared(cell) })),
};

/** Who may study the course (spec §6): written out here, not derived from the permission model it checks. */
const studies: Record<'public' | 'private', Record<ActorKind, boolean>> = {
  public: {
    anonymous: false,
    stranger: false,
    pendingInvitee: false,
    viewer: true,
    editor: true,
    publicMember: true,
    revokedMember: false,
    owner: true,
  },
  private: {
    anonymous: false,
    stranger: false,
    pendingInvitee: false,
    viewer: true,
    editor: true,
    // Joined through the link: out as soon as the course is private.
    publicMember: false,
    revokedMember: false,
    owner: true,
  },
};

function expected(visibility: 'public' | 'private', kind: ActorKind, target: TargetName): Outcome {
  if (kind === 'anonymous') return 'UNAUTHORIZED';
  if (target === 'file of another course') return 'NOT_FOUND';
  if (target === 'hidden file') return kind === 'owner' ? 'allowed' : 'NOT_FOUND';
  return studies[visibility][kind] ? 'allowed' : 'NOT_FOUND';
}

describe.each(['public', 'private'] as const)('studying a %s shared course', (visibility) => {
  test.each(Object.keys(procedures))('%s: each actor on the visible file, the hidden file and a file of another course', async (name) => {
    const { course, targets } = fixtures[visibility];
    const call = procedures[name];
    if (!call) throw new Error(`no procedure ${name}`);
    const actual: Record<string, Outcome> = {};
    const wanted: Record<string, Outcome> = {};
    for (const kind of actorKinds) {
      for (const targetName of targetNames) {
        const cell = `${kind} × ${targetName}`;
        actual[cell] = await call({ actor: course.actors[kind], course, target: targets[targetName] });
        wanted[cell] = expected(visibility, kind, targetName);
      }
    }
    expect(actual).toEqual(wanted);
  });
});
