/**
 * The username rule's numbers, apart from shared/auth's schemas: the client's route for /auth?ref= checks a
 * referral with them in the app's first chunk, which does not carry zod. shared/auth re-exports them.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;
