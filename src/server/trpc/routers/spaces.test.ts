import { and, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, test } from 'vitest';
import { spaceInvitation } from '../../db/schema';
import type { SpaceVisibility } from '../../db/schema';
import { actorKinds, decide, type ActorKind, type SpaceAction } from '../../sharing/permissions';
import { type Caller, callerFor, createTestServices } from '../../test/harness';
import { sharedCourse, type SharedCourse } from '../../test/sharing';

/**
 * The permission matrix of `spaces.*`: every procedure × every actor kind of sharedCourse() ×
 * a public and a private course, each cell asserted allowed or refused with the code the decisions prescribe. The
 * expected answer of a cell comes from the permission table (decide) and the refusal rules of the brief: signed out
 * UNAUTHORIZED; a space one may not preview NOT_FOUND (a revoked member and a public-link member of a course made
 * private are told FORBIDDEN with their own message, they know the course); anything else FORBIDDEN. Procedures that
 * change memberships get a course of their own; within one, the owner goes last.
 */
const services = await createTestServices();
afterAll(() => services.close());

type Outcome = 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'listed' | 'not listed';

/** Actors in the order cells run: those whose success changes the course (the pending invitee, the owner) last. */
const order: ActorKind[] = ['anonymous', 'stranger', 'revokedMember', 'viewer', 'editor', 'publicMember', 'pendingInvitee', 'owner'];
expect([...order].sort()).toEqual([...actorKinds].sort());

/** In the fixture only the pending invitee holds an invitation; accepting needs one (can() asks for it). */
const holdsInvitation = (kind: ActorKind) => kind === 'pendingInvitee';

function expectedFor(kind: ActorKind, action: SpaceAction, visibility: SpaceVisibility): Outcome {
  if (decide(kind, action, visibility) && (action !== 'acceptInvitation' || holdsInvitation(kind))) return 'allowed';
  if (kind === 'anonymous') return 'UNAUTHORIZED';
  if (kind === 'revokedMember') return 'FORBIDDEN';
  if (kind === 'publicMember') return 'FORBIDDEN';
  return decide(kind, 'preview', visibility) ? 'FORBIDDEN' : 'NOT_FOUND';
}

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome | string> {
  try {
    await run();
    return 'allowed';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    return `a non-tRPC error: ${String(error)}`;
  }
}

interface Row {
  procedure: string;
  /** A course of its own (the calls change who is a member). */
  ownCourse?: boolean;
  expected: (kind: ActorKind, visibility: SpaceVisibility) => Outcome;
  run: (caller: Caller, course: SharedCourse, kind: ActorKind) => Promise<Outcome | string>;
}

const byAction =
  (action: SpaceAction) =>
  (kind: ActorKind, visibility: SpaceVisibility): Outcome =>
    expectedFor(kind, action, visibility);
const call = (fn: (caller: Caller, course: SharedCourse, kind: ActorKind) => Promise<unknown>) => (caller: Caller, course: SharedCourse, kind: ActorKind) =>
  outcomeOf(() => fn(caller, course, kind));

/** List procedures: signed out refused, else whether this course is in the caller's list. */
const listed = (isListed: (kind: ActorKind, visibility: SpaceVisibility) => boolean) => (kind: ActorKind, visibility: SpaceVisibility): Outcome =>
  kind === 'anonymous' ? 'UNAUTHORIZED' : isListed(kind, visibility) ? 'listed' : 'not listed';
const listing = (fn: (caller: Caller, course: SharedCourse) => Promise<boolean>) => async (caller: Caller, course: SharedCourse) => {
  try {
    return (await fn(caller, course)) ? 'listed' : 'not listed';
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error);
  }
};

