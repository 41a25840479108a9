import { ArrowRight, CheckCircle2, Clock, CloudOff, Heart, RotateCcw, Star, Target, Trophy, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonResult } from '../../../shared/learn';
import { MathText } from '../../components/math-text';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDuration } from './learn-data';

/**
 * The end of a lesson: its stars, points, accuracy (right the first time) and time, the challenges missed at first and
 * asked again until answered right, and back to the path.
 */
export function FinishScreen({
  result,
  challengeCount,
  askedAgain,
  onContinue,
  offline = false,
}: {
  result: LessonResult;
  challengeCount: number;
  /** The questions of the challenges asked again, in the order they were missed. */
  askedAgain: readonly string[];
  onContinue: () => void;
  /** Played offline: the result is the device's own count until the server has the replay. */
  offline?: boolean;
}) {
  const { t, i18n } = useTranslation('learn');
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => continueRef.current?.focus(), []);
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 0 });
  const stats: Array<{ icon: LucideIcon; tone: string; label: string; value: string; testId: string }> = [
    { icon: Zap, tone: 'text-points', label: t('finish.points'), value: t('finish.pointsValue', { count: result.pointsGained }), testId: 'finish-points' },
    { icon: Target, tone: 'text-emerald-600 dark:text-emerald-400', label: t('finish.accuracy'), value: percent.format(result.accuracy), testId: 'finish-accuracy' },
    { icon: Clock, tone: 'text-sky-600 dark:text-sky-400', label: t('finish.time'), value: formatDuration(result.timeMs), testId: 'finish-time' },
  ];
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10 md:py-16" data-testid="lesson-finished" aria-labelledby="lesson-finished-title">
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className="flex size-20 items-center justify-center rounded-full bg-star/15 text-star">
          <Trophy className="size-10" />
        </span>
        <h1 id="lesson-finished-title" className="mt-5 text-2xl font-extrabold tracking-tight md:text-3xl">
          {result.practice ? t('finish.practiceTitle') : t('finish.title')}
        </h1>
        <div className="mt-5 flex items-end gap-2" role="img" aria-label={t('finish.stars', { count: result.stars })} data-testid="finish-stars" data-stars={result.stars}>
          {[1, 2, 3].map((slot) => (
            <Star
              key={slot}
              aria-hidden="true"
              className={cn(slot === 2 ? 'size-14' : 'size-11', slot <= result.stars ? 'fill-star text-star drop-shadow-sm' : 'text-muted-foreground/30')}
            />
          ))}
        </div>
        <p className="mt-3 text-muted-foreground">{t('finish.description', { count: challengeCount })}</p>
      </div>
      <dl className="mt-8 grid grid-cols-3 gap-3">
        {stats.map(({ icon: Icon, tone, label, value, testId }) => (
          <div key={testId} className="rounded-2xl border border-border bg-card p-3 text-center md:p-4">
            <dt className="flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <Icon aria-hidden="true" className={cn('size-3.5', tone)} />
              {label}
            </dt>
            <dd className="mt-1.5 text-xl font-extrabold tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-center text-xs text-muted-foreground">{t('finish.accuracyHint')}</p>
      {askedAgain.length > 0 ? (
        <section className="mt-6 rounded-2xl border border-border bg-card p-4" aria-labelledby="finish-asked-again-title" data-testid="finish-asked-again">
          <h2 id="finish-asked-again-title" className="flex items-center gap-2 text-sm font-bold">
            <RotateCcw aria-hidden="true" className="size-4 text-primary" />
            {t('finish.askedAgainTitle', { count: askedAgain.length })}
          </h2>
          <ul className="mt-2 grid gap-1.5 text-sm text-muted-foreground">
            {askedAgain.map((question, position) => (
              <li key={position} className="line-clamp-2" data-testid="finish-asked-again-item">
                <MathText text={question} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="mt-4 flex items-center justify-center gap-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400" data-testid="finish-none-asked-again">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t('finish.noneAskedAgain')}
        </p>
      )}
      {result.practice && (
        <p className="mt-4 flex items-center justify-center gap-1.5 text-sm font-semibold text-heart" data-testid="finish-heart">
          <Heart aria-hidden="true" className="size-4 fill-heart" />
          {t('finish.heartBack', { count: result.hearts })}
        </p>
      )}
      {offline && (
        <p role="status" className="mt-4 flex items-start justify-center gap-2 text-center text-sm text-muted-foreground" data-testid="finish-offline">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('finish.offline')}
        </p>
      )}
      {result.bestStars > result.stars && <p className="mt-3 text-center text-sm text-muted-foreground">{t('finish.bestKept', { count: result.bestStars })}</p>}
      <div className="mt-8 flex justify-center">
        <Button ref={continueRef} size="lg" className="min-w-48" onClick={onContinue} data-testid="finish-continue">
          {t('player.continue')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
