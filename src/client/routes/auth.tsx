import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '../../shared/username';
import { loadNamespaces } from '../lib/i18n';
import { sessionQueryOptions } from '../lib/session';
import { searchChoice, searchText } from '../lib/search';
import { rootRoute } from './__root';

export interface AuthSearch {
  redirect?: string;
  mode?: 'sign-in' | 'sign-up';
  /** A referral link, /auth?ref=username: the sign-up sends it along (a malformed one is dropped). */
  ref?: string;
}

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: {
    parse: (search: Record<string, unknown>): AuthSearch => ({
      redirect: searchText(search.redirect, { max: 2000 }),
      mode: searchChoice(search.mode, ['sign-in', 'sign-up']),
      // shared/auth's usernameSchema: trimmed, then its length and characters.
      ref: searchText(search.ref, { trim: true, min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH, pattern: USERNAME_PATTERN }),
    }),
  },
  /**
   * Someone already signed in has nothing to do here: on to where they were headed, else the dashboard. The check of
   * where that may be loads with the auth page (it finishes a sign-in too), so only they wait for it.
   */
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) return;
    const { safeRedirect } = await import('../../shared/safe-redirect');
    throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  loader: () => loadNamespaces('auth'),
  component: lazyRouteComponent(() => import('../features/auth/auth-page'), 'AuthPage'),
});
