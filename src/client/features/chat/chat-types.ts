import type { ChatCitation as ServerChatCitation } from '../../../server/db/schema';
import type { ChatUIMessage as ServerChatUIMessage } from '../../../server/chat/ui-message';

/** The chat's messages as the server streams and stores them (types only: the client takes no code from the server). */
export type ChatCitation = ServerChatCitation;
export type ChatUIMessage = ServerChatUIMessage;

/** What the chat is about: one file, or the whole course it belongs to. */
export type ChatScope = { kind: 'file'; fileId: string; name: string } | { kind: 'course'; directoryId: string; name: string };

export const scopeKey = (scope: ChatScope) => (scope.kind === 'file' ? `file:${scope.fileId}` : `course:${scope.directoryId}`);

/** The scope as procedures and POST /api/chat take it. */
export const scopeInput = (scope: ChatScope) => (scope.kind === 'file' ? { fileId: scope.fileId } : { directoryId: scope.directoryId });
