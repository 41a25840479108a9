import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { chatUsage } from '../../chat/ask';
import { chatHistory, clearChat, type ChatHistoryMessage } from '../../chat/messages';
import type { ChatScope } from '../../chat/retrieval';
import { chatSuggestions } from '../../chat/suggestions';
import { supportIdentity } from '../../users/support-identity';
import type { ChatUIMessage } from '../../chat/ui-message';
import { protectedProcedure, router, studyProcedure } from '../init';
import { studyContextFields } from '../../../shared/shared-context';

/**
 * Study tab procedures for the chat tab; the answer itself streams from POST /api/chat. See README's API section.
 * `uuid` is the shared-course context (studyFileAccess); a member's conversations are their own.
 */
const scopeInput = z.union([
  z.object({ fileId: idSchema, ...studyContextFields }),
  z.object({ directoryId: idSchema, ...studyContextFields }),
]);

const scopeOf = (input: z.infer<typeof scopeInput>): ChatScope =>
  'fileId' in input ? { fileId: input.fileId } : { directoryId: input.directoryId };

/** A stored message in the shape useChat holds messages in. */
function toUiMessage(message: ChatHistoryMessage): ChatUIMessage {
  return {
    id: message.id,
    role: message.role,
    parts: message.content ? [{ type: 'text', text: message.content, state: 'done' }] : [],
    metadata: {
      citations: message.citations,
      status: message.status,
      errorKey: message.errorKey,
      createdAt: message.createdAt.toISOString(),
    },
  };
}

export const chatRouter = router({
  /** The conversation about a file, or about a whole course, oldest message first. */
  history: studyProcedure
    .input(scopeInput)
    .query(async ({ ctx, input }) => (await chatHistory(ctx.services.db, ctx.user.id, scopeOf(input), ctx.shared)).map(toUiMessage)),
  /** Today's chat messages: used, the plan's limit, and what is left. */
  usage: protectedProcedure.query(({ ctx }) => chatUsage(ctx.services.db, ctx.user.id)),
  clear: studyProcedure
    .input(scopeInput)
    .mutation(async ({ ctx, input }) => ({ deleted: await clearChat(ctx.services.db, ctx.user.id, scopeOf(input), ctx.shared) })),
  /**
   * Who the support-chat widget (spec §7) is started for: id, name, email and the hash that proves the id to the widget
   * (HMAC-SHA256 of the id with SUPPORT_CHAT_SECRET). Null when no widget is configured.
   */
  supportIdentity: protectedProcedure.query(({ ctx }) => supportIdentity(ctx.services.config.supportChat, ctx.user)),
  /** Three or four starter questions from the file's key terms and sections. */
  suggestions: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .query(({ ctx, input }) => chatSuggestions(ctx.services.db, ctx.user.id, input.fileId, ctx.shared)),
});
