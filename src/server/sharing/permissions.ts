import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { space, spaceInvitation, spaceMember, user, type SpaceRole, type SpaceVisibility } from '../db/schema';

/**
 * Who may do what on a shared course (spec §6) — the one place that answers "may actor X do Y on space Z".
 * Every `spaces.*` procedure and every study procedure called with a shared context asks here; nothing else decides.
 *
 * An actor is what the caller is to one space: its owner, an editor or viewer invited by the owner, a member who joined
 * through the public link, someone invited who has not accepted yet, a member whose access was revoked, a signed-in
 * stranger, or nobody signed in. `decide` is a pure table of (actor, action, visibility) → allowed; `spaceActor` finds
 * the actor in the database.
 */
export const actorKinds = ['anonymous', 'stranger', 'pendingInvitee', 'viewer', 'editor', 'publicMember', 'revokedMember', 'owner'] as const;
export type ActorKind = (typeof actorKinds)[number];

export const spaceActions = [
  /** See the course's landing: name, description, tags, visible files (/space/{uuid}). */
  'preview',
  /** Join a public course through its link. */
  'join',
  /** Accept one's invitation. */
  'acceptInvitation',
  /** Study the course's visible files (every study procedure with `uuid`/`id`), with one's own progress. */
  'study',
  /** Upload files into the course and rename them. */
  'editFiles',
  /** Leave the course (and lose one's progress in it). */
  'leave',
  /** Owner only: visibility, description and tags, invitations, members, revoking, file visibility, regenerating. */
  'manage',
] as const;
export type SpaceAction = (typeof spaceActions)[number];

/** Whether `actor` may do `action` on a space of `visibility`. Pure; the whole permission model is this function. */
export function decide(actor: ActorKind, action: SpaceAction, visibility: SpaceVisibility): boolean {
  // Only a public course is open to its link; 'private' and 'shared' (spec §3) are for invited people.
  const open = visibility === 'public';
  switch (actor) {
    case 'owner':
      // The owner studies their own course as its owner, not as a member; they cannot join or leave it.
      return action !== 'join' && action !== 'acceptInvitation' && action !== 'leave';
    case 'editor':
      return action === 'preview' || action === 'study' || action === 'editFiles' || action === 'leave';
    case 'viewer':
      return action === 'preview' || action === 'study' || action === 'leave';
    case 'publicMember':
      // Joined through the link: their access lasts while the course is public. Invited since, they may accept the
      // invitation (can() asks for one) and so keep their access when the course becomes private.
      if (action === 'acceptInvitation' || action === 'leave') return true;
      return open && (action === 'preview' || action === 'study');
    case 'pendingInvitee':
      return action === 'preview' || action === 'acceptInvitation' || (open && action === 'join');
    case 'revokedMember':
      // Revoked: the old link does not bring them back; a new invitation from the owner does (pendingInvitee).
      return false;
    case 'stranger':
      return open && (action === 'preview' || action === 'join');
    case 'anonymous':
      return false;
  }
}

export interface SpaceRow {
  id: string;
  uuid: string;
  directoryId: string;
  ownerId: string;
  name: string;
  visibility: SpaceVisibility;
}

export interface SpaceActor {
  kind: ActorKind;
  space: SpaceRow;
  /** The caller's membership (active or revoked), if any. */
  member: { id: string; role: SpaceRole; isInvited: boolean; revokedAt: Date | null } | null;
  /** The caller's pending invitation, if any. */
  invitation: { id: string; role: SpaceRole } | null;
}

/** The columns of a SpaceRow, for queries that select spaces. */
export const spaceColumns = {
  id: space.id,
  uuid: space.uuid,
  directoryId: space.directoryId,
  ownerId: space.ownerId,
  name: space.name,
  visibility: space.visibility,
};

/** The space by its id or its link uuid; null when there is none. */
export async function findSpace(db: Db, by: { spaceId: string } | { uuid: string }): Promise<SpaceRow | null> {
  // No space has a NUL in its ids, and PostgreSQL refuses a query with one (a `?uuid=` of an HTTP route).
  if (('spaceId' in by ? by.spaceId : by.uuid).includes('\u0000')) return null;
  const [row] = await db
    .select(spaceColumns)
    .from(space)
    .where('spaceId' in by ? eq(space.id, by.spaceId) : eq(space.uuid, by.uuid))
    .limit(1);
  return row ?? null;
}

type MemberRow = NonNullable<SpaceActor['member']>;
type InvitationRow = NonNullable<SpaceActor['invitation']>;

/** The actor kind from what the database holds about the caller and the space. */
function classify(row: SpaceRow, member: MemberRow | null, invitation: InvitationRow | null): SpaceActor {
  const found = { space: row, member, invitation };
  if (member && !member.revokedAt) {
    if (!member.isInvited) return { kind: 'publicMember', ...found };
    return { kind: member.role === 'editor' ? 'editor' : 'viewer', ...found };
  }
  // A pending invitation (a new one after a revocation, too) lets them in again once accepted.
  if (invitation) return { kind: 'pendingInvitee', ...found };
  if (member?.revokedAt) return { kind: 'revokedMember', ...found };
  return { kind: 'stranger', ...found };
}

/** What `userId` (null: signed out) is to each of `rows`, by space id: two queries however many spaces. */
export async function spaceActors(db: Db, userId: string | null, rows: readonly SpaceRow[]): Promise<Map<string, SpaceActor>> {
  const actors = new Map<string, SpaceActor>();
  if (!userId) {
    for (const row of rows) actors.set(row.id, { kind: 'anonymous', space: row, member: null, invitation: null });
    return actors;
  }
  const others = rows.filter((row) => row.ownerId !== userId);
  const ids = others.map((row) => row.id);
  const members = ids.length
    ? await db
        .select({ spaceId: spaceMember.spaceId, id: spaceMember.id, role: spaceMember.role, isInvited: spaceMember.isInvited, revokedAt: spaceMember.revokedAt })
        .from(spaceMember)
        .where(and(inArray(spaceMember.spaceId, ids), eq(spaceMember.userId, userId)))
    : [];
  const invitations = ids.length
    ? await db
        .select({ spaceId: spaceInvitation.spaceId, id: spaceInvitation.id, role: spaceInvitation.role })
        .from(spaceInvitation)
        .innerJoin(user, eq(sql`lower(${user.email})`, spaceInvitation.email))
        .where(and(inArray(spaceInvitation.spaceId, ids), eq(user.id, userId), eq(spaceInvitation.status, 'pending')))
    : [];
  const memberOf = new Map(members.map(({ spaceId, ...member }) => [spaceId, member]));
  const invitationOf = new Map(invitations.map(({ spaceId, ...invitation }) => [spaceId, invitation]));
  for (const row of rows) {
    actors.set(
      row.id,
      row.ownerId === userId
        ? { kind: 'owner', space: row, member: null, invitation: null }
        : classify(row, memberOf.get(row.id) ?? null, invitationOf.get(row.id) ?? null),
    );
  }
  return actors;
}

/** What `userId` (null: signed out) is to `row`. */
export async function spaceActor(db: Db, userId: string | null, row: SpaceRow): Promise<SpaceActor> {
  const actor = (await spaceActors(db, userId, [row])).get(row.id);
  if (!actor) throw new Error(`no actor for space ${row.id}`);
  return actor;
}

/** Whether the actor may do `action` on their space. */
export function can(actor: SpaceActor, action: SpaceAction): boolean {
  // Accepting needs an invitation to accept.
  if (action === 'acceptInvitation' && !actor.invitation) return false;
  return decide(actor.kind, action, actor.space.visibility);
}
