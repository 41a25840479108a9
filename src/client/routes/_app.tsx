import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { sessionQueryOptions } from '../lib/session';
import { rootRoute } from './__root';

/** Every app page lives in the shell and needs a signed-in user; visitors go to /auth and come back afterwards. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session };
  },
  // The shell's texts, and its first queries' answers from the page (lib/first-queries.ts) into the cache.
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('shell', 'courses', 'gamification', 'sharing', 'viewer', 'errors'),
      import('../lib/first-queries').then(({ seedFirstQueries }) => seedFirstQueries(context.queryClient, context.session.user.id)).catch(() => undefined),
    ]);
  },
  // The shell is a chunk of its own: visitors on the landing page and /auth never load it.
  component: lazyRouteComponent(() => import('./_app.lazy'), 'AppLayout'),
});
