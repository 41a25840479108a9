import { useQuery } from '@tanstack/react-query';
import { Flag, ShieldCheck, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ReportsPanel } from './reports-panel';
import { UsersPanel } from './users-panel';

export type AdminTab = 'users' | 'reports';

/** /admin for the accounts of ADMIN_EMAILS (the route shows everyone else the 404 page): users and reported challenges. */
export function AdminPage({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  useDocumentTitle(t('title'));
  // Loaded with the page, so the tab shows how many wait before anyone opens it.
  const reports = useQuery(trpc.admin.listReportedChallenges.queryOptions());
  const waiting = reports.data?.total ?? 0;

  return (
    <section aria-labelledby="page-title" data-testid="admin-page" className="mx-auto w-full max-w-6xl px-4 pt-6 pb-12 md:px-8 md:pt-10">
      <PageHeader icon={ShieldCheck} title={t('title')} description={t('description')} className="mb-6 md:mb-8" />
      <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value === 'reports' ? 'reports' : 'users')}>
        <Tabs.List aria-label={t('tabs.label')} className="mb-5 grid w-full grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:inline-grid sm:w-auto">
          {(
            [
              ['users', Users, t('tabs.users'), t('tabs.users')],
              ['reports', Flag, t('tabs.reports'), t('tabs.reportsShort')],
            ] as const
          ).map(([value, Icon, label, shortLabel]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              data-testid={`admin-tab-${value}`}
              className="flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-bold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {/* On a phone the two tabs share its width: the shorter name fits. */}
              <span className="truncate sm:hidden">{shortLabel}</span>
              <span className="hidden truncate sm:inline">{label}</span>
              {value === 'reports' && waiting > 0 && (
                <span
                  data-testid="admin-reports-count"
                  className={cn('min-w-5 rounded-full bg-destructive px-1.5 text-xs leading-5 font-bold text-destructive-foreground tabular-nums')}
                >
                  {waiting}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users" className="focus-visible:outline-none">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="reports" className="focus-visible:outline-none">
          <ReportsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