let emailCount = 0;
/** The course's pending invitation (the pending invitee's), looked up once: accepting it makes it accepted. */
const invitationIds = new WeakMap<SharedCourse, Promise<string>>();
function pendingInvitationId(course: SharedCourse): Promise<string> {
  if (!invitationIds.has(course)) invitationIds.set(course, findPendingInvitation(course));
  return invitationIds.get(course)!;
}
async function findPendingInvitation(course: SharedCourse): Promise<string> {
  const [row] = await services.db
    .select({ id: spaceInvitation.id })
    .from(spaceInvitation)
    .where(and(eq(spaceInvitation.spaceId, course.spaceId), eq(spaceInvitation.status, 'pending')));
  if (!row) throw new Error('no pending invitation');
  return row.id;
}

const rows: Row[] = [
  { procedure: 'getSpaceContent({spaceId})', expected: byAction('preview'), run: call((c, s) => c.spaces.getSpaceContent({ spaceId: s.spaceId })) },
  { procedure: 'getSpaceContent({uuid})', expected: byAction('preview'), run: call((c, s) => c.spaces.getSpaceContent({ uuid: s.uuid })) },
  { procedure: 'getSpaceByUuid', expected: byAction('preview'), run: call((c, s) => c.spaces.getSpaceByUuid({ uuid: s.uuid })) },
  {
    procedure: 'getSharedContext',
    expected: byAction('study'),
    run: call((c, s) => c.spaces.getSharedContext({ uuid: s.uuid, id: s.visibleFile.id })),
  },
  {
    procedure: 'updateSpace (details)',
    expected: byAction('manage'),
    run: call((c, s) => c.spaces.updateSpace({ id: s.spaceId, uuid: s.uuid, description: 'New words.', tags: ['Biology', 'Medicine'] })),
  },
  {
    procedure: 'updateSpace (visibility)',
    expected: byAction('manage'),
    run: call((c, s) => c.spaces.updateSpace({ id: s.spaceId, uuid: s.uuid, visibility: s.visibility })),
  },
  {
    procedure: 'generateDescriptionAndTags',
    expected: byAction('manage'),
    run: call((c, s, kind) =>
      c.spaces.generateDescriptionAndTags({ spaceId: s.spaceId, userId: (s.actors[kind] ?? s.owner).user.id, onlyDescription: false }),
    ),
  },
  { procedure: 'getInvitations', expected: byAction('manage'), run: call((c, s) => c.spaces.getInvitations({ spaceId: s.spaceId })) },
  { procedure: 'getMembers', expected: byAction('manage'), run: call((c, s) => c.spaces.getMembers({ spaceId: s.spaceId })) },
  {
    procedure: 'addMember',
    expected: byAction('manage'),
    run: call((c, s) => c.spaces.addMember({ spaceId: s.spaceId, uuid: s.uuid, email: `matrix${(emailCount += 1)}@example.test`, role: 'viewer' })),
  },
  {
    procedure: 'toggleContentVisibility',
    expected: byAction('manage'),
    run: call((c, s) => c.spaces.toggleContentVisibility({ spaceId: s.spaceId, uuid: s.uuid, fileId: s.hiddenFile.id, isVisible: false })),
  },
  {
    procedure: 'removeMember',
    ownCourse: true,
    expected: byAction('manage'),
    run: call((c, s) => c.spaces.removeMember({ spaceId: s.spaceId, memberId: s.memberIds.viewer! })),
  },
  {
    procedure: 'acceptInvitation',
    ownCourse: true,
    expected: byAction('acceptInvitation'),
    run: async (c, s) => {
      const invitationId = await pendingInvitationId(s);
      return outcomeOf(() => c.spaces.acceptInvitation({ invitationId }));
    },
  },
  { procedure: 'joinPublicSpace', ownCourse: true, expected: byAction('join'), run: call((c, s) => c.spaces.joinPublicSpace({ uuid: s.uuid })) },
  { procedure: 'leaveSpace', ownCourse: true, expected: byAction('leave'), run: call((c, s) => c.spaces.leaveSpace({ spaceId: s.spaceId })) },
  {
    // A course's sharing state: whoever may preview its space; anyone else is told the course does not exist.
    procedure: 'isDirectoryShared',
    expected: (kind, visibility) => (decide(kind, 'preview', visibility) ? 'allowed' : kind === 'anonymous' ? 'UNAUTHORIZED' : 'NOT_FOUND'),
    run: call((c, s) => c.spaces.isDirectoryShared({ directoryId: s.courseId })),
  },
  {
    // Sharing a course is its owner's; for anyone else it is not found. Asked again it answers the existing space.
    procedure: 'createSpace',
    expected: (kind) => (kind === 'owner' ? 'allowed' : kind === 'anonymous' ? 'UNAUTHORIZED' : 'NOT_FOUND'),
    run: call(async (c, s) => {
      const created = await c.spaces.createSpace({ name: 'Again', description: '', visibility: 'public', directoryId: s.courseId });
      expect(created).toEqual({ id: s.spaceId, uuid: s.uuid });
    }),
  },
  {
    procedure: 'getUserSpaces',
    expected: listed((kind, visibility) => decide(kind, 'study', visibility)),
    run: listing(async (c, s) => {
      const spaces = await c.spaces.getUserSpaces();
      return [...spaces.owned, ...spaces.member].some((entry) => entry.id === s.spaceId);
    }),
  },
  {
    procedure: 'getAllSharedCoursesWithFiles',
    expected: listed((kind, visibility) => kind !== 'owner' && decide(kind, 'study', visibility)),
    run: listing(async (c, s) => {
      const courses = await c.spaces.getAllSharedCoursesWithFiles();
      const course = courses.find((entry) => entry.id === s.spaceId);
      if (course) expect(course.files.map((entry) => entry.id)).toEqual([s.visibleFile.id]);
      return course !== undefined;
    }),
  },
  {
    procedure: 'listPublicCourses',
    expected: listed((_kind, visibility) => visibility === 'public'),
    run: listing(async (c, s) => (await c.spaces.listPublicCourses({ search: 'shared biology' })).some((entry) => entry.id === s.spaceId)),
  },
  {
    procedure: 'getMyInvitations',
    expected: listed((kind, visibility) => holdsInvitation(kind) && decide(kind, 'acceptInvitation', visibility)),
    run: listing(async (c, s) => (await c.spaces.getMyInvitations()).some((entry) => entry.spaceId === s.spaceId)),
  },
];

