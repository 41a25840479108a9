import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { usernameSchema } from '../../shared/auth';
import { safeRedirect } from '../features/auth/safe-redirect';
import { sessionQueryOptions } from '../lib/auth-client';
import { rootRoute } from './__root';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: z.object({
    redirect: z.string().max(2000).optional().catch(undefined),
    mode: z.enum(['sign-in', 'sign-up']).optional().catch(undefined),
    /** A referral link, /auth?ref=username: the sign-up sends it along (a malformed one is dropped). */
    ref: usernameSchema.optional().catch(undefined),
  }),
  /** Someone already signed in has nothing to do here: on to where they were headed, else the dashboard. */
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: lazyRouteComponent(() => import('../features/auth/auth-page'), 'AuthPage'),
});
