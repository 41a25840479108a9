import { Link } from '@tanstack/react-router';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_HEARTS, type Plan, PLAN_SLUGS, PLANS } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { LandingSection } from './landing-section';
import { formatPlanNumber } from '../../lib/number-format';
import { type PlanLimit, planFeatures, planLimits } from './plan-summary';

/** Pro is what a single student who studies every week needs; the badge says so rather than claiming popularity. */
const RECOMMENDED = 'pro';

export function PlansSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="plans" eyebrow={t('plans.eyebrow')} title={t('plans.title')} lead={t('plans.lead')}>
      <ul className="mt-14 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        {PLAN_SLUGS.map((slug) => (
          <PlanCard key={slug} plan={PLANS[slug]} recommended={slug === RECOMMENDED} />
        ))}
      </ul>
      <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">{t('plans.pricingNote')}</p>
    </LandingSection>
  );
}

function PlanCard({ plan, recommended }: { plan: Plan; recommended: boolean }) {
  const { t } = useTranslation('landing');
  const titleId = `plan-${plan.slug}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-3xl border border-border bg-card p-6 shadow-sm',
        recommended && 'border-primary shadow-xl ring-2 shadow-green-900/10 ring-primary',
      )}
    >
      {recommended ? (
        <p className="absolute -top-3.5 left-6 rounded-full bg-primary px-3 py-1 text-xs font-bold text-primary-foreground">
          {t('plans.recommended')}
        </p>
      ) : null}
      <h3 id={titleId} className="text-xl font-extrabold">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">{t(`plans.taglines.${plan.slug}`)}</p>
      <p
        className={cn(
          'mt-4 self-start rounded-lg px-2.5 py-1.5 text-sm font-semibold',
          plan.slug === 'free' ? 'bg-accent text-accent-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        {t(plan.slug === 'free' ? 'plans.freePrice' : 'plans.paidPrice')}
      </p>
      <ul className="mt-6 grid gap-2.5 border-t border-border pt-5 text-sm">
        {planLimits(plan).map((limit) => (
          <LimitRow key={limit.key} limit={limit} />
        ))}
      </ul>
      <ul className="mt-5 mb-6 grid gap-2.5 border-t border-border pt-5 text-sm">
        {planFeatures(plan).map(({ key, included }) => (
          <li key={key} className={cn('flex items-start gap-2', !included && 'text-muted-foreground')}>
            {included ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={3} />
            ) : (
              <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              {included ? null : <span className="sr-only">{t('plans.notIncluded')} </span>}
              {t(`plans.features.${key}`, { count: MAX_HEARTS })}
            </span>
          </li>
        ))}
      </ul>
      <Button
        asChild
        variant={recommended ? 'primary' : 'outline'}
        className="mt-auto h-auto min-h-10 w-full py-2 text-center whitespace-normal"
      >
        <Link to="/auth" search={{ mode: 'sign-up' }} aria-describedby={titleId}>
          {t(plan.slug === 'free' ? 'plans.ctaFree' : 'plans.ctaPaid')}
        </Link>
      </Button>
    </li>
  );
}

function LimitRow({ limit: { key, value, unit } }: { limit: PlanLimit }) {
  const { t, i18n } = useTranslation('landing');
  const number = formatPlanNumber(value, i18n.language);
  return (
    <li className="flex items-baseline justify-between gap-3">
      <span className="text-muted-foreground">{t(`plans.limits.${key}`)}</span>
      <span className="shrink-0 font-bold tabular-nums">{unit === 'count' ? number : t(`plans.units.${unit}`, { value: number })}</span>
    </li>
  );
}
