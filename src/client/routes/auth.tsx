import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthPage } from '../features/auth/auth-page';
import { rootRoute } from './__root';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: z.object({
    redirect: z.string().max(2000).optional().catch(undefined),
    mode: z.enum(['sign-in', 'sign-up']).optional().catch(undefined),
  }),
  component: AuthPage,
});
