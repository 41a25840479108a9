import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { challengeReport } from '../db/schema';
import type { SharedStudy } from '../sharing/study-access';
import { challengeAccess } from './access';
import { unreportInSharedSpace } from './errors';

/**
 * Reporting a challenge as wrong or unclear, and taking the report back (spec §4). Both are the
 * caller's own; unreporting in a shared space is refused with the spec's message (§5, §8).
 */
export async function reportChallenge(options: { db: Db; userId: string; challengeId: string; shared?: SharedStudy | undefined }) {
  const { challenge } = await challengeAccess(options.db, options.userId, options.challengeId, options.shared);
  await options.db.insert(challengeReport).values({ userId: options.userId, challengeId: challenge.id }).onConflictDoNothing();
  return { challengeId: challenge.id, reported: true };
}

export async function unreportChallenge(options: {
  db: Db;
  userId: string;
  challengeId: string;
  isShared?: boolean | undefined;
  shared?: SharedStudy | undefined;
}) {
  const { challenge } = await challengeAccess(options.db, options.userId, options.challengeId, options.shared);
  if (options.isShared) throw unreportInSharedSpace();
  await options.db
    .delete(challengeReport)
    .where(and(eq(challengeReport.userId, options.userId), eq(challengeReport.challengeId, challenge.id)));
  return { challengeId: challenge.id, reported: false };
}
