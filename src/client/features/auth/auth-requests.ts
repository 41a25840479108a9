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

export async function requestSignUp(input: SignUpInput): Promise<AuthErrorKey | null> {
  try {
    const { error } = await authClient.signUp.email(input);
    return error ? authErrorKey(error) : null;
  } catch {
    return 'network';
  }
}
