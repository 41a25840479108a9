import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { PLANS, type PlanSlug } from '../../../shared/plans';
import { LoadFailed as SharedLoadFailed } from '../../components/load-failed';
import { cn } from '../../lib/cn';

/** Each plan's colour, the same in the table, the cards and the plan menu. */
const PLAN_LOOK: Record<PlanSlug, string> = {
  free: 'bg-muted text-muted-foreground ring-border',
  pro: 'bg-primary/12 text-primary ring-primary/25',
  ultra: 'bg-violet-500/12 text-violet-700 ring-violet-500/25 dark:text-violet-300',
  enterprise: 'bg-amber-500/15 text-amber-800 ring-amber-500/30 dark:text-amber-300',
};

export function PlanBadge({ plan, className }: { plan: PlanSlug; className?: string }) {
  return (
    <span
      data-plan={plan}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset', PLAN_LOOK[plan], className)}
    >
      {PLANS[plan].name}
    </span>
  );
}

/** A rounded card with the product's chunky lower edge. */
export function AdminCard({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-b-4 border-border bg-card text-card-foreground', className)} {...props} />;
}

/** A calm centred message inside a panel: nothing found, nothing to do. */
export function PanelMessage({
  icon: Icon,
  title,
  description,
  testId,
  tone = 'muted',
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  testId: string;
  tone?: 'muted' | 'primary';
}) {
  return (
    <AdminCard className="flex flex-col items-center px-6 py-12 text-center" data-testid={testId}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-12 items-center justify-center rounded-2xl',
          tone === 'primary' ? 'bg-primary/12 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-6" />
      </span>
      <p className="mt-4 font-bold text-balance">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-balance text-muted-foreground">{description}</p>}
    </AdminCard>
  );
}

/** What a panel shows when its data did not load: a calm line and a retry. */
export function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  return <SharedLoadFailed card={AdminCard} className="px-6" namespace="admin" testId={testId} onRetry={onRetry} />;
}
