import { createRoute, notFound, rootRouteId, useNavigate } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { z } from 'zod';
import type { AppRouter } from '../../server/trpc/router';
import { AdminPage } from '../features/admin/admin-page';
import { appLayoutRoute } from './_app';

/**
 * /admin: only for the accounts of ADMIN_EMAILS. Everyone else gets the app's 404 page, as for an address that does
 * not exist (admin.* answers them NOT_FOUND as well); visitors are asked to sign in first, as on every app page.
 */
export const adminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin',
  validateSearch: z.object({ tab: z.enum(['users', 'reports']).optional().catch(undefined) }),
  beforeLoad: async ({ context }) => {
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: context.trpcClient, queryClient: context.queryClient });
    const { isAdmin } = await context.queryClient.ensureQueryData(trpc.admin.isAdmin.queryOptions());
    if (!isAdmin) throw notFound({ routeId: rootRouteId });
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { tab = 'users' } = adminRoute.useSearch();
  const navigate = useNavigate();
  return (
    <AdminPage
      tab={tab}
      onTabChange={(next) => void navigate({ to: '/admin', search: next === 'users' ? {} : { tab: next }, replace: true })}
    />
  );
}
