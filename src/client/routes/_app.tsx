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
  loader: () => loadNamespaces('shell', 'courses', 'gamification', 'sharing', 'viewer', 'errors'),
  // The shell is a chunk of its own: visitors on the landing page and /auth never load it.
  component: lazyRouteComponent(() => import('./_app.lazy'), 'AppLayout'),
});
