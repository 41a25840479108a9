import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const uploadRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard/upload',
  validateSearch: z.object({ directoryId: z.string().max(100).optional().catch(undefined) }),
  component: () => <PageEmptyState page="upload" />,
});
