import { createRoute } from '@tanstack/react-router';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const questsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/quests',
  component: () => <PageEmptyState page="quests" />,
});
