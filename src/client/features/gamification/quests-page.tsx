import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Clock, Target, Zap } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyQuestKind, Quests } from '../../../shared/gamification';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { formatCountdown } from './gamification-format';
import { Card, CardTitle, GamificationPage, LoadFailed, QuestBar } from './gamification-layout';
import { QUEST_ICONS, QUEST_TONES, questTitle } from './quest-text';
import { useCountdown } from './use-countdown';

/** /quests: today's quests (they start again at the user's midnight) and the XP milestones. */
export function QuestsPage() {
  const { t } = useTranslation('gamification');
  const trpc = useTRPC();
  const quests = useQuery(trpc.gamification.getQuests.queryOptions());
  return (
    <GamificationPage testId="quests-page" icon={Target} tone="primary" title={t('quests.title')} description={t('quests.description')} busy={quests.isPending}>
      {quests.isPending ? (
        <>
          <Skeleton className="h-80 rounded-2xl" />
          <Skeleton className="h-96 rounded-2xl" />
        </>
      ) : !quests.data ? (
        <LoadFailed testId="quests-load-failed" onRetry={() => void quests.refetch()} />
      ) : (
        <>
          <DailyQuests quests={quests.data} />
          <Milestones quests={quests.data} />
        </>
      )}
    </GamificationPage>
  );
}

/** "Resets in 5 h 12 min", counting down; when midnight passes, the new day's quests are fetched. */
export function ResetCountdown({ resetsAt }: { resetsAt: string }) {
  const { t } = useTranslation('gamification');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries(trpc.gamification.getQuests.queryFilter()), [queryClient, trpc]);
  const remaining = useCountdown(resetsAt, refresh);
  if (remaining === null) return null;
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm font-semibold text-muted-foreground" data-testid="quests-resets">
      <Clock aria-hidden="true" className="size-4" />
      {t('quests.resetsIn', { time: formatCountdown(remaining, t) })}
    </p>
  );
}

function RewardChip({ points, done }: { points: number; done: boolean }) {
  const { t } = useTranslation('gamification');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-extrabold tabular-nums',
        done ? 'bg-primary/12 text-primary' : 'bg-points/15 text-amber-700 dark:text-points',
      )}
    >
      <Zap aria-hidden="true" className="size-3.5 fill-current" />
      {t('reward', { count: points })}
    </span>
  );
}

function QuestRow({
  testId,
  kind,
  title,
  progress,
  target,
  points,
  completed,
}: {
  testId: string;
  kind: DailyQuestKind | 'milestone';
  title: string;
  progress: number;
  target: number;
  points: number;
  completed: boolean;
}) {
  const { t, i18n } = useTranslation('gamification');
  const Icon = QUEST_ICONS[kind];
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <li data-testid={testId} data-kind={kind} data-completed={completed} className="flex items-center gap-3 py-4 first:pt-1 last:pb-1 md:gap-4">
      <span
        aria-hidden="true"
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl md:size-12 md:rounded-2xl', completed ? 'bg-primary text-primary-foreground' : QUEST_TONES[kind])}
      >
        {completed ? <Check className="size-5 md:size-6" strokeWidth={3} /> : <Icon className="size-5 md:size-6" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3">
          <p className="font-bold">
            {title}
            {completed && <span className="sr-only">{t('quests.completed')}</span>}
          </p>
          <RewardChip points={points} done={completed} />
        </div>
        <div className="mt-2 flex items-center gap-3">
          <QuestBar value={progress} target={target} complete={completed} label={title} />
          <span className="min-w-14 shrink-0 text-right text-sm font-bold whitespace-nowrap text-muted-foreground tabular-nums" data-testid={`${testId}-count`}>
            {t('quests.count', { progress: number.format(Math.min(progress, target)), target: number.format(target) })}
          </span>
        </div>
      </div>
    </li>
  );
}

function DailyQuests({ quests }: { quests: Quests }) {
  const { t } = useTranslation('gamification');
  const done = quests.daily.filter((quest) => quest.completed).length;
  return (
    <Card data-testid="daily-quests">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>{t('quests.daily')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('quests.dailyDone', { count: done, total: quests.daily.length })}</p>
        </div>
        <ResetCountdown resetsAt={quests.resetsAt} />
      </div>
      <ul className="divide-y divide-border">
        {quests.daily.map((quest) => (
          <QuestRow
            key={quest.id}
            testId={`quest-${quest.kind}`}
            kind={quest.kind}
            title={questTitle(quest.kind, quest.target, t)}
            progress={quest.progress}
            target={quest.target}
            points={quest.points}
            completed={quest.completed}
          />
        ))}
      </ul>
    </Card>
  );
}

function Milestones({ quests }: { quests: Quests }) {
  const { t } = useTranslation('gamification');
  return (
    <Card data-testid="milestones">
      <CardTitle>{t('quests.milestones')}</CardTitle>
      <p className="mb-2 text-sm text-muted-foreground">{t('quests.milestonesDescription')}</p>
      <ul className="divide-y divide-border">
        {quests.milestones.map((milestone) => (
          <QuestRow
            key={milestone.id}
            testId={`milestone-${milestone.id}`}
            kind="milestone"
            title={questTitle('milestone', milestone.threshold, t)}
            progress={milestone.progress}
            target={milestone.threshold}
            points={milestone.points}
            completed={milestone.completed}
          />
        ))}
      </ul>
    </Card>
  );
}
