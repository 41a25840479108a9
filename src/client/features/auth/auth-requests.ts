import { type SignInInput, signInMethod, type SignUpInput } from '../../../shared/auth';
import { authClient } from '../../lib/auth-client';
import { type AuthErrorKey, authErrorKey } from './auth-errors';

/** Each request answers null on success or the message key of why it failed; the client throws only when offline. */
export async function requestSignIn({ identifier, password }: SignInInput): Promise<AuthErrorKey | null> {
  try {
    const { error } =
      signInMethod(identifier) === 'email'
        ? await authClient.signIn.email({ email: identifier, password })
        : await authClient.signIn.username({ username: identifier, password });
    return error ? authErrorKey(error) : null;
  } catch {
    return 'network';
  }
}

/** `referrer`: the username of a /auth?ref=… link; the server sets referredBy when that account exists. */
export async function requestSignUp(input: SignUpInput, referrer?: string): Promise<AuthErrorKey | null> {
  try {
    // `referrer` is not a user field, so the client's types do not name it; better-auth passes the body on whole.
    const withReferrer = { ...input, referrer };
    const body: SignUpInput = referrer ? withReferrer : input;
    const { error } = await authClient.signUp.email(body);
    return error ? authErrorKey(error) : null;
  } catch {
    return 'network';
  }
}