const visibilities: SpaceVisibility[] = ['public', 'private'];
const shared = new Map<SpaceVisibility, Promise<SharedCourse>>();
const courseFor = (row: Row, visibility: SpaceVisibility) => {
  if (row.ownCourse) return sharedCourse(services, { visibility });
  if (!shared.has(visibility)) shared.set(visibility, sharedCourse(services, { visibility }));
  return shared.get(visibility)!;
};

describe('spaces.* permission matrix', () => {
  for (const visibility of visibilities) {
    for (const row of rows) {
      test(`${row.procedure} on a ${visibility} course, for ${order.join(', ')}`, async () => {
        const course = await courseFor(row, visibility);
        const cells: string[] = [];
        const mismatches: string[] = [];
        for (const kind of order) {
          const expected = row.expected(kind, visibility);
          const actual = await row.run(callerFor(services, course.actors[kind]), course, kind);
          cells.push(`${kind}: ${actual}`);
          if (actual !== expected) mismatches.push(`${row.procedure} × ${kind} × ${visibility}: expected ${expected}, got ${actual}`);
        }
        expect(mismatches, cells.join('; ')).toEqual([]);
      });
    }
  }

  test('the table itself: a stranger previews and joins only public courses, a revoked member does nothing', () => {
    expect(expectedFor('stranger', 'preview', 'public')).toBe('allowed');
    expect(expectedFor('stranger', 'preview', 'private')).toBe('NOT_FOUND');
    expect(expectedFor('stranger', 'manage', 'public')).toBe('FORBIDDEN');
    expect(expectedFor('revokedMember', 'study', 'public')).toBe('FORBIDDEN');
    expect(expectedFor('publicMember', 'study', 'private')).toBe('FORBIDDEN');
    expect(expectedFor('viewer', 'study', 'private')).toBe('allowed');
  });
});
