/** The tutor chat's limits, shared by the server's checks and the chat form. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
