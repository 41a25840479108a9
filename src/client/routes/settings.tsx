import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { BillingView } from '../features/billing/billing-view';
import { PlansView } from '../features/billing/plans-view';
import { SettingsPage } from '../features/settings/settings-page';
import { appLayoutRoute } from './_app';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/settings',
  validateSearch: z.object({ mode: z.enum(['plans', 'billing']).optional().catch(undefined) }),
  component: Settings,
});

/** ?mode=plans and ?mode=billing (the sidebar's Upgrade and Manage) open those parts of the settings. */
function Settings() {
  const { mode } = settingsRoute.useSearch();
  return <SettingsPage mode={mode} plans={<PlansView />} billing={<BillingView />} />;
}
