import { ChartNoAxesColumn } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { progressColour, type ProgressColour } from '../../../shared/lesson-rules';
import { cn } from '../../lib/cn';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';

/** Spec §4 progress colours: 100% green, 50% or more blue, above 0 amber, 0 neutral. */
export const PROGRESS_CLASSES: Record<ProgressColour, { bar: string; text: string }> = {
  green: { bar: 'bg-green-500', text: 'text-green-700 dark:text-green-400' },
  blue: { bar: 'bg-blue-500', text: 'text-blue-700 dark:text-blue-400' },
  amber: { bar: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-400' },
  neutral: { bar: 'bg-muted-foreground/30', text: 'text-muted-foreground' },
};

export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  const colour = progressColour(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-colour={colour}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-500', PROGRESS_CLASSES[colour].bar)} style={{ width: `${percent}%` }} />
    </div>
  );
}

export function StatTile({ label, value, hint, tone, testId }: { label: string; value: ReactNode; hint?: ReactNode; tone?: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl border border-border bg-background/60 px-3 py-2.5" data-testid={testId}>
      <span className="text-xs leading-snug font-medium text-muted-foreground">{label}</span>
      <span className={cn('text-xl font-extrabold tabular-nums', tone)} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </span>
      {hint && <span className="text-xs leading-snug text-muted-foreground">{hint}</span>}
    </div>
  );
}

export function StatsSection({ title, hint, children, className }: { title: string; hint?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4', className)}>
      <header className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-bold">{title}</h3>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </header>
      {children}
    </section>
  );
}

export function StatsEmptyState({ title, hint, testId }: { title: string; hint?: string; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center" data-testid={testId}>
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
        <ChartNoAxesColumn className="size-7" />
      </span>
      <p className="text-base font-bold">{title}</p>
      {hint && <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The loading look of a statistics dialog: tiles, two charts and a list. */
export function StatsSkeleton({ tiles = 4, label, testId }: { tiles?: number; label: string; testId: string }) {
  return (
    <div className="flex flex-col gap-4" data-testid={testId} role="status" aria-label={label}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: tiles }, (_, index) => (
          <Skeleton key={index} className="h-[4.5rem] rounded-xl" data-testid="stats-skeleton" />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-[16rem] rounded-xl" data-testid="stats-skeleton" />
        <Skeleton className="h-[16rem] rounded-xl" data-testid="stats-skeleton" />
      </div>
      <div className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-10 rounded-lg" data-testid="stats-skeleton" />
        ))}
      </div>
    </div>
  );
}

/** Spec §8: a load error is only logged; the dialog then shows its empty state. */
export function useLogLoadError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [error, what]);
}

/** A UTC day 'YYYY-MM-DD' as short month and day ('Nov 3' / '3. Nov.'). */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An ISO timestamp as short date and time in the reader's zone. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The spec's shared flags (§7), sent only when given. */
export function sharedFlags(isShared: boolean | undefined, sharedSpaceId: string | undefined): { isShared?: boolean; sharedSpaceId?: string } {
  return { ...(isShared !== undefined && { isShared }), ...(sharedSpaceId !== undefined && { sharedSpaceId }) };
}

/** What the lesson and unit statistics share: a title from the stats, and no activity meaning "nothing yet". */
interface ScopeStats {
  lastActivityAt: string | null;
}

/**
 * The frame of the lesson and unit statistics dialogs (spec §2): the scope's name as title (the one the path gave
 * while loading), the last activity, skeletons while loading, the scope's empty state when there is no activity or the
 * load failed (the failure is logged), else `children(stats)`.
 */
export function ScopeStatsDialog<T extends ScopeStats>({
  scope,
  open,
  onOpenChange,
  query,
  title,
  children,
}: {
  scope: 'lesson' | 'unit';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: { data: T | undefined; error: unknown; isPending: boolean; isError: boolean };
  title: string | undefined;
  children: (stats: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation('stats');
  useLogLoadError(query.error, `${scope} statistics`);
  const stats = query.data;
  const empty = query.isError || (stats !== undefined && stats.lastActivityAt === null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-5 p-4 sm:p-6" data-testid={`${scope}-stats-dialog`}>
        <DialogHeader>
          {title !== undefined && <span className="text-xs font-bold tracking-wide text-muted-foreground uppercase">{t(`${scope}.title`)}</span>}
          <DialogTitle>{title ?? (empty ? t('common.noStatistics') : t(`${scope}.title`))}</DialogTitle>
          <DialogDescription>
            {query.isPending
              ? t('common.loading')
              : stats?.lastActivityAt
                ? t('common.lastActivity', { when: formatDateTime(stats.lastActivityAt, i18n.language) })
                : t('common.noActivity')}
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <StatsSkeleton tiles={4} label={t('common.loading')} testId={`${scope}-stats-loading`} />
        ) : empty || !stats ? (
          <StatsEmptyState title={t(`${scope}.empty`)} hint={t(`${scope}.emptyHint`)} testId={`${scope}-stats-empty`} />
        ) : (
          children(stats)
        )}
      </DialogContent>
    </Dialog>
  );
}
