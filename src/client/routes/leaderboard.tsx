import { createRoute } from '@tanstack/react-router';
import { LeaderboardPage } from '../features/gamification/leaderboard-page';
import { appLayoutRoute } from './_app';

export const leaderboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/leaderboard',
  component: LeaderboardPage,
});
