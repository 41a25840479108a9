import { Check, Infinity as InfinityIcon, Minus } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanSlug } from '../../../shared/plans';
import { cn } from '../../lib/cn';
import { formatPlanNumber } from '../../lib/number-format';
import { ENTITLEMENT_GROUPS, ENTITLEMENT_ROWS, type EntitlementValue } from './entitlements';

/** Every entitlement of the plan table side by side for `plans`, the `highlight`ed column tinted. */
export function CompareTable({
  plans,
  highlight,
  compact = false,
  className,
}: {
  plans: readonly PlanSlug[];
  highlight?: PlanSlug;
  /** Narrow cells and small text, to fit a dialog's column without scrolling sideways. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('billing');
  const cell = compact ? 'px-2 py-1.5' : 'px-3 py-2';
  return (
    <div className={cn('overflow-x-auto rounded-2xl border border-border', className)} data-testid="compare-table">
      <table className={cn('w-full border-collapse', compact ? 'text-xs' : 'min-w-[28rem] text-sm')}>
        <caption className="sr-only">{t('compare.caption')}</caption>
        <thead>
          <tr className="bg-muted/60">
            <th scope="col" className={cn('sticky left-0 bg-muted text-left font-semibold text-muted-foreground', cell, !compact && 'md:px-4')}>
              {t('compare.feature')}
            </th>
            {plans.map((slug) => (
              <th
                key={slug}
                scope="col"
                data-highlighted={slug === highlight || undefined}
                className={cn('text-center font-extrabold', cell, slug === highlight && 'bg-primary/12 text-primary')}
              >
                {PLANS[slug].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ENTITLEMENT_GROUPS.map((group) => (
            <Fragment key={group}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={plans.length + 1}
                  className={cn('border-t border-border bg-card pt-4 pb-1.5 text-left text-xs font-bold tracking-wide text-muted-foreground uppercase', compact ? 'px-2' : 'px-3 md:px-4')}
                >
                  {t(`compare.groups.${group}`)}
                </th>
              </tr>
              {ENTITLEMENT_ROWS.filter((row) => row.group === group).map((row) => (
                <tr key={row.key} className="border-t border-border/60" data-testid={`compare-row-${row.key}`}>
                  <th scope="row" className={cn('sticky left-0 bg-card text-left font-medium', cell, !compact && 'md:px-4')}>
                    {t(`compare.rows.${row.key}`)}
                  </th>
                  {plans.map((slug) => (
                    <td key={slug} className={cn('text-center tabular-nums', cell, slug === highlight && 'bg-primary/6 font-semibold')}>
                      <EntitlementCell value={row.value(PLANS[slug])} />
                    </td>
                  ))}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntitlementCell({ value }: { value: EntitlementValue }) {
  const { t, i18n } = useTranslation('billing');
  const number = (amount: number) => formatPlanNumber(amount, i18n.resolvedLanguage ?? 'en');
  switch (value.kind) {
    case 'count':
      return <>{number(value.value)}</>;
    case 'megabytes':
      return <>{t('compare.megabytes', { value: number(value.value) })}</>;
    case 'minutes':
      return <>{t('compare.minutes', { value: number(value.value) })}</>;
    case 'hearts':
      return value.unlimited ? (
        <span className="inline-flex items-center gap-1">
          <InfinityIcon aria-hidden="true" className="size-4 text-heart" />
          {t('compare.unlimited')}
        </span>
      ) : (
        <>{t('compare.heartsMax', { count: value.max })}</>
      );
    case 'included':
      return value.value ? (
        <Check aria-label={t('compare.included')} className="mx-auto size-4 text-primary" strokeWidth={3} />
      ) : (
        <Minus aria-label={t('compare.notIncluded')} className="mx-auto size-4 text-muted-foreground/60" />
      );
  }
}
