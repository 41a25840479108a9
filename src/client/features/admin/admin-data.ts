import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>['admin'];

export type AdminUserPage = Outputs['listUsers'];
export type AdminUser = AdminUserPage['users'][number];
export type ReportedChallenge = Outputs['listReportedChallenges']['challenges'][number];
export type LessonReview = Outputs['getLesson'];
export type ChallengeType = ReportedChallenge['type'];

/** How long the users' search waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
