import { space, spaceFile, spaceInvitation, spaceMember, type SpaceVisibility } from '../db/schema';
import type { ActorKind } from '../sharing/permissions';
import type { Services } from '../services';
import { insertCourse, insertFile } from './courses';
import { createUser, type TestUser } from './harness';

/**
 * A shared course written straight into the database with one user for every kind of actor of the permission model
 * (src/server/sharing/permissions.ts), for the permission matrix and the tests of `spaces.*` and of study procedures
 * called with a shared context:
 *
 *   const course = await sharedCourse(services, { visibility: 'private' });
 *   callerFor(services, course.actors.viewer)  // null for 'anonymous'
 *
 * The course has two files, `visibleFile` and `hiddenFile` (hidden in the space). Members: an editor and a viewer
 * (invited and accepted), a public-link member, a revoked member; a pending invitation; a stranger.
 */
export interface SharedCourse {
  owner: TestUser;
  courseId: string;
  spaceId: string;
  uuid: string;
  visibility: SpaceVisibility;
  visibleFile: { id: string; name: string };
  hiddenFile: { id: string; name: string };
  /** Every actor kind; 'anonymous' is null (no session). */
  actors: Record<ActorKind, TestUser | null>;
  /** Membership ids by actor kind (members only). */
  memberIds: Partial<Record<ActorKind, string>>;
}

export async function sharedCourse(
  services: Services,
  { visibility = 'public', name = 'Shared Biology' }: { visibility?: SpaceVisibility; name?: string } = {},
): Promise<SharedCourse> {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner, { name });
  const visibleFile = await insertFile(services, owner, course.id, { name: 'Cells.pdf', status: 'ready', pages: 3 });
  // A second later: files are listed by when they were added, and two inserts can share a millisecond.
  const hiddenFile = await insertFile(services, owner, course.id, { name: 'Draft.pdf', status: 'ready', pages: 2, createdAt: new Date(visibleFile.createdAt.getTime() + 1000) });
  const [row] = await services.db
    .insert(space)
    .values({ directoryId: course.id, ownerId: owner.user.id, name, visibility, description: 'Cells and tissues.', tags: ['Biology'] })
    .returning({ id: space.id, uuid: space.uuid });
  if (!row) throw new Error('no space inserted');
  await services.db.insert(spaceFile).values({ spaceId: row.id, fileId: hiddenFile.id, isVisible: false });

  const [editor, viewer, publicMember, revokedMember, pendingInvitee, stranger] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(services)),
  );
  const memberIds: Partial<Record<ActorKind, string>> = {};
  const join = async (kind: ActorKind, actor: TestUser, values: Partial<typeof spaceMember.$inferInsert>) => {
    const [member] = await services.db
      .insert(spaceMember)
      .values({ spaceId: row.id, userId: actor.user.id, ...values })
      .returning({ id: spaceMember.id });
    memberIds[kind] = member?.id;
  };
  await join('editor', editor!, { role: 'editor', isInvited: true });
  await join('viewer', viewer!, { role: 'viewer', isInvited: true });
  await join('publicMember', publicMember!, { role: 'viewer', isInvited: false });
  await join('revokedMember', revokedMember!, { role: 'viewer', isInvited: true, revokedAt: new Date() });
  await services.db.insert(spaceInvitation).values([
    { spaceId: row.id, email: editor!.user.email.toLowerCase(), role: 'editor', status: 'accepted', invitedBy: owner.user.id, acceptedAt: new Date() },
    { spaceId: row.id, email: viewer!.user.email.toLowerCase(), role: 'viewer', status: 'accepted', invitedBy: owner.user.id, acceptedAt: new Date() },
    { spaceId: row.id, email: pendingInvitee!.user.email.toLowerCase(), role: 'viewer', status: 'pending', invitedBy: owner.user.id },
  ]);

  return {
    owner,
    courseId: course.id,
    spaceId: row.id,
    uuid: row.uuid,
    visibility,
    visibleFile: { id: visibleFile.id, name: visibleFile.name },
    hiddenFile: { id: hiddenFile.id, name: hiddenFile.name },
    actors: {
      anonymous: null,
      stranger: stranger!,
      pendingInvitee: pendingInvitee!,
      viewer: viewer!,
      editor: editor!,
      publicMember: publicMember!,
      revokedMember: revokedMember!,
      owner,
    },
    memberIds,
  };
}
