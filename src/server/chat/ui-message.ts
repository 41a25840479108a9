import type { UIMessage } from 'ai';
import type { ChatCitation, chatMessageStatuses } from '../db/schema';

/**
 * A chat message as the client's useChat holds it (AI SDK UI messages): the text in its parts, and in its metadata the
 * citations its [n] markers point to (n-th, 1-based), its state, and a failed answer's reason (a key of the client's
 * 'chat' namespace). POST /api/chat streams these; chat.history returns stored messages in the same shape.
 */
export interface ChatMessageMetadata {
  citations?: ChatCitation[];
  status?: (typeof chatMessageStatuses)[number];
  errorKey?: string | null;
  createdAt?: string;
}

export type ChatUIMessage = UIMessage<ChatMessageMetadata>;
