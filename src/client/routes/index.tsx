import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Its own chunk: visitors load the marketing page, students in the app never do.
  component: lazyRouteComponent(() => import('../features/landing/landing-page'), 'LandingPage'),
});
