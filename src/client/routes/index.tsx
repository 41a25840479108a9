import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { rootRoute } from './__root';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: () => loadNamespaces('landing'),
  // Its own chunk: visitors load the marketing page, students in the app never do.
  component: lazyRouteComponent(() => import('../features/landing/landing-page'), 'LandingPage'),
});
