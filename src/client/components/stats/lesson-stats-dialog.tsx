import { useQuery } from '@tanstack/react-query';
import { Check, Flag, SkipForward, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { progressColour } from '../../../shared/lesson-rules';
import type { AttemptStatus, LessonStats } from '../../../shared/stats';
import { cn } from '../../lib/cn';
import { MathText } from '../math-text';
import { useTRPC } from '../../lib/trpc';
import { BarChart } from './charts';
import { formatDuration } from './durations';
import { formatDateTime, formatDay, PROGRESS_CLASSES, ScopeStatsDialog, StatsSection, StatTile, sharedFlags } from './parts';

export interface LessonStatsDialogProps {
  /** The lesson to show; the dialog loads only while open. */
  lessonId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The title shown while loading (e.g. from the learn path). */
  lessonTitle?: string;
  isShared?: boolean;
  sharedSpaceId?: string;
}

const STATUS_LOOK: Record<AttemptStatus, { className: string; Icon: typeof Check }> = {
  correct: { className: 'bg-green-500/15 text-green-700 dark:text-green-400', Icon: Check },
  incorrect: { className: 'bg-red-500/15 text-red-700 dark:text-red-400', Icon: X },
  skipped: { className: 'bg-muted text-muted-foreground', Icon: SkipForward },
};

/** Spec §2: the lesson statistics dialog — attempt history and individual attempts (status, reported mark). */
export function LessonStatsDialog({ lessonId, open, onOpenChange, lessonTitle, isShared, sharedSpaceId }: LessonStatsDialogProps) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.stats.getLessonStats.queryOptions({ lessonId, ...sharedFlags(isShared, sharedSpaceId) }), enabled: open });
  return (
    <ScopeStatsDialog scope="lesson" open={open} onOpenChange={onOpenChange} query={query} title={query.data?.lessonTitle ?? lessonTitle}>
      {(stats) => <LessonStatsContent stats={stats} />}
    </ScopeStatsDialog>
  );
}

function LessonStatsContent({ stats }: { stats: LessonStats }) {
  const { t, i18n } = useTranslation('stats');
  const colour = progressColour(stats.completionPercentage);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="lesson-stats">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile
          label={t('lesson.completion')}
          value={t('common.percent', { value: stats.completionPercentage })}
          hint={t('lesson.challengesOf', { completed: stats.completedChallenges, total: stats.totalChallenges })}
          tone={PROGRESS_CLASSES[colour].text}
          testId="lesson-completion"
        />
        <StatTile label={t('lesson.averageTime')} value={formatDuration(stats.averageCompletionTime)} testId="lesson-average-time" />
        <StatTile
          label={t('lesson.incorrectTries')}
          value={stats.totalIncorrectTries}
          tone={stats.totalIncorrectTries > 0 ? 'text-red-600 dark:text-red-400' : undefined}
          testId="lesson-incorrect"
        />
        <StatTile label={t('lesson.studyTime')} value={formatDuration(stats.totalStudyTimeMs)} testId="lesson-study-time" />
      </div>

      <StatsSection title={t('lesson.attemptsHistory')} hint={t('lesson.attemptsHistoryHint')}>
        <BarChart
          label={t('lesson.attemptsHistory')}
          series={[
            { key: 'correct', label: t('common.correct'), paint: 'fill-green-500', dot: 'bg-green-500' },
            { key: 'incorrect', label: t('common.incorrect'), paint: 'fill-red-500', dot: 'bg-red-500' },
            { key: 'skipped', label: t('common.skipped'), paint: 'fill-muted-foreground/40', dot: 'bg-muted-foreground/40' },
          ]}
          data={stats.attemptsHistory.map((day) => {
            const label = formatDay(day.date, i18n.language);
            return {
              key: day.date,
              label,
              values: [day.correctCount, day.incorrectCount, day.skippedCount],
              title: [
                label,
                t('common.valuePair', { series: t('common.correct'), value: day.correctCount }),
                t('common.valuePair', { series: t('common.incorrect'), value: day.incorrectCount }),
                t('common.valuePair', { series: t('common.skipped'), value: day.skippedCount }),
                t('lesson.averageTimeOfDay', { time: formatDuration(day.averageTime) }),
              ].join(' · '),
            };
          })}
          testId="lesson-history-chart"
        />
      </StatsSection>

      <StatsSection title={t('lesson.individualAttempts')} hint={t('lesson.attemptCount', { count: stats.individualAttempts.length })}>
        <ul className="-mr-2 flex max-h-72 flex-col gap-1.5 overflow-y-auto pr-2" data-testid="lesson-attempt-list">
          {stats.individualAttempts.map((attempt, index) => {
            const look = STATUS_LOOK[attempt.status];
            return (
              <li
                key={`${attempt.challengeId}-${attempt.createdAt}-${index}`}
                className="flex flex-col gap-1.5 rounded-lg border border-border px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3"
                data-testid="lesson-attempt"
                data-status={attempt.status}
                data-reported={attempt.reported}
              >
                <span className={cn('mt-0.5 inline-flex shrink-0 items-center justify-center gap-1 self-start sm:w-28 rounded-full px-2 py-0.5 text-xs font-semibold', look.className)} data-testid="lesson-attempt-status">
                  <look.Icon className="size-3" aria-hidden="true" />
                  {t(`common.${attempt.status}`)}
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className={cn('break-words', attempt.reported && 'text-muted-foreground line-through')} data-testid="lesson-attempt-question">
                    <MathText text={attempt.question} />
                  </span>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                    <span className="tabular-nums">{formatDuration(attempt.timeToComplete)}</span>
                    <span>{formatDateTime(attempt.createdAt, i18n.language)}</span>
                    {attempt.reported && (
                      <span className="inline-flex items-center gap-1 font-semibold text-amber-700 dark:text-amber-400" data-testid="lesson-attempt-reported">
                        <Flag className="size-3" aria-hidden="true" />
                        {t('lesson.reported')}
                      </span>
                    )}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </StatsSection>
    </div>
  );
}
