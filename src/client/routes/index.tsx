import { createRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page';
import { rootRoute } from './__root';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});
