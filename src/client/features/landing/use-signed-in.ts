import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../lib/session';

/** Whether a session exists; while it is still loading the page offers sign-in, which is right for most visitors. */
export function useSignedIn(): boolean {
  const { data } = useQuery(sessionQueryOptions);
  return Boolean(data);
}
