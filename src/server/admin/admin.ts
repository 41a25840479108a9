import { and, asc, count, desc, eq, ilike, inArray, isNull, min, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PlanSlug } from '../../shared/plans';
import { safeProfileImage } from '../../shared/profile';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { challenge, challengeReport, directory, file, lesson, unit, usageCounter, user } from '../db/schema';
import { AppError } from '../errors';
import { optionsOfChallenges } from '../learn/access';
import { correctAnswerOf } from '../learn/play';
import type { Logger } from '../logger';
import { usagePeriod } from '../usage/usage-counters';

/**
 * The admin area (/admin): the accounts of ADMIN_EMAILS see every user with plan and usage, change a plan,
 * and review reported challenges. Anyone else is answered as if the area did not exist.
 */
export function isAdmin(config: Pick<Config, 'adminEmails'>, email: string | null | undefined): boolean {
  return typeof email === 'string' && config.adminEmails.includes(email.trim().toLowerCase());
}

export const adminNotFound = () => new AppError({ code: 'NOT_FOUND', userMessage: 'Not found.', messageKey: 'notFound' });

const userNotFound = () => new AppError({ code: 'NOT_FOUND', userMessage: 'User not found.', messageKey: 'userNotFound' });

const challengeNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Challenge not found. Try to refresh the page.', messageKey: 'challengeNotFound' });

const lessonNotFound = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'Lesson not found. Try to refresh the page.', messageKey: 'lessonNotFound' });

/** `%` and `_` typed into the search are looked for as themselves, not as LIKE wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string | null;
  image: string | null;
  plan: PlanSlug;
  createdAt: Date;
  uploadsThisMonth: number;
  chatMessagesToday: number;
  files: number;
  courses: number;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A column with its table's name in front. Drizzle leaves columns unqualified in a one-table select, and inside the
 * correlated subqueries below an unqualified "id" would name the inner table's column instead of the user's.
 */
