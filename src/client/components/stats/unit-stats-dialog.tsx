import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { progressColour } from '../../../shared/lesson-rules';
import type { UnitStats } from '../../../shared/stats';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { BarChart, DonutChart } from './charts';
import { formatDuration, formatMinutesSeconds } from './durations';
import { PROGRESS_CLASSES, ProgressBar, ScopeStatsDialog, StatsSection, StatTile, sharedFlags } from './parts';

export interface UnitStatsDialogProps {
  /** The unit to show; the dialog loads only while open. */
  unitId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The title shown while loading (e.g. from the learn path). */
  unitTitle?: string;
  isShared?: boolean;
  sharedSpaceId?: string;
}

/** Spec §2: the unit statistics dialog (wide) — skeletons while loading, then stats, or the empty state. */
export function UnitStatsDialog({ unitId, open, onOpenChange, unitTitle, isShared, sharedSpaceId }: UnitStatsDialogProps) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.stats.getUnitStats.queryOptions({ unitId, ...sharedFlags(isShared, sharedSpaceId) }), enabled: open });
  return (
    <ScopeStatsDialog scope="unit" open={open} onOpenChange={onOpenChange} query={query} title={query.data?.unitTitle ?? unitTitle}>
      {(stats) => <UnitStatsContent stats={stats} />}
    </ScopeStatsDialog>
  );
}

function UnitStatsContent({ stats }: { stats: UnitStats }) {
  const { t } = useTranslation('stats');
  const colour = progressColour(stats.completionPercentage);
  // The definitions are src/shared/stats.ts's: completed = answered right (at some point), correct = right the first time.
  const rightWhenAskedAgain = Math.max(0, stats.completedChallenges - stats.correctChallenges);
  const notYetRight = Math.max(0, stats.totalChallenges - stats.completedChallenges);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="unit-stats">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile
          label={t('unit.completion')}
          value={t('common.percent', { value: stats.completionPercentage })}
          hint={t('unit.lessonsOf', { completed: stats.completedLessons, total: stats.totalLessons })}
          tone={PROGRESS_CLASSES[colour].text}
          testId="unit-completion"
        />
        <StatTile
          label={t('unit.challenges')}
          value={t('common.of', { part: stats.completedChallenges, whole: stats.totalChallenges })}
          hint={t('unit.challengesValue', { correct: stats.correctChallenges })}
          testId="unit-challenges"
        />
        <StatTile label={t('unit.averageTime')} value={formatDuration(stats.averageCompletionTime)} testId="unit-average-time" />
        <StatTile label={t('unit.studyTime')} value={formatMinutesSeconds(stats.totalStudyTimeMs)} testId="unit-study-time" />
      </div>

      <StatsSection title={t('unit.lessonList')} hint={t('common.of', { part: stats.completedLessons, whole: stats.totalLessons })}>
        <div className="grid grid-cols-[minmax(0,1fr)_auto_3.5rem] gap-3 px-1 text-xs font-semibold text-muted-foreground sm:grid-cols-[minmax(0,1fr)_10rem_5rem]" aria-hidden="true">
          <span>{t('unit.lessonColumn')}</span>
          <span>{t('unit.completionColumn')}</span>
          <span className="text-right">{t('unit.averageTimeColumn')}</span>
        </div>
        <ul className="-mr-2 flex max-h-72 flex-col gap-1 overflow-y-auto pr-2" data-testid="unit-lesson-list">
          {stats.lessonStats.map((lesson, index) => {
            const lessonColour = progressColour(lesson.completionPercentage);
            return (
              <li
                key={lesson.lessonId}
                className="grid grid-cols-[minmax(0,1fr)_auto_3.5rem] items-center gap-3 rounded-lg px-1 py-1.5 text-sm odd:bg-muted/40 sm:grid-cols-[minmax(0,1fr)_10rem_5rem]"
                data-testid="unit-lesson"
                data-colour={lessonColour}
              >
                <span className="flex min-w-0 items-center gap-2">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-bold tabular-nums" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="line-clamp-2 font-medium break-words sm:truncate" data-testid="unit-lesson-title">
                    {lesson.title}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <ProgressBar value={lesson.completionPercentage} label={lesson.title} className="hidden sm:block" />
                  <span className={cn('w-10 shrink-0 text-right text-xs font-bold tabular-nums', PROGRESS_CLASSES[lessonColour].text)} data-testid="unit-lesson-completion">
                    {t('common.percent', { value: lesson.completionPercentage })}
                  </span>
                </span>
                <span className="text-right text-xs text-muted-foreground tabular-nums" data-testid="unit-lesson-time">
                  {formatDuration(lesson.averageTime)}
                </span>
              </li>
            );
          })}
        </ul>
      </StatsSection>

      <div className="grid min-w-0 gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <StatsSection title={t('unit.completionChart')}>
          <BarChart
            label={t('unit.completionChart')}
            series={[{ key: 'completion', label: t('unit.completionSeries'), paint: 'fill-blue-500', dot: 'bg-blue-500' }]}
            data={stats.lessonStats.map((lesson, index) => ({
              key: lesson.lessonId,
              label: t('unit.lessonShort', { number: index + 1 }),
              name: lesson.title,
              values: [lesson.completionPercentage],
            }))}
            maxValue={100}
            testId="unit-completion-chart"
          />
        </StatsSection>
        <StatsSection title={t('unit.challengeChart')}>
          <DonutChart
            label={t('unit.challengeChart')}
            center={String(stats.completedChallenges)}
            centerCaption={t('unit.challengeCenter', { total: stats.totalChallenges })}
            segments={[
              { key: 'correct', label: t('common.rightFirstTime'), value: stats.correctChallenges, paint: 'stroke-green-500', dot: 'bg-green-500' },
              { key: 'askedAgain', label: t('common.rightAfterRetry'), value: rightWhenAskedAgain, paint: 'stroke-amber-500', dot: 'bg-amber-500' },
              { key: 'notYet', label: t('common.notYet'), value: notYetRight, paint: 'stroke-muted-foreground/25', dot: 'bg-muted-foreground/25' },
            ]}
            testId="unit-challenge-chart"
          />
        </StatsSection>
      </div>
    </div>
  );
}
