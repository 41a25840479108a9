import { createRoute } from '@tanstack/react-router';
import { QuestsPage } from '../features/gamification/quests-page';
import { appLayoutRoute } from './_app';

export const questsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/quests',
  component: QuestsPage,
});
