import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/chat';
import type { Plan } from '../../shared/plans';
import { planOf } from '../courses/upload';
import type { Db } from '../db/client';
import { recordActivity } from '../gamification/activity';
import { file, studyArtefact, type ChatCitation } from '../db/schema';
import type { Logger } from '../logger';
import type { SharedStudy } from '../sharing/study-access';
import { StudyEngineError, type AnswerPassage, type AnswerTurn, type StudyEngine } from '../study/engines/engine';
import { getUsage, releaseUsage, reserveUsage, usagePeriod, type UsageReservation } from '../usage/usage-counters';
import { chatDailyLimitReached, chatFileFailed, chatFileNotReady, chatMessageEmpty, chatMessageTooLong } from './errors';
import { conversationOf, recentTurns, storeQuestion, updateAnswer, type Conversation } from './messages';
import { retrievePassages, type ChatScope } from './retrieval';

/**
 * One question to the tutor (POST /api/chat): checked, counted against the plan's messages per day, stored with its
 * answer in the making, the passages retrieved, then the engine's answer streamed and stored as it comes. A stopped
 * answer keeps what was written and stays counted; a failed one is marked with its reason and gives its message back.
 */

export interface ChatDependencies {
  db: Db;
  engine: StudyEngine;
  log: Logger;
}

/** Messages a day the user's plan allows, used today, and left. */
export interface ChatUsage {
  used: number;
  limit: number;
  remaining: number;
  plan: string;
}

const chatMessagesToday = (userId: string, now = new Date()) => ({ userId, kind: 'chatMessages' as const, period: usagePeriod('day', now) });

export async function chatUsage(db: Db, userId: string): Promise<ChatUsage> {
  const plan = await planOf(db, userId);
  const used = await getUsage(db, chatMessagesToday(userId));
  return usageOf(plan, used);
}

function usageOf(plan: Plan, used: number): ChatUsage {
  const limit = plan.chatMessagesPerDay;
  return { used, limit, remaining: Math.max(0, limit - used), plan: plan.slug };
}

/** The question as asked: trimmed, not empty, within the length limit. */
export function checkQuestion(message: string): string {
  const question = message.trim();
  if (question.length === 0) throw chatMessageEmpty();
  if (question.length > CHAT_MESSAGE_MAX_LENGTH) throw chatMessageTooLong();
  return question;
}

/**
 * Whether a file's passages can be searched: 'ready'; 'failed' when its text could not be read (the file failed) or
 * its passages could not be made — that will not change by waiting; 'waiting' while either is still in the making.
 */
export async function chatReadiness(db: Db, fileId: string): Promise<'ready' | 'failed' | 'waiting'> {
  const [row] = await db
    .select({ fileStatus: file.status, chunksStatus: studyArtefact.status })
    .from(file)
    .leftJoin(studyArtefact, and(eq(studyArtefact.fileId, file.id), eq(studyArtefact.kind, 'chunks')))
    .where(eq(file.id, fileId))
    .limit(1);
  if (row?.chunksStatus === 'ready') return 'ready';
  if (row?.fileStatus === 'failed' || row?.chunksStatus === 'failed') return 'failed';
  return 'waiting';
}

/** Words of a short follow-up ("And why?") are few; the question before it tells what it is about. */
function retrievalQuery(question: string, history: AnswerTurn[]): string {
  const words = question.match(/\p{L}{4,}/gu) ?? [];
  if (words.length >= 3) return question;
  const previous = [...history].reverse().find((turn) => turn.role === 'user');
  return previous ? `${question} ${previous.content}` : question;
}

export interface AskedQuestion {
  conversation: Conversation;
  question: string;
  questionId: string;
  answerId: string;
  passages: AnswerPassage[];
  history: AnswerTurn[];
  usage: ChatUsage;
  reservation: UsageReservation;
}

