import { createRoute } from '@tanstack/react-router';
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
  // The check and the API's client it asks through load with the shell anyway: imported here, out of the first chunk.
  beforeLoad: async ({ context }) => (await import('./admin-access')).requireAdmin(context.queryClient),
  loader: () => loadNamespaces('admin', 'shell'),
}).lazy(() => import('./admin.lazy').then((module) => module.adminLazyRoute));
