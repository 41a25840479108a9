import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/settings',
  validateSearch: z.object({ mode: z.enum(['plans', 'billing']).optional().catch(undefined) }),
  component: SettingsPage,
});

/** ?mode=plans and ?mode=billing (the sidebar's Upgrade and Manage) open those parts of the settings. */
function SettingsPage() {
  const { mode } = settingsRoute.useSearch();
  return <PageEmptyState page={mode ?? 'settings'} />;
}
