import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../lib/session';
import { safeRedirect } from '../../../shared/safe-redirect';

/**
 * After a successful sign-in or sign-up: refetch the cached session (including inactive copies, which route guards
 * read with ensureQueryData) before leaving, then go where the person was headed, if that is on this site.
 */
export function useFinishAuth(redirectTarget: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey, refetchType: 'all' });
    await navigate({ href: safeRedirect(redirectTarget), replace: true });
  };
}
