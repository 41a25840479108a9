import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** The three counts a deck shows, in Anki's colours: new blue, learning orange, due green. */
export const COUNT_LOOK = {
  new: 'bg-sky-500/12 text-sky-700 ring-sky-500/25 dark:text-sky-300',
  learning: 'bg-amber-500/15 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  due: 'bg-primary/12 text-primary ring-primary/25',
} as const;

export type CountKind = keyof typeof COUNT_LOOK;

export function CountBadges({
  counts,
  size = 'md',
  className,
}: {
  counts: Record<CountKind, number>;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t } = useTranslation('decks');
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label={t('counts.label')}>
      {(Object.keys(COUNT_LOOK) as CountKind[]).map((kind) => (
        <li
          key={kind}
          data-testid={`deck-count-${kind}`}
          data-count={counts[kind]}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full font-semibold tabular-nums ring-1 ring-inset',
            size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm',
            COUNT_LOOK[kind],
          )}
        >
          <span className="font-bold">{counts[kind]}</span>
          <span className="font-medium opacity-90">{t(`counts.${kind}`)}</span>
        </li>
      ))}
    </ul>
  );
}
