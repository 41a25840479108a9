import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Flame, ShieldCheck, Snowflake, Trophy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreakInfo } from '../../../shared/gamification';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { formatDay, shiftMonth } from './gamification-format';
import { Card, GamificationPage, LoadFailed, TONE_CHIP } from './gamification-layout';
import { StreakCalendar } from './streak-calendar';

/** /streaks: the current and longest streak, freezes owned, notices of days a freeze covered, and the calendar. */
export function StreaksPage() {
  const { t } = useTranslation('gamification');
  const trpc = useTRPC();
  // Undefined: the server's current month for the user (their time zone decides which month that is).
  const [month, setMonth] = useState<string | undefined>(undefined);
  const streak = useQuery({
    ...trpc.gamification.getStreak.queryOptions(month ? { month } : {}),
    placeholderData: keepPreviousData,
  });
  const data = streak.data;
  return (
    <GamificationPage testId="streaks-page" icon={Flame} tone="streak" title={t('streaks.title')} description={t('streaks.description')} busy={streak.isPending}>
      {streak.isPending ? (
        <StreaksSkeleton />
      ) : !data ? (
        <LoadFailed testId="streaks-load-failed" onRetry={() => void streak.refetch()} />
      ) : (
        <>
          <StreakHero info={data} />
          <FreezeNotices dates={data.recentFreezes} />
          <div className="grid gap-5 sm:grid-cols-2">
            <StatCard
              testId="streak-longest"
              icon={<Trophy className="size-5" />}
              tone="star"
              label={t('streaks.longest')}
              value={t('streaks.days', { count: data.longest })}
            />
            <StatCard
              testId="streak-freezes"
              icon={<Snowflake className="size-5" />}
              tone="freeze"
              label={t('streaks.freezes')}
              value={t('streaks.freezesValue', { count: data.freezes, max: data.maxFreezes })}
              footer={
                <Link to="/shop" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline" data-testid="streak-shop-link">
                  {data.freezes >= data.maxFreezes ? t('streaks.freezesFull') : t('streaks.getFreezes')}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              }
            />
          </div>
          <Card>
            <StreakCalendar
              month={data.month}
              days={data.days}
              today={data.today}
              loading={streak.isPlaceholderData}
              onMonthChange={(shown, by) => setMonth(shiftMonth(shown, by))}
            />
          </Card>
        </>
      )}
    </GamificationPage>
  );
}

function StreakHero({ info }: { info: StreakInfo }) {
  const { t, i18n } = useTranslation('gamification');
  const started = info.current > 0;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage).format(info.current);
  const line = !started ? t('streaks.zeroDescription') : info.activeToday ? t('streaks.doneToday') : t('streaks.keepGoing', { count: info.current + 1 });
  return (
    <Card
      data-testid="streak-hero"
      data-current={info.current}
      className={cn(
        'relative overflow-hidden',
        started && 'border-streak/40 bg-gradient-to-br from-streak/12 via-card to-points/10',
      )}
    >
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        <div aria-hidden="true" className="relative flex size-28 shrink-0 items-center justify-center">
          <span className={cn('absolute inset-0 rounded-full', started ? 'bg-streak/15' : 'bg-muted')} />
          <span className={cn('absolute inset-4 rounded-full', started ? 'bg-streak/20' : 'bg-muted-foreground/10')} />
          <Flame className={cn('relative size-16', started ? 'fill-streak/30 text-streak drop-shadow-sm' : 'text-muted-foreground/60')} strokeWidth={2} />
        </div>
        <div className="min-w-0">
          {started ? (
            <p className="flex items-baseline justify-center gap-2 sm:justify-start">
              <span className="text-6xl font-black tracking-tight text-streak tabular-nums" data-testid="streak-current">
                {number}
              </span>
              <span className="text-xl font-extrabold">{t('streaks.dayStreak', { count: info.current })}</span>
            </p>
          ) : (
            <p className="text-2xl font-extrabold tracking-tight" data-testid="streak-current" data-value="0">
              {t('streaks.zeroTitle')}
            </p>
          )}
          <p className="mt-2 text-muted-foreground" data-testid="streak-line">
            {line}
          </p>
          {info.activeToday && (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-primary/12 px-3 py-1 text-sm font-bold text-primary" data-testid="streak-today-done">
              <ShieldCheck aria-hidden="true" className="size-4" />
              {t('streaks.todayDone', { date: formatDay(info.today, i18n.resolvedLanguage) })}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}

function FreezeNotices({ dates }: { dates: readonly string[] }) {
  const { t, i18n } = useTranslation('gamification');
  if (dates.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('streaks.freezeNotices')}>
      {dates.slice(0, 3).map((date) => (
        <li key={date} data-testid="streak-freeze-notice" className="flex items-center gap-3 rounded-2xl border border-sky-500/30 bg-sky-500/10 px-4 py-3">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sky-500 text-white">
            <Snowflake className="size-5" />
          </span>
          <div>
            <p className="font-bold">{t('streaks.freezeCovered', { date: formatDay(date, i18n.resolvedLanguage) })}</p>
            <p className="text-sm text-muted-foreground">{t('streaks.freezeCoveredHint')}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function StatCard({
  testId,
  icon,
  tone,
  label,
  value,
  footer,
}: {
  testId: string;
  icon: ReactNode;
  tone: keyof typeof TONE_CHIP;
  label: string;
  value: string;
  footer?: ReactNode;
}) {
  return (
    <Card data-testid={testId} className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className={cn('flex size-10 items-center justify-center rounded-xl', TONE_CHIP[tone])}>
          {icon}
        </span>
        <div>
          <p className="text-sm font-semibold text-muted-foreground">{label}</p>
          <p className="text-2xl font-extrabold tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </p>
        </div>
      </div>
      {footer}
    </Card>
  );
}

function StreaksSkeleton() {
  return (
    <>
      <Skeleton className="h-44 rounded-2xl" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
      </div>
      <Skeleton className="h-96 rounded-2xl" />
    </>
  );
}
