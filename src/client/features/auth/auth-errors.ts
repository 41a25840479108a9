/** What better-auth's client returns as `error`: a code from the server's error catalogue and the HTTP status. */
export interface AuthClientError {
  code?: string | undefined;
  status?: number | undefined;
}

/** Message keys under `errors.` in the auth namespace. */
export type AuthErrorKey =
  | 'invalidCredentials'
  | 'emailTaken'
  | 'usernameTaken'
  | 'weakPassword'
  | 'invalidUsername'
  | 'invalidEmail'
  | 'tooManyAttempts'
  | 'tooManyFailedSignIns'
  | 'network'
  | 'generic';

const KEY_BY_CODE: Record<string, AuthErrorKey> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalidCredentials',
  INVALID_USERNAME_OR_PASSWORD: 'invalidCredentials',
  INVALID_PASSWORD: 'invalidCredentials',
  USER_ALREADY_EXISTS: 'emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'emailTaken',
  USERNAME_IS_ALREADY_TAKEN: 'usernameTaken',
  PASSWORD_TOO_SHORT: 'weakPassword',
  PASSWORD_TOO_LONG: 'weakPassword',
  INVALID_USERNAME: 'invalidUsername',
  USERNAME_TOO_SHORT: 'invalidUsername',
  USERNAME_TOO_LONG: 'invalidUsername',
  USERNAME_REQUIRED: 'invalidUsername',
  INVALID_EMAIL: 'invalidEmail',
};

/**
 * The message a person sees for a sign-in or sign-up the server refused. better-auth's rate limiter answers 429 without
 * a code, so the status is checked first; our limit of failed sign-ins (a longer window) answers 429 with its code. ('network' is for a request that got no answer at all: the client throws.)
 */
export function authErrorKey(error: AuthClientError | null | undefined): AuthErrorKey {
  if (error?.status === 429) return error.code === 'TOO_MANY_FAILED_SIGN_INS' ? 'tooManyFailedSignIns' : 'tooManyAttempts';
  return (error?.code ? KEY_BY_CODE[error.code] : undefined) ?? 'generic';
}

/** The sign-up field a refusal is about, so the form can put the cursor where the fix goes. */
const FIELD_BY_KEY: Partial<Record<AuthErrorKey, 'username' | 'email' | 'password'>> = {
  usernameTaken: 'username',
  invalidUsername: 'username',
  emailTaken: 'email',
  invalidEmail: 'email',
  weakPassword: 'password',
};

export function fieldOfAuthError(key: AuthErrorKey): 'username' | 'email' | 'password' | undefined {
  return FIELD_BY_KEY[key];
}
