import { createRoute, notFound, rootRouteId } from '@tanstack/react-router';
import type { AppRouter } from '../../server/trpc/router';
import { loadNamespaces } from '../lib/i18n';
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
    // The API's client loads with the shell anyway; importing it here keeps it out of the first chunk.
    const [{ createTRPCOptionsProxy }, { appTrpcClient }] = await Promise.all([import('@trpc/tanstack-react-query'), import('../lib/trpc')]);
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: appTrpcClient(), queryClient: context.queryClient });
    const { isAdmin } = await context.queryClient.ensureQueryData(trpc.admin.isAdmin.queryOptions());
    if (!isAdmin) throw notFound({ routeId: rootRouteId });
  },
  loader: () => loadNamespaces('admin', 'shell'),
}).lazy(() => import('./admin.lazy').then((module) => module.adminLazyRoute));
