import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { searchChoice } from '../lib/search';
import { appLayoutRoute } from './_app';

/** ?mode=plans and ?mode=billing (the sidebar's Upgrade and Manage) open those parts of the settings. */
export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/settings',
  validateSearch: {
    parse: (search: Record<string, unknown>): { mode?: 'plans' | 'billing' } => ({ mode: searchChoice(search.mode, ['plans', 'billing']) }),
  },
  loader: () => loadNamespaces('settings', 'auth', 'billing', 'shell'),
}).lazy(() => import('./settings.lazy').then((module) => module.settingsLazyRoute));
