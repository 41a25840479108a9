import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/settings',
  validateSearch: z.object({ mode: z.enum(['plans', 'billing']).optional().catch(undefined) }),
  component: () => <PageEmptyState page="settings" />,
});