/** Everything before the answer: access, readiness, the day's allowance, the stored question, the passages. */
export async function askQuestion(
  db: Db,
  options: { userId: string; scope: ChatScope; message: string; shared?: SharedStudy | undefined },
): Promise<AskedQuestion> {
  const question = checkQuestion(options.message);
  const conversation = await conversationOf(db, options.userId, options.scope, options.shared);
  if (conversation.fileId !== null) {
    const readiness = await chatReadiness(db, conversation.fileId);
    if (readiness === 'failed') throw chatFileFailed();
    if (readiness === 'waiting') throw chatFileNotReady();
  }
  const plan = await planOf(db, options.userId);
  const now = new Date();
  const reserved = await reserveUsage(db, { ...chatMessagesToday(options.userId, now), amount: 1, limit: plan.chatMessagesPerDay });
  if (!reserved.ok) throw chatDailyLimitReached(plan);
  try {
    const history = await recentTurns(db, conversation, now);
    const passages = await retrievePassages(db, {
      scope: conversation.fileId === null ? { directoryId: conversation.directoryId } : { fileId: conversation.fileId },
      language: conversation.language,
      query: retrievalQuery(question, history),
      excludeFileIds: conversation.hiddenFileIds,
    });
    const { questionId, answerId } = await storeQuestion(db, conversation, question, now);
    return {
      conversation,
      question,
      questionId,
      answerId,
      passages,
      history,
      usage: usageOf(plan, reserved.used),
      reservation: reserved.reservation,
    };
  } catch (error) {
    await releaseUsage(db, reserved.reservation);
    throw error;
  }
}

export type ChatStreamEvent = { type: 'text'; text: string } | { type: 'citations'; citations: ChatCitation[] };

/** Why an answer failed, as a key of the client's 'chat' namespace. */
export function answerFailureKey(error: unknown): string {
  if (error instanceof StudyEngineError && ['aiTimeout', 'aiRateLimited', 'aiUnavailable'].includes(error.key)) {
    return `failure.${error.key}`;
  }
  return 'failure.answerFailed';
}

/**
 * Stores how an answer ended, complete or stopped (not failed): the question then counts as the day's tutor message
 * for the daily quests, in the same transaction.
 */
async function settleAnswer(
  db: Db,
  asked: AskedQuestion,
  values: { content: string; citations: ChatCitation[]; status: 'complete' | 'stopped' },
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateAnswer(tx, asked.answerId, values);
    await recordActivity(tx, { userId: asked.conversation.userId, kind: 'message', now: new Date() });
  });
}

/** How often an answer's text so far is written to its row while it streams, so a crash keeps most of it. */
const SAVE_EVERY_MS = 1000;

/**
 * Streams the engine's answer to an asked question and stores it: 'complete' when it ends, 'stopped' (with what was
 * written) when `signal` aborts, 'failed' with its reason otherwise — then the error is thrown on for the stream.
 */
export async function* streamAnswer(
  deps: ChatDependencies,
  asked: AskedQuestion,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const { db, engine, log } = deps;
  let content = '';
  const citations: ChatCitation[] = [];
  let savedAt = Date.now();
  let settled = false;
  try {
    const context = { language: asked.conversation.language, passages: asked.passages, history: asked.history };
    for await (const event of engine.answer(asked.question, context, { signal })) {
      if (event.type === 'text') {
        content += event.text;
        yield event;
      } else {
        const passage = asked.passages[event.citation.passage];
        if (!passage) continue;
        citations.push({ fileId: passage.fileId, fileName: passage.fileName, page: passage.page, quote: event.citation.quote });
        yield { type: 'citations', citations: [...citations] };
      }
      if (Date.now() - savedAt >= SAVE_EVERY_MS) {
        savedAt = Date.now();
        await updateAnswer(db, asked.answerId, { content, citations });
      }
    }
    signal.throwIfAborted();
    settled = true;
    await settleAnswer(db, asked, { content, citations, status: 'complete' });
  } catch (error) {
    settled = true;
    if (signal.aborted) {
      await settleAnswer(db, asked, { content, citations, status: 'stopped' });
      return;
    }
    const errorKey = answerFailureKey(error);
    log.warn({ err: error, answerId: asked.answerId, errorKey }, 'a chat answer failed');
    await updateAnswer(db, asked.answerId, { content, citations, status: 'failed', errorKey });
    await releaseUsage(db, asked.reservation).catch((releaseError: unknown) =>
      log.error({ err: releaseError, answerId: asked.answerId }, 'giving back the message of a failed answer failed'),
    );
    throw error;
  } finally {
    // The reader let go of the stream early: the answer ends where it was.
    if (!settled) await settleAnswer(db, asked, { content, citations, status: 'stopped' });
  }
}
