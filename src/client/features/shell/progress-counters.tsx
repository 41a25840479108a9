import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Flame, Heart, Infinity as InfinityIcon, Star, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/number-format';
import { useTRPC } from '../../lib/trpc';

const counterClass =
  'flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-bold tabular-nums transition-colors [&_svg]:size-[1.125rem] [&_svg]:shrink-0';

/** One counter: the icon and number are for the eye, the sentence for screen readers. */
function Counter({ testId, icon, value, label, to }: { testId: string; icon: ReactNode; value: ReactNode; label: string; to?: '/streaks' | '/shop' }) {
  const content = (
    <>
      {icon}
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{label}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} data-testid={testId} title={label} className={cn(counterClass, 'hover:bg-muted')}>
          {content}
        </Link>
      ) : (
        <span data-testid={testId} title={label} className={counterClass}>
          {content}
        </span>
      )}
    </li>
  );
}

/** Streak, points, stars and hearts of spec §2 "Header" from gamification.getProgress. */
export function ProgressCounters({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const trpc = useTRPC();
  const progress = useQuery(trpc.gamification.getProgress.queryOptions());
  if (!progress.data) {
    return progress.isPending ? (
      <div className={cn('flex items-center gap-2', className)}>
        {[0, 1, 2, 3].map((slot) => (
          <Skeleton key={slot} className="h-7 w-11 rounded-lg" />
        ))}
      </div>
    ) : null;
  }

  const { streak, points, stars, hearts, unlimitedHearts } = progress.data;
  const locale = i18n.resolvedLanguage;
  return (
    <ul aria-label={t('progress.label')} className={cn('flex items-center', className)}>
      <Counter
        testId="progress-streak"
        to="/streaks"
        icon={<Flame aria-hidden="true" className={streak > 0 ? 'fill-streak/25 text-streak' : 'text-muted-foreground'} />}
        value={formatCount(streak, locale)}
        label={t('progress.streak', { count: streak })}
      />
      <Counter
        testId="progress-points"
        icon={<Zap aria-hidden="true" className="fill-points/30 text-points" />}
        value={formatCount(points, locale)}
        label={t('progress.points', { count: points })}
      />
      <Counter
        testId="progress-stars"
        icon={<Star aria-hidden="true" className="fill-star/30 text-star" />}
        value={formatCount(stars, locale)}
        label={t('progress.stars', { count: stars })}
      />
      <Counter
        testId="progress-hearts"
        to="/shop"
        icon={<Heart aria-hidden="true" className="fill-heart/25 text-heart" />}
        value={unlimitedHearts ? <InfinityIcon aria-hidden="true" className="text-heart" /> : formatCount(hearts, locale)}
        label={unlimitedHearts ? t('progress.heartsUnlimited') : t('progress.hearts', { count: hearts })}
      />
    </ul>
  );
}
