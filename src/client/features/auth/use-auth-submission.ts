import { useState } from 'react';
import type { AuthErrorKey } from './auth-errors';

/**
 * Runs a sign-in or sign-up request once at a time and keeps the server's refusal for the alert. On success the
 * form stays pending while the caller navigates away, so it cannot be sent twice.
 */
export function useAuthSubmission<TInput>(
  request: (input: TInput) => Promise<AuthErrorKey | null>,
  onSuccess: (input: TInput) => Promise<void>,
  onFailure?: (error: AuthErrorKey) => void,
) {
  const [serverError, setServerError] = useState<AuthErrorKey | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(input: TInput) {
    setPending(true);
    setServerError(null);
    const failure = await request(input);
    if (failure) {
      setServerError(failure);
      setPending(false);
      onFailure?.(failure);
      return;
    }
    await onSuccess(input);
  }

  return { serverError, pending, submit };
}
