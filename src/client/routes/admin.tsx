import { createRoute, notFound, rootRouteId } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';
import { searchChoice } from '../lib/search';
import { appLayoutRoute } from './_app';

/**
 * /admin: only for the accounts of ADMIN_EMAILS. Everyone else gets the app's 404 page, as for an address that does
 * not exist (admin.* answers them NOT_FOUND as well); visitors are asked to sign in first, as on every app page.
 */
export const adminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin',
  validateSearch: {
    parse: (search: Record<string, unknown>): { tab?: 'users' | 'reports' } => ({ tab: searchChoice(search.tab, ['users', 'reports']) }),
  },
  beforeLoad: async ({ context }) => {
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: context.trpcClient, queryClient: context.queryClient });
    const { isAdmin } = await context.queryClient.ensureQueryData(trpc.admin.isAdmin.queryOptions());
    if (!isAdmin) throw notFound({ routeId: rootRouteId });
  },
}).lazy(() => import('./admin.lazy').then((module) => module.adminLazyRoute));
