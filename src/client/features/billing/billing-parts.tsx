import { AlertTriangle, Check, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInterval } from '../../../shared/pricing';
import { cn } from '../../lib/cn';
import { errorData } from '../../lib/errors';
import type { ResolvedPricing } from './pricing';

/** One ticked line of a plan's highlights (the plan cards, the billing view, the upgrade modal). */
export function HighlightLine({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={3} />
      {children}
    </li>
  );
}

/** Monthly | Annual as a radio group; Annual carries the best saving of the paid plans. */
export function IntervalToggle({
  value,
  onChange,
  bestSavingsPercent,
  className,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  bestSavingsPercent: number | null;
  className?: string;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const options: { interval: BillingInterval; label: string }[] = [
    { interval: 'monthly', label: t('interval.monthly') },
    { interval: 'yearly', label: t('interval.annual') },
  ];
  return (
    <div role="radiogroup" aria-label={t('interval.label')} className={cn('inline-flex rounded-xl border border-border bg-muted p-1', className)}>
      {options.map(({ interval, label }) => (
        <button
          key={interval}
          type="button"
          role="radio"
          aria-checked={value === interval}
          onClick={() => onChange(interval)}
          data-testid={`interval-${interval}`}
          className="inline-flex h-9 items-center gap-2 rounded-lg px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground aria-checked:bg-card aria-checked:text-foreground aria-checked:shadow-sm"
        >
          {label}
          {interval === 'yearly' && bestSavingsPercent ? (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-bold text-primary" data-testid="interval-savings">
              {t('interval.saveUpTo', { percent: bestSavingsPercent })}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

/**
 * Why prices are missing, in the words of spec §8; null while they load or when they are there. The server says
 * which it was when Stripe's answer was unusable or empty; any other failure is a failed load.
 */
export function pricingProblem(error: unknown, pricing: ResolvedPricing | null): 'loadFailed' | 'invalid' | 'empty' | null {
  if (error) {
    const key = errorData(error)?.messageKey;
    return key === 'pricingProcessFailed' ? 'invalid' : key === 'pricingUnavailable' ? 'empty' : 'loadFailed';
  }
  if (pricing?.kind === 'invalid') return 'invalid';
  if (pricing?.kind === 'empty') return 'empty';
  return null;
}

export function PricingAlert({ problem, className }: { problem: 'loadFailed' | 'invalid' | 'empty'; className?: string }) {
  const { t } = useTranslation(['billing', 'errors']);
  return (
    <p
      role="alert"
      data-testid="pricing-problem"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm font-medium text-amber-900 dark:text-amber-200',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      {t(`messages.${problem}`)}
    </p>
  );
}

/** Spec: without Stripe keys, upgrade buttons say billing is not configured instead of failing. */
export function BillingNotConfigured({ className }: { className?: string }) {
  const { t } = useTranslation(['billing', 'errors']);
  return (
    <p
      id="billing-not-configured"
      data-testid="billing-not-configured"
      className={cn('flex items-start gap-2 rounded-xl border border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground', className)}
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold text-foreground">{t('notConfigured.title')}</span> {t('notConfigured.description')}
      </span>
    </p>
  );
}
