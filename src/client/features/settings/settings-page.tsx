import { Link } from '@tanstack/react-router';
import { CreditCard, Settings, SlidersHorizontal, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CurrencySection } from './currency-section';
import { LanguageSection } from './language-section';
import { ProfileSection } from './profile-section';

export type SettingsMode = 'plans' | 'billing';

const TABS: { mode: SettingsMode | undefined; key: 'general' | SettingsMode; icon: LucideIcon }[] = [
  { mode: undefined, key: 'general', icon: SlidersHorizontal },
  { mode: 'plans', key: 'plans', icon: Sparkles },
  { mode: 'billing', key: 'billing', icon: CreditCard },
];

/**
 * /settings: General (profile, language, currency), Plans (?mode=plans) and Billing (?mode=billing) as tabs that are
 * links, so the sidebar's Upgrade and Manage land on the right one and the back button moves between them. The plans
 * and billing views come from the billing feature, slotted in by the route.
 */
export function SettingsPage({ mode, plans, billing }: { mode: SettingsMode | undefined; plans: ReactNode; billing: ReactNode }) {
  const { t } = useTranslation('settings');
  const current = mode ?? 'general';
  useDocumentTitle(current === 'general' ? t('title') : t(`tabs.${current}`));
  return (
    <section aria-labelledby="page-title" data-testid="settings-page" data-mode={current} className="mx-auto w-full max-w-6xl px-4 pt-6 pb-12 md:px-8 md:pt-10">
      <PageHeader icon={Settings} title={t('title')} description={t('description')} className="mb-6" />
      <nav aria-label={t('tabs.label')} className="mb-8 border-b border-border">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {TABS.map(({ mode: tabMode, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to="/settings"
                search={tabMode ? { mode: tabMode } : {}}
                aria-current={current === key ? 'page' : undefined}
                data-testid={`settings-tab-${key}`}
                className={cn(
                  'inline-flex h-11 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground md:px-4',
                  current === key && 'border-primary text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {mode === 'plans' ? plans : mode === 'billing' ? <div className="mx-auto max-w-4xl">{billing}</div> : <GeneralSettings />}
    </section>
  );
}

function GeneralSettings() {
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[1.35fr_1fr]" data-testid="settings-general">
      <ProfileSection />
      <div className="flex flex-col gap-5">
        <LanguageSection />
        <CurrencySection />
      </div>
    </div>
  );
}
