import { BookOpenText, Check, FileText, Flame, Heart, Lock, type LucideIcon, Star, Trophy, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

type NodeState = 'done' | 'current' | 'locked' | 'goal';

/** The zigzag of a Duolingo-style path: each lesson node's state and sideways offset (phones show a shorter path). */
const PATH: { state: NodeState; offset: string }[] = [
  { state: 'done', offset: 'translate-x-0' },
  { state: 'done', offset: '-translate-x-12' },
  { state: 'current', offset: '-translate-x-16' },
  { state: 'locked', offset: '-translate-x-6' },
  { state: 'locked', offset: 'translate-x-10 max-sm:hidden' },
  { state: 'goal', offset: 'translate-x-14' },
];

const NODE_STYLE: Record<NodeState, { className: string; Icon: LucideIcon }> = {
  done: { className: 'size-14 bg-primary text-primary-foreground border-b-[6px] border-green-900/40', Icon: Check },
  current: {
    className: 'size-16 bg-primary text-primary-foreground border-b-[6px] border-green-900/40 ring-8 ring-primary/20',
    Icon: Star,
  },
  locked: { className: 'size-14 bg-muted text-muted-foreground border-b-[6px] border-black/10 dark:border-black/40', Icon: Lock },
  goal: { className: 'size-14 bg-amber-400 text-amber-950 border-b-[6px] border-amber-600', Icon: Trophy },
};

/** A picture of the product built from markup (crisp at any size, translated, no image request); hidden from readers. */
export function HeroVisual() {
  const { t } = useTranslation('landing');
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none sm:max-w-xl sm:pt-10 lg:max-w-lg">
      <div className="relative z-10 mx-auto w-full max-w-[21rem] rounded-[2rem] border border-border bg-card p-4 text-card-foreground shadow-2xl shadow-green-900/15 dark:shadow-black/50">
        <div className="flex items-center justify-between gap-2 px-1 text-sm font-bold">
          <Stat Icon={Flame} className="text-streak" value={7} />
          <Stat Icon={Zap} className="text-points" value={340} />
          <Stat Icon={Heart} className="text-heart" value={5} fill />
        </div>
        <div className="mt-4 flex items-center justify-between rounded-2xl border-b-4 border-green-900/30 bg-primary px-4 py-3 text-primary-foreground">
          <div>
            <p className="text-xs font-bold tracking-wider uppercase">{t('heroVisual.unit', { number: 2 })}</p>
            <p className="text-lg font-extrabold">{t('heroVisual.unitTitle')}</p>
          </div>
          <span className="grid size-10 place-items-center rounded-xl bg-white/20">
            <BookOpenText className="size-5" />
          </span>
        </div>
        <ol className="flex flex-col items-center gap-5 pt-8 pb-4">
          {PATH.map(({ state, offset }, index) => (
            <PathNode key={index} state={state} offset={offset} startLabel={t('heroVisual.start')} />
          ))}
        </ol>
      </div>
      <FloatingCard className="top-0 -left-2 hidden -rotate-3 sm:flex lg:-left-8">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300">
          <FileText className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-bold">{t('heroVisual.fileName')}</span>
          <span className="block text-xs text-muted-foreground">{t('heroVisual.fileMeta', { count: 38 })}</span>
        </span>
      </FloatingCard>
      <FloatingCard className="top-[44%] -right-2 hidden w-60 flex-col items-stretch rotate-2 sm:flex lg:-right-8">
        <span className="self-end rounded-2xl rounded-br-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground">
          {t('heroVisual.chatQuestion')}
        </span>
        <span className="rounded-2xl rounded-bl-md bg-muted px-3 py-2 text-sm">
          {t('heroVisual.chatAnswer')}{' '}
          <span className="ml-0.5 inline-flex rounded-md bg-accent px-1.5 py-0.5 text-xs font-bold text-accent-foreground">
            {t('heroVisual.page', { page: 14 })}
          </span>
        </span>
      </FloatingCard>
      <FloatingCard className="bottom-10 -left-4 hidden w-56 flex-col items-stretch -rotate-2 sm:flex lg:-left-12">
        <span className="text-xs font-bold tracking-wider text-violet-700 uppercase dark:text-violet-300">
          {t('heroVisual.flashcard')}
        </span>
        <span className="text-sm font-semibold">{t('heroVisual.flashcardFront')}</span>
        <span className="mt-1 grid grid-cols-2 gap-2 text-center text-xs font-bold">
          <span className="rounded-lg border border-border py-1.5">{t('heroVisual.again')}</span>
          <span className="rounded-lg bg-primary py-1.5 text-primary-foreground">{t('heroVisual.good')}</span>
        </span>
      </FloatingCard>
    </div>
  );
}

interface StatProps {
  Icon: LucideIcon;
  value: number;
  className: string;
  fill?: boolean;
}

function Stat({ Icon, value, className, fill = false }: StatProps) {
  return (
    <span className="flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5">
      <Icon className={cn('size-4', className)} fill={fill ? 'currentColor' : 'none'} />
      {value}
    </span>
  );
}

function PathNode({ state, offset, startLabel }: { state: NodeState; offset: string; startLabel: string }) {
  const { className, Icon } = NODE_STYLE[state];
  return (
    <li className={cn('relative', state === 'current' && 'mt-8', offset)}>
      {state === 'current' ? (
        <span className="absolute -top-11 left-1/2 -translate-x-1/2 rounded-lg border-2 border-border bg-card px-3 py-1 text-xs font-extrabold tracking-wide text-primary uppercase shadow-sm">
          {startLabel}
        </span>
      ) : null}
      <span className={cn('grid place-items-center rounded-full', className)}>
        <Icon className="size-6" strokeWidth={3} />
      </span>
    </li>
  );
}

function FloatingCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        'absolute z-20 items-center gap-3 rounded-2xl border border-border bg-card/95 p-3 text-card-foreground shadow-xl backdrop-blur-sm',
        className,
      )}
    >
      {children}
    </div>
  );
}
