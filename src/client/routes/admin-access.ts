import type { QueryClient } from '@tanstack/react-query';
import { notFound, rootRouteId } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';
import { appTrpcClient } from '../lib/trpc';

/** /admin's guard (routes/admin.tsx): anyone but an admin gets the app's 404 page, as the API answers them NOT_FOUND. */
export async function requireAdmin(queryClient: QueryClient): Promise<void> {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: appTrpcClient(), queryClient });
  const { isAdmin } = await queryClient.ensureQueryData(trpc.admin.isAdmin.queryOptions());
  if (!isAdmin) throw notFound({ routeId: rootRouteId });
}
