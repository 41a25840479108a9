import { createLazyRoute } from '@tanstack/react-router';
import { BillingView } from '../features/billing/billing-view';
import { PlansView } from '../features/billing/plans-view';
import { SettingsPage } from '../features/settings/settings-page';

export const settingsLazyRoute = createLazyRoute('/app/settings')({ component: Settings });

function Settings() {
  const { mode } = settingsLazyRoute.useSearch();
  return <SettingsPage mode={mode} plans={<PlansView />} billing={<BillingView />} />;
}
