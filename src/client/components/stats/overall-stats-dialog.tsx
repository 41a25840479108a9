import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completedLessonsOrEstimate, progressColour } from '../../../shared/lesson-rules';
import type { OverallStats } from '../../../shared/stats';
import { useTRPC } from '../../lib/trpc';
import { cn } from '../../lib/cn';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { BarChart, DonutChart } from './charts';
import { formatDuration } from './durations';
import { formatDay, PROGRESS_CLASSES, ProgressBar, StatsEmptyState, StatsSection, StatsSkeleton, StatTile, sharedFlags, useLogLoadError } from './parts';

export interface OverallStatsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The file whose learn path is summed up; without it, every file of the user. */
  fileId?: string;
  /** Spec §7: opened from a shared space. */
  isShared?: boolean;
  sharedSpaceId?: string;
}

/** Spec §2: the overall statistics dialog (wider) — donut, daily activity, unit progress. */
export function OverallStatsDialog({ open, onOpenChange, fileId, isShared, sharedSpaceId }: OverallStatsDialogProps) {
  const { t } = useTranslation('stats');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.stats.getOverallStats.queryOptions({ ...(fileId !== undefined && { fileId }), ...sharedFlags(isShared, sharedSpaceId) }), enabled: open });
  useLogLoadError(query.error, 'overall statistics');
  const stats = query.data;
  const empty = query.isError || (stats !== undefined && stats.activeDays === 0);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-5 p-4 sm:p-6" data-testid="overall-stats-dialog">
        <DialogHeader>
          <DialogTitle>{t('overall.title')}</DialogTitle>
          <DialogDescription>{t('overall.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <StatsSkeleton tiles={4} label={t('common.loading')} testId="overall-stats-loading" />
        ) : empty || !stats ? (
          <StatsEmptyState title={t('overall.emptyTitle')} hint={t('overall.emptyHint')} testId="overall-stats-empty" />
        ) : (
          <OverallStatsContent stats={stats} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OverallStatsContent({ stats }: { stats: OverallStats }) {
  const { t, i18n } = useTranslation('stats');
  const completed = Math.min(stats.totalLessons, Math.round(completedLessonsOrEstimate(stats.completedLessons, stats.totalLessons, stats.unitProgressList)));
  const remaining = Math.max(0, stats.totalLessons - completed);
  const lessonPercent = stats.totalLessons > 0 ? Math.round((100 * completed) / stats.totalLessons) : 0;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="overall-stats">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile
          label={t('overall.completedLessons')}
          value={t('common.of', { part: completed, whole: stats.totalLessons })}
          hint={t('overall.units', { count: stats.totalUnits })}
          testId="overall-completed-lessons"
        />
        <StatTile
          label={t('overall.correctPercentage')}
          value={t('common.percent', { value: stats.correctPercentage })}
          hint={t('overall.correctOf', { correct: stats.correctChallenges, completed: stats.completedChallenges })}
          tone={PROGRESS_CLASSES[progressColour(stats.correctPercentage)].text}
          testId="overall-correct"
        />
        <StatTile
          label={t('overall.averageChallengeTime')}
          value={formatDuration(stats.averageChallengeTimeMs)}
          testId="overall-average-time"
        />
        <StatTile
          label={t('overall.totalStudyTime')}
          value={formatDuration(stats.totalStudyTimeMs)}
          hint={t('overall.activeDaysValue', { count: stats.activeDays })}
          testId="overall-study-time"
        />
      </div>

      <div className="grid min-w-0 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <StatsSection title={t('overall.lessonProgress')}>
          <DonutChart
            label={t('overall.lessonProgress')}
            center={t('common.percent', { value: lessonPercent })}
            centerCaption={t('overall.lessonProgressCenter', { total: stats.totalLessons })}
            segments={[
              { key: 'completed', label: t('common.completed'), value: completed, paint: 'stroke-green-500', dot: 'bg-green-500' },
              { key: 'remaining', label: t('common.remaining'), value: remaining, paint: 'stroke-muted-foreground/25', dot: 'bg-muted-foreground/25' },
            ]}
            testId="overall-donut"
          />
        </StatsSection>
        <StatsSection title={t('overall.dailyActivity')} hint={t('overall.dailyActivityHint')}>
          <BarChart
            label={t('overall.dailyActivity')}
            series={[{ key: 'challenges', label: t('overall.challengesSeries'), paint: 'fill-primary', dot: 'bg-primary' }]}
            data={stats.dailyActivity.map((day) => {
              const label = formatDay(day.date, i18n.language);
              return {
                key: day.date,
                label,
                values: [day.challenges],
                title: t('overall.dayTitle', { day: label, count: day.challenges, time: formatDuration(day.timeSpentMs) }),
              };
            })}
            testId="overall-daily-activity"
          />
        </StatsSection>
      </div>

      <StatsSection title={t('overall.unitProgress')} hint={t('overall.units', { count: stats.unitProgressList.length })}>
        {stats.unitProgressList.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground" data-testid="overall-no-units">
            {t('overall.noUnitProgress')}
          </p>
        ) : (
          <ul className="-mr-2 flex max-h-52 flex-col gap-3 overflow-y-auto pr-2" data-testid="overall-unit-list">
            {stats.unitProgressList.map((unit) => {
              const colour = progressColour(unit.completionPercentage);
              return (
                <li key={unit.unitId} className="flex flex-col gap-1.5" data-testid="overall-unit" data-colour={colour}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="truncate font-medium" data-testid="overall-unit-title">
                      {unit.title}
                    </span>
                    <span className={cn('shrink-0 font-bold tabular-nums', PROGRESS_CLASSES[colour].text)} data-testid="overall-unit-percent">
                      {t('common.percent', { value: unit.completionPercentage })}
                    </span>
                  </div>
                  <ProgressBar value={unit.completionPercentage} label={unit.title} />
                </li>
              );
            })}
          </ul>
        )}
      </StatsSection>
    </div>
  );
}
