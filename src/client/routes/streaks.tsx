import { createRoute } from '@tanstack/react-router';
import { StreaksPage } from '../features/gamification/streaks-page';
import { appLayoutRoute } from './_app';

export const streaksRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/streaks',
  component: StreaksPage,
});
