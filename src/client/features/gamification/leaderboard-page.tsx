import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Medal, Trophy, Zap } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardPeriod } from '../../../shared/gamification';
import { Avatar } from '../../components/ui/avatar';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { formatCountdown } from './gamification-format';
import { Card, GamificationPage, LoadFailed } from './gamification-layout';
import { useCountdown } from './use-countdown';

/** Gold, silver and bronze for the first three places. */
const PODIUM: Record<number, string> = {
  1: 'bg-gradient-to-b from-yellow-300 to-amber-500 text-amber-950 shadow-sm shadow-amber-500/40',
  2: 'bg-gradient-to-b from-slate-200 to-slate-400 text-slate-900 shadow-sm shadow-slate-400/40',
  3: 'bg-gradient-to-b from-orange-300 to-orange-600 text-orange-950 shadow-sm shadow-orange-600/40',
};

/** /leaderboard: this week's XP and all time, the top 50, and the user's own place always in view. */
export function LeaderboardPage() {
  const { t } = useTranslation('gamification');
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const trpc = useTRPC();
  const board = useQuery({ ...trpc.gamification.getLeaderboard.queryOptions({ period }), placeholderData: keepPreviousData });
  return (
    <GamificationPage
      testId="leaderboard-page"
      icon={Trophy}
      tone="points"
      title={t('leaderboard.title')}
      description={t('leaderboard.description')}
      busy={board.isPending}
    >
      <Tabs.Root value={period} onValueChange={(value) => setPeriod(value === 'all' ? 'all' : 'week')}>
        <Tabs.List aria-label={t('leaderboard.periods')} className="mb-5 grid w-full grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:inline-grid sm:w-auto">
          {(['week', 'all'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              data-testid={`leaderboard-tab-${value}`}
              className="rounded-lg px-5 py-2 text-sm font-bold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {t(`leaderboard.tab.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['week', 'all'] as const).map((value) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
            {value !== period ? null : board.isPending ? (
              <BoardSkeleton />
            ) : !board.data ? (
              <LoadFailed testId="leaderboard-load-failed" onRetry={() => void board.refetch()} />
            ) : (
              <Board board={board.data} loading={board.isPlaceholderData} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </GamificationPage>
  );
}

/** "Resets Monday · in 3 d 4 h": when this week's board starts again. */
function WeekReset({ resetsAt }: { resetsAt: string }) {
  const { t } = useTranslation('gamification');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries(trpc.gamification.getLeaderboard.queryFilter()), [queryClient, trpc]);
  const remaining = useCountdown(resetsAt, refresh, 60_000);
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground" data-testid="leaderboard-resets">
      <CalendarClock aria-hidden="true" className="size-4" />
      <span>{t('leaderboard.resetsMonday')}</span>
      {remaining !== null && remaining > 0 && (
        <>
          <span aria-hidden="true">·</span>
          <span>{t('leaderboard.resetsIn', { time: formatCountdown(remaining, t) })}</span>
        </>
      )}
    </p>
  );
}

function Board({ board, loading }: { board: Leaderboard; loading: boolean }) {
  const { t } = useTranslation('gamification');
  const { entries, me } = board;
  const meListed = entries.some((entry) => entry.isMe);
  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', loading && 'opacity-60')} data-testid="leaderboard" data-period={board.period}>
      {board.period === 'week' && board.resetsAt && <WeekReset resetsAt={board.resetsAt} />}
      <Card className="p-2 md:p-3">
        {entries.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center" data-testid="leaderboard-empty">
            <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-points/15 text-amber-600 dark:text-points">
              <Medal className="size-8" />
            </span>
            <p className="mt-4 text-lg font-extrabold">{t(`leaderboard.empty.${board.period}.title`)}</p>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t(`leaderboard.empty.${board.period}.description`)}</p>
          </div>
        ) : (
          <ol aria-label={t('leaderboard.top', { count: LEADERBOARD_SIZE })} className="flex flex-col gap-1">
            {entries.map((entry) => (
              <Row key={entry.username} rank={entry.rank} username={entry.username} image={entry.image} xp={entry.xp} isMe={entry.isMe} />
            ))}
          </ol>
        )}
      </Card>
      {!meListed && (
        <div className="sticky bottom-3 z-10" data-testid="leaderboard-me-pinned">
          <div className="rounded-2xl bg-card p-1 shadow-lg shadow-black/10 dark:shadow-black/40">
            <ol aria-label={t('leaderboard.yourPlace')}>
              <Row
                rank={me.rank}
                username={me.username}
                image={me.image}
                xp={me.xp}
                isMe
                hint={me.rank === null ? t(`leaderboard.join.${board.period}`) : undefined}
              />
            </ol>
          </div>
        </div>
      )}
    </div>
  );
}

function Row({
  rank,
  username,
  image,
  xp,
  isMe,
  hint,
}: {
  rank: number | null;
  username: string;
  image: string | null;
  xp: number;
  isMe: boolean;
  hint?: string;
}) {
  const { t, i18n } = useTranslation('gamification');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const podium = rank !== null ? PODIUM[rank] : undefined;
  return (
    <li
      data-testid={isMe ? 'leaderboard-me' : 'leaderboard-row'}
      data-rank={rank ?? ''}
      aria-current={isMe || undefined}
      className={cn('flex items-center gap-3 rounded-xl px-3 py-2.5 md:gap-4', isMe ? 'bg-primary/10 ring-2 ring-primary/40' : 'hover:bg-muted/60')}
    >
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-extrabold tabular-nums',
          podium ?? 'text-muted-foreground',
        )}
        data-testid="leaderboard-rank"
      >
        {rank === null ? '–' : number.format(rank)}
        <span className="sr-only">{rank === null ? t('leaderboard.unranked') : t('leaderboard.rank', { rank })}</span>
      </span>
      <Avatar name={username} image={image} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate font-bold" data-testid="leaderboard-username">
          <span className="truncate">{username}</span>
          {isMe && <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-[0.6875rem] font-extrabold tracking-wide text-primary-foreground uppercase">{t('leaderboard.you')}</span>}
        </p>
        {hint && <p className="text-sm leading-snug text-muted-foreground" data-testid="leaderboard-join">{hint}</p>}
      </div>
      <span className="flex shrink-0 items-center gap-1 font-extrabold tabular-nums" data-testid="leaderboard-xp">
        <Zap aria-hidden="true" className="size-4 fill-points/40 text-points" />
        {t('xp', { value: number.format(xp) })}
      </span>
    </li>
  );
}

function BoardSkeleton() {
  return (
    <Card className="flex flex-col gap-2 p-3">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex items-center gap-4 px-3 py-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </Card>
  );
}
