import { and, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMessage, type ChatCitation } from '../db/schema';
import { studyCourseAccess, studyFileAccess, type SharedStudy } from '../sharing/study-access';
import type { AnswerTurn } from '../study/engines/engine';
import type { ChatScope } from './retrieval';

/**
 * A user's conversations with the tutor, one per file and one per course (file null), kept in chat_message. An answer
 * is stored before its first word is written (status 'streaming') and updated as it streams, so a stopped or broken
 * answer keeps what was written.
 */

/** An answer still 'streaming' after this long was cut off by a process that died: it reads as stopped. */
export const STALE_STREAMING_MS = 10 * 60 * 1000;
/** Messages of a conversation shown at most (the newest). */
export const HISTORY_LIMIT = 200;
/** Turns of the conversation the engine sees with a question, and how much of each. */
const ENGINE_TURNS = 6;
const ENGINE_TURN_CHARS = 1500;

/** The conversation a scope names, resolved by the access check: the course it belongs to and the file or null. */
export interface Conversation {
  userId: string;
  directoryId: string;
  fileId: string | null;
  fileName: string | null;
  /** The course's language ('en', 'de'). */
  language: string;
  /** Files of the course the caller may not study (hidden in a shared course): the course's answers leave them out. */
  hiddenFileIds: string[];
}

/**
 * Resolves a scope for a user, refusing (NOT_FOUND) a file or course they may not study; `shared` is the shared-course
 * context (studyFileAccess). A member's conversation is their own, as anyone's.
 */
export async function conversationOf(db: Db, userId: string, scope: ChatScope, shared?: SharedStudy | undefined): Promise<Conversation> {
  if ('fileId' in scope) {
    const access = await studyFileAccess(db, userId, scope.fileId, shared);
    return {
      userId,
      directoryId: access.directoryId,
      fileId: access.fileId,
      fileName: access.fileName,
      language: access.language,
      hiddenFileIds: [],
    };
  }
  const access = await studyCourseAccess(db, userId, scope.directoryId, shared);
  return { userId, directoryId: access.directoryId, fileId: null, fileName: null, language: access.language, hiddenFileIds: access.hiddenFileIds };
}

function inConversation(conversation: Conversation): SQL | undefined {
  return and(
    eq(chatMessage.userId, conversation.userId),
    eq(chatMessage.directoryId, conversation.directoryId),
    conversation.fileId === null ? isNull(chatMessage.fileId) : eq(chatMessage.fileId, conversation.fileId),
  );
}

export interface ChatHistoryMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: ChatCitation[];
  status: 'complete' | 'streaming' | 'stopped' | 'failed';
  errorKey: string | null;
  createdAt: Date;
}

/** The conversation's newest messages, oldest first; an answer left streaming by a dead process reads as stopped. */
export async function loadHistory(db: Db, conversation: Conversation, now = new Date()): Promise<ChatHistoryMessage[]> {
  const rows = await db
    .select({
      id: chatMessage.id,
      role: chatMessage.role,
      content: chatMessage.content,
      citations: chatMessage.citations,
      status: chatMessage.status,
      errorKey: chatMessage.errorKey,
      createdAt: chatMessage.createdAt,
    })
    .from(chatMessage)
    .where(inConversation(conversation))
    .orderBy(desc(chatMessage.createdAt), desc(chatMessage.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse().map((row) => {
    const stale = row.status === 'streaming' && now.getTime() - row.createdAt.getTime() > STALE_STREAMING_MS;
    return stale ? { ...row, status: 'stopped' } : row;
  });
}

/** The turns before `before` the engine is shown with a question: recent, answered ones, shortened. */
export async function recentTurns(db: Db, conversation: Conversation, before: Date): Promise<AnswerTurn[]> {
  const rows = await db
    .select({ role: chatMessage.role, content: chatMessage.content })
    .from(chatMessage)
    .where(
      and(
        inConversation(conversation),
        lt(chatMessage.createdAt, before),
        inArray(chatMessage.status, ['complete', 'stopped']),
      ),
    )
    .orderBy(desc(chatMessage.createdAt), desc(chatMessage.id))
    .limit(ENGINE_TURNS);
  return rows
    .reverse()
    .filter((row) => row.content.trim().length > 0)
    .map((row) => ({ role: row.role, content: row.content.slice(0, ENGINE_TURN_CHARS) }));
}

/** Stores the question and an empty answer in the making; the answer is dated just after the question. */
export async function storeQuestion(db: Db, conversation: Conversation, question: string, now = new Date()) {
  const asked = { userId: conversation.userId, directoryId: conversation.directoryId, fileId: conversation.fileId };
  const answeredAt = new Date(now.getTime() + 1);
  const rows = await db
    .insert(chatMessage)
    .values([
      { ...asked, role: 'user', content: question, status: 'complete', createdAt: now },
      { ...asked, role: 'assistant', content: '', status: 'streaming', createdAt: answeredAt },
    ])
    .returning({ id: chatMessage.id, role: chatMessage.role });
  const questionId = rows.find((row) => row.role === 'user')?.id;
  const answerId = rows.find((row) => row.role === 'assistant')?.id;
  if (!questionId || !answerId) throw new Error('storing a chat question returned no rows');
  return { questionId, answerId, askedAt: now };
}

export async function updateAnswer(
  db: Db,
  answerId: string,
  values: Partial<Pick<typeof chatMessage.$inferInsert, 'content' | 'citations' | 'status' | 'errorKey'>>,
): Promise<void> {
  await db.update(chatMessage).set(values).where(eq(chatMessage.id, answerId));
}

/** Deletes a conversation; returns how many messages it had. */
export async function clearConversation(db: Db, conversation: Conversation): Promise<number> {
  const deleted = await db.delete(chatMessage).where(inConversation(conversation)).returning({ id: chatMessage.id });
  return deleted.length;
}

/** The caller's conversation about a file or a whole course (their own, in a shared course too), oldest first. */
export async function chatHistory(db: Db, userId: string, scope: ChatScope, shared: SharedStudy | undefined): Promise<ChatHistoryMessage[]> {
  return loadHistory(db, await conversationOf(db, userId, scope, shared));
}

/** Clears the caller's conversation about a file or a course; returns how many messages it had. */
export async function clearChat(db: Db, userId: string, scope: ChatScope, shared: SharedStudy | undefined): Promise<number> {
  return clearConversation(db, await conversationOf(db, userId, scope, shared));
}
