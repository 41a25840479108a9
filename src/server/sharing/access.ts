import type { Db } from '../db/client';
import { refusal, spaceErrors } from './errors';
import { can, findSpace, spaceActor, type SpaceAction, type SpaceActor } from './permissions';

/**
 * The gate of every `spaces.*` procedure: the space, what the caller is to it, and whether the permission model lets
 * them do `action` — refused otherwise with the answer `refusal` picks (NOT_FOUND when they may not even preview it).
 */
export async function requireSpace(
  db: Db,
  userId: string | null,
  by: { spaceId: string } | { uuid: string },
  action: SpaceAction,
): Promise<SpaceActor> {
  const row = await findSpace(db, by);
  if (!row) throw spaceErrors.notFound();
  return requireActor(await spaceActor(db, userId, row), action);
}

/**
 * As requireSpace for the owner's procedures that name a space by both its id and its link id: both must name the same
 * space, so an id of one space with the uuid of another is NOT_FOUND, whatever the caller may do on either.
 */
export async function requireSpaceIdAndUuid(
  db: Db,
  userId: string | null,
  ids: { spaceId: string; uuid: string },
  action: SpaceAction,
): Promise<SpaceActor> {
  const row = await findSpace(db, { spaceId: ids.spaceId });
  if (!row || row.uuid !== ids.uuid) throw spaceErrors.notFound();
  return requireActor(await spaceActor(db, userId, row), action);
}

export function requireActor(actor: SpaceActor, action: SpaceAction): SpaceActor {
  if (!can(actor, action)) throw refusal(actor.kind, action, can(actor, 'preview'));
  return actor;
}
