import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { LoadFailed as SharedLoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';

export type Tone = 'streak' | 'points' | 'heart' | 'primary' | 'freeze' | 'star';

/** Icon chip colours per tone, written out so Tailwind finds them. */
export const TONE_CHIP: Record<Tone, string> = {
  streak: 'bg-streak/12 text-streak',
  points: 'bg-points/15 text-points',
  heart: 'bg-heart/10 text-heart',
  primary: 'bg-primary/12 text-primary',
  freeze: 'bg-sky-500/12 text-sky-500',
  star: 'bg-star/15 text-star',
};

/** The frame of a gamification page: a heading with its icon and a short line, then the page's cards. */
export function GamificationPage({
  testId,
  icon,
  tone,
  title,
  description,
  actions,
  children,
  busy = false,
}: {
  testId: string;
  icon: LucideIcon;
  tone: Tone;
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <section
      aria-labelledby="page-title"
      aria-busy={busy || undefined}
      data-testid={testId}
      className="mx-auto w-full max-w-3xl px-4 pt-6 pb-12 md:px-8 md:pt-10"
    >
      <PageHeader icon={icon} tileClassName={TONE_CHIP[tone]} title={title} description={description} actions={actions} className="mb-6 md:mb-8" />
      <div className="flex flex-col gap-5">{children}</div>
    </section>
  );
}

/** A rounded card with the product's chunky lower edge. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-b-4 border-border bg-card p-5 text-card-foreground md:p-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-extrabold tracking-tight', className)} {...props} />;
}

/** What a page shows when its data did not load: a calm line and a retry. */
export function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  return <SharedLoadFailed card={Card} namespace="gamification" testId={testId} onRetry={onRetry} />;
}

/** A horizontal bar of progress towards a target, with its own label for screen readers. */
export function QuestBar({ value, target, label, complete }: { value: number; target: number; label: string; complete: boolean }) {
  const percent = target > 0 ? Math.min(100, Math.round((Math.min(value, target) / target) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={target}
      aria-valuenow={Math.min(value, target)}
      className="h-3 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-700 motion-reduce:transition-none', complete ? 'bg-primary' : 'bg-points')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
