import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { PartyPopper, Zap } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestCelebration as Celebration } from '../../../shared/gamification';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import './celebration.css';
import { QUEST_ICONS, QUEST_TONES, questTitle } from './quest-text';

const keyOf = (celebration: Pick<Celebration, 'questId' | 'period'>) => `${celebration.questId}@${celebration.period}`;

const CONFETTI_COLOURS = ['#f97316', '#eab308', '#22c55e', '#0ea5e9', '#e11d48', '#8b5cf6'];
/** Fixed pieces (no randomness, so every render is the same): position, delay, drift and colour. */
const CONFETTI = Array.from({ length: 28 }, (_, index) => ({
  left: (index * 37) % 100,
  delay: (index % 7) * 0.09,
  drift: `${((index * 53) % 9) - 4}rem`,
  spin: `${360 + ((index * 71) % 5) * 120}deg`,
  colour: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length],
}));

/** Lessons keep the screen to themselves: a celebration waits until the lesson (and its finish screen) is left. */
const onLesson = (pathname: string) => pathname === '/lesson' || pathname.startsWith('/lesson/');

/**
 * The app-wide celebration of completed quests (spec: "completing one awards points and shows a celebration"): a
 * dialog with confetti and the points won whenever getProgress() reports quests not yet celebrated. Closing it tells
 * the server they were seen (acknowledgeQuests), so each is celebrated once.
 */
export function QuestCelebration() {
  const { t } = useTranslation('gamification');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const progress = useQuery(trpc.gamification.getProgress.queryOptions());
  // Celebrations closed here: they stay closed while the acknowledgement and the next progress are on their way.
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const acknowledge = useMutation(
    trpc.gamification.acknowledgeQuests.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
        void queryClient.invalidateQueries(trpc.gamification.getQuests.queryFilter());
      },
    }),
  );

  const showing = (progress.data?.celebrations ?? []).filter((celebration) => !closed.has(keyOf(celebration)));
  const open = showing.length > 0 && !onLesson(pathname);
  const total = showing.reduce((sum, celebration) => sum + celebration.points, 0);

  const close = () => {
    if (showing.length === 0) return;
    setClosed((current) => new Set([...current, ...showing.map(keyOf)]));
    acknowledge.mutate({ completions: showing.map(({ questId, period }) => ({ questId, period })) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && (
        <DialogContent hideClose className="max-w-md overflow-hidden p-0" data-testid="quest-celebration">
          <div aria-hidden="true" className="gm-confetti">
            {CONFETTI.map((piece, index) => (
              <span
                key={index}
                style={
                  {
                    left: `${piece.left}%`,
                    animationDelay: `${piece.delay}s`,
                    background: piece.colour,
                    '--gm-drift': piece.drift,
                    '--gm-spin': piece.spin,
                  } as CSSProperties
                }
              />
            ))}
          </div>
          <div className="relative flex flex-col items-center px-6 pt-9 pb-6 text-center">
            <span aria-hidden="true" className="gm-pop flex size-20 items-center justify-center rounded-full bg-points/20 text-amber-600 ring-8 ring-points/10 dark:text-points">
              <PartyPopper className="size-10" />
            </span>
            <DialogTitle className="mt-5 text-2xl font-extrabold tracking-tight">{t('celebration.title', { count: showing.length })}</DialogTitle>
            <DialogDescription className="mt-1 text-base">{t('celebration.description')}</DialogDescription>
            <p className="gm-pop mt-4 flex items-center gap-1.5 text-4xl font-black text-amber-600 tabular-nums dark:text-points" data-testid="quest-celebration-total">
              <Zap aria-hidden="true" className="size-8 fill-current" />
              {t('reward', { count: total })}
            </p>
            <ul className="mt-5 flex w-full flex-col gap-2 text-left">
              {showing.map((celebration) => {
                const Icon = QUEST_ICONS[celebration.kind];
                return (
                  <li
                    key={keyOf(celebration)}
                    data-testid="quest-celebration-item"
                    data-quest={celebration.questId}
                    className="flex items-center gap-3 rounded-xl border border-border bg-background/80 px-3 py-2.5"
                  >
                    <span aria-hidden="true" className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', QUEST_TONES[celebration.kind])}>
                      <Icon className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1 font-semibold">{questTitle(celebration.kind, celebration.target, t)}</span>
                    <span className="shrink-0 text-sm font-extrabold text-amber-700 tabular-nums dark:text-points">{t('reward', { count: celebration.points })}</span>
                  </li>
                );
              })}
            </ul>
            <Button size="lg" className="mt-6 w-full" onClick={close} data-testid="quest-celebration-continue" autoFocus>
              {t('celebration.continue')}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