function qualified(table: PgTable, column: AnyPgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

const userId = qualified(user, user.id);

/** One usage counter of the user in the outer query, 0 when nothing was counted (src/server/usage/usage-counters.ts). */
function usageOf(kind: 'uploads' | 'chatMessages', period: string): SQL<number> {
  const counter = (column: AnyPgColumn) => qualified(usageCounter, column);
  return sql<number>`coalesce((select ${counter(usageCounter.count)} from ${usageCounter} where ${counter(usageCounter.userId)} = ${userId} and ${counter(usageCounter.kind)} = ${kind} and ${counter(usageCounter.period)} = ${period}), 0)`.mapWith(
    Number,
  );
}

/** How many rows of `table` the user in the outer query owns. */
function ownedCount(table: PgTable, ownerColumn: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${qualified(table, ownerColumn)} = ${userId})`.mapWith(Number);
}

/** Users newest first, `pageSize` a page, optionally only those whose email, name or username contains `search`. */
export async function listUsers(options: {
  db: Db;
  search?: string | undefined;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<AdminUserPage> {
  const { db, page, pageSize } = options;
  const now = options.now ?? new Date();
  const search = options.search?.trim();
  const where = search
    ? or(ilike(user.email, containsPattern(search)), ilike(user.name, containsPattern(search)), ilike(user.username, containsPattern(search)))
    : undefined;
  const [totalRow] = await db.select({ total: count() }).from(user).where(where);
  const users = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      image: user.image,
      plan: user.plan,
      createdAt: user.createdAt,
      uploadsThisMonth: usageOf('uploads', usagePeriod('month', now)),
      chatMessagesToday: usageOf('chatMessages', usagePeriod('day', now)),
      files: ownedCount(file, file.ownerId),
      courses: ownedCount(directory, directory.ownerId),
    })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { users: users.map((row) => ({ ...row, image: safeProfileImage(row.image) })), total: totalRow?.total ?? 0, page, pageSize };
}

/**
 * Sets a user's plan directly, in StudyPath only: a Stripe subscription is not touched (a later Stripe event may set
 * the plan again). Every change is logged with the admin who made it.
 */
export async function setUserPlan(options: { db: Db; log: Logger; adminId: string; userId: string; plan: PlanSlug }) {
  const { db, log, adminId, userId, plan } = options;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ plan: user.plan }).from(user).where(eq(user.id, userId)).for('update').limit(1);
    if (!before) throw userNotFound();
    await tx.update(user).set({ plan, updatedAt: new Date() }).where(eq(user.id, userId));
    log.info({ adminId, userId, from: before.plan, to: plan }, 'admin changed a plan');
    return { userId, plan, previousPlan: before.plan };
  });
}

export interface ReportedChallenge {
  challengeId: string;
  type: (typeof challenge.$inferSelect)['type'];
  question: string;
  correctAnswer: string;
  explanation: string;
  page: number | null;
  lessonId: string;
  lessonTitle: string;
  fileId: string;
  fileName: string;
  courseName: string;
  reportCount: number;
  firstReportedAt: Date;
}

/** The most challenges the review queue shows at once; dismissing some brings the next ones up. */
export const REVIEW_QUEUE_SIZE = 100;

/** The right answer of each challenge as the player shows it (the options only matter for multiple choice). */
async function correctAnswers(db: Db, rows: Array<typeof challenge.$inferSelect>): Promise<Map<string, string>> {
  const options = await optionsOfChallenges(db, rows.map((row) => row.id));
  return new Map(rows.map((row) => [row.id, correctAnswerOf(row, options.filter((option) => option.challengeId === row.id))]));
}

/** Challenges with reports no admin has reviewed yet, the longest waiting first. */
export async function listReportedChallenges(options: { db: Db }): Promise<{ challenges: ReportedChallenge[]; total: number }> {
  const { db } = options;
  const open = isNull(challengeReport.reviewedAt);
  const [totalRow] = await db.select({ total: sql<number>`count(distinct ${challengeReport.challengeId})`.mapWith(Number) }).from(challengeReport).where(open);
  const firstReportedAt = min(challengeReport.createdAt);
  const rows = await db
    .select({
      challenge,
      lessonTitle: lesson.title,
      fileId: file.id,
      fileName: file.name,
      courseName: directory.name,
      reportCount: count(),
      firstReportedAt,
    })
    .from(challengeReport)
    .innerJoin(challenge, eq(challenge.id, challengeReport.challengeId))
    .innerJoin(lesson, eq(lesson.id, challenge.lessonId))
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .innerJoin(file, eq(file.id, unit.fileId))
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(open)
    .groupBy(challenge.id, lesson.id, file.id, directory.id)
    .orderBy(asc(firstReportedAt), asc(challenge.id))
    .limit(REVIEW_QUEUE_SIZE);
  const answers = await correctAnswers(
    db,
    rows.map((row) => row.challenge),
  );
  return {
    total: totalRow?.total ?? 0,
    challenges: rows.map((row) => ({
      challengeId: row.challenge.id,
      type: row.challenge.type,
      question: row.challenge.question,
      correctAnswer: answers.get(row.challenge.id) ?? '',
      explanation: row.challenge.explanation,
      page: row.challenge.page,
      lessonId: row.challenge.lessonId,
      lessonTitle: row.lessonTitle,
      fileId: row.fileId,
      fileName: row.fileName,
      courseName: row.courseName,
      reportCount: row.reportCount,
      // min() of a non-empty group is never null.
      firstReportedAt: row.firstReportedAt ?? new Date(0),
    })),
  };
}

/** Dismiss: every open report of the challenge is marked reviewed; a report made afterwards opens it again. */
export async function dismissReports(options: { db: Db; log: Logger; adminId: string; challengeId: string }) {
  const { db, log, adminId, challengeId } = options;
  const [exists] = await db.select({ id: challenge.id }).from(challenge).where(eq(challenge.id, challengeId)).limit(1);
  if (!exists) throw challengeNotFound();
  const reviewed = await db
    .update(challengeReport)
    .set({ reviewedAt: new Date() })
    .where(and(eq(challengeReport.challengeId, challengeId), isNull(challengeReport.reviewedAt)))
    .returning({ userId: challengeReport.userId });
  log.info({ adminId, challengeId, reports: reviewed.length }, 'admin dismissed challenge reports');
  return { challengeId, dismissed: reviewed.length };
}

/**
 * Open lesson: the whole lesson a reported challenge belongs to, read-only with the right answers and the open
 * reports per challenge. Admins usually may not study the file (it is someone else's), so this is their view of it.
 */
export async function getLessonForReview(options: { db: Db; lessonId: string }) {
  const { db, lessonId } = options;
  const [head] = await db
    .select({ id: lesson.id, title: lesson.title, unitTitle: unit.title, fileName: file.name, courseName: directory.name })
    .from(lesson)
    .innerJoin(unit, eq(unit.id, lesson.unitId))
    .innerJoin(file, eq(file.id, unit.fileId))
    .innerJoin(directory, eq(directory.id, file.directoryId))
    .where(eq(lesson.id, lessonId))
    .limit(1);
  if (!head) throw lessonNotFound();
  const rows = await db.select().from(challenge).where(eq(challenge.lessonId, lessonId)).orderBy(asc(challenge.position));
  const answers = await correctAnswers(db, rows);
  const reports =
    rows.length === 0
      ? []
      : await db
          .select({ challengeId: challengeReport.challengeId, open: count() })
          .from(challengeReport)
          .where(and(inArray(challengeReport.challengeId, rows.map((row) => row.id)), isNull(challengeReport.reviewedAt)))
          .groupBy(challengeReport.challengeId);
  const openReports = new Map(reports.map((report) => [report.challengeId, report.open]));
  return {
    lesson: head,
    challenges: rows.map((row) => ({
      challengeId: row.id,
      type: row.type,
      question: row.question,
      correctAnswer: answers.get(row.id) ?? '',
      explanation: row.explanation,
      page: row.page,
      openReports: openReports.get(row.id) ?? 0,
    })),
  };
}
