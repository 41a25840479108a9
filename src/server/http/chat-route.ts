import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/chat';
import { containsNul, idSchema } from '../../shared/schemas';
import { studyContextFields } from '../../shared/shared-context';
import { answerFailureKey, askQuestion, streamAnswer } from '../chat/ask';
import { chatInvalidRequest, chatMessageTooLong } from '../chat/errors';
import type { ChatUIMessage } from '../chat/ui-message';
import { AppError, signedOut } from '../errors';
import type { Services } from '../services';
import { errorResponse } from './refusal';
import { callerContext, type CallerEnv } from './request-context';

/**
 * `POST /api/chat` (DESIGN §4): the tutor's answer to `{fileId | directoryId, message, uuid?, id?}` as an AI SDK UI
 * message stream. The app checks first that the request comes from its own pages, as JSON, within the rate limit
 * (app.ts). Refusals (signed out, an empty or too long message, a file or course the user may not study, the day's
 * messages used up) answer JSON errors before anything streams; the answer then streams its text and, in the
 * message's metadata, its citations. Closing the request stops the answer and keeps what was written.
 */
const chatRequestSchema = z
  .object({
    fileId: idSchema.optional(),
    directoryId: idSchema.optional(),
    message: z.string(),
    ...studyContextFields,
  })
  .refine((body) => (body.fileId === undefined) !== (body.directoryId === undefined))
  // PostgreSQL text cannot hold NUL: a message or context with one would fail its query (found by security/fuzz).
  .refine((body) => !containsNul(body));

/**
 * A body holds one message of at most CHAT_MESSAGE_MAX_LENGTH characters; escaped in JSON each may take up to six
 * bytes. A longer body is refused as a message too long without being read.
 */
const MAX_BODY_BYTES = 64 * 1024 + CHAT_MESSAGE_MAX_LENGTH * 6;

export function chatRoutes(services: Services) {
  const app = new Hono<CallerEnv>();
  app.post(
    '/api/chat',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, chatMessageTooLong()) }),
    callerContext(services, 'json-body'),
    async (c) => {
      const session = c.get('session');
      if (!session) return errorResponse(c, signedOut());
      const parsed = chatRequestSchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return errorResponse(c, chatInvalidRequest());
      const { fileId, directoryId, message } = parsed.data;

      let asked;
      try {
        asked = await askQuestion(services.db, {
          userId: session.user.id,
          scope: fileId !== undefined ? { fileId } : { directoryId: directoryId ?? '' },
          message,
          shared: c.get('shared'),
        });
      } catch (error) {
        if (error instanceof AppError) return errorResponse(c, error);
        throw error;
      }

      const signal = c.req.raw.signal;
      const answer = asked;
      const stream = createUIMessageStream<ChatUIMessage>({
        execute: async ({ writer }) => {
          writer.write({
            type: 'start',
            messageId: answer.answerId,
            messageMetadata: { citations: [], status: 'streaming', createdAt: new Date().toISOString() },
          });
          writer.write({ type: 'text-start', id: 'answer' });
          for await (const event of streamAnswer(services, answer, signal)) {
            if (event.type === 'text') writer.write({ type: 'text-delta', id: 'answer', delta: event.text });
            else writer.write({ type: 'message-metadata', messageMetadata: { citations: event.citations } });
          }
          writer.write({ type: 'text-end', id: 'answer' });
          writer.write({ type: 'finish', messageMetadata: { status: signal.aborted ? 'stopped' : 'complete' } });
        },
        // The reason as a key of the client's 'chat' namespace; the server's own message stays in its log.
        onError: answerFailureKey,
      });
      return createUIMessageStreamResponse({ stream });
    },
  );
  return app;
}
