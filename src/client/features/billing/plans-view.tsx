import { Building2, Crown, Loader2, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, type BillingInterval, type PaidPlanSlug } from '../../../shared/pricing';
import { MAX_HEARTS, PLAN_SLUGS, PLANS, type PlanSlug } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { BillingNotConfigured, HighlightLine, IntervalToggle, PricingAlert, pricingProblem } from './billing-parts';
import { useBillingState, usePricing, usePublicConfig } from './billing-queries';
import { CompareTable } from './compare-table';
import { formatPlanNumber } from '../../lib/number-format';
import type { ResolvedPricing } from './pricing';
import { TestimonialCards } from './testimonial-cards';
import { useCheckout, usePortal } from './use-checkout';

const PLAN_ICONS: Record<PlanSlug, LucideIcon> = { free: Zap, pro: Sparkles, ultra: Crown, enterprise: Building2 };
/** Pro is what a single student who studies every week needs (as on the landing page). */
const RECOMMENDED: PlanSlug = 'pro';

/** /settings?mode=plans: the four plans with prices in the user's currency, the compare table and testimonials. */
export function PlansView() {
  const { t } = useTranslation('billing');
  const [interval, setInterval] = useState<BillingInterval>('yearly');
  const { query, pricing } = usePricing();
  const config = usePublicConfig().data;
  const problem = pricingProblem(query.error, pricing);

  return (
    <div className="flex flex-col gap-8" data-testid="plans-view">
      <div className="flex flex-col items-center gap-4 text-center">
        <div>
          <h2 className="text-2xl font-extrabold tracking-tight md:text-3xl">{t('plans.title')}</h2>
          <p className="mx-auto mt-1.5 max-w-2xl text-muted-foreground">{t('plans.lead')}</p>
        </div>
        <IntervalToggle value={interval} onChange={setInterval} bestSavingsPercent={pricing?.kind === 'ready' ? pricing.bestSavingsPercent : null} />
        {pricing?.kind === 'ready' ? (
          <p className="text-xs text-muted-foreground" data-testid="plans-currency">
            {t('plans.currencyNote', { currency: pricing.currency.toUpperCase() })}
          </p>
        ) : null}
      </div>
      {config && !config.billingConfigured ? <BillingNotConfigured className="mx-auto w-full max-w-3xl" /> : null}
      {problem ? <PricingAlert problem={problem} className="mx-auto w-full max-w-3xl" /> : null}
      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        {PLAN_SLUGS.map((slug) => (
          <PlanCard key={slug} slug={slug} interval={interval} pricing={pricing} pricingPending={query.isPending} />
        ))}
      </ul>
      <section aria-labelledby="compare-title" className="flex flex-col gap-4">
        <h2 id="compare-title" className="text-xl font-extrabold tracking-tight">
          {t('compare.title')}
        </h2>
        <CompareTable plans={PLAN_SLUGS} highlight={RECOMMENDED} className="bg-card" />
      </section>
      <section aria-labelledby="stories-title" className="flex flex-col gap-4">
        <h2 id="stories-title" className="text-xl font-extrabold tracking-tight">
          {t('testimonials.title')}
        </h2>
        <TestimonialCards count={3} start={0} className="md:grid-cols-3" />
      </section>
    </div>
  );
}

function PlanCard({
  slug,
  interval,
  pricing,
  pricingPending,
}: {
  slug: PlanSlug;
  interval: BillingInterval;
  pricing: ResolvedPricing | null;
  pricingPending: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const plan = PLANS[slug];
  const Icon = PLAN_ICONS[slug];
  const recommended = slug === RECOMMENDED;
  const titleId = `plan-${slug}-title`;
  const number = (value: number) => formatPlanNumber(value, i18n.resolvedLanguage ?? 'en');
  const highlights = [
    t('plans.highlights.uploads', { value: number(plan.fileUploadsPerMonth) }),
    t('plans.highlights.chat', { value: number(plan.chatMessagesPerDay) }),
    plan.unlimitedHearts ? t('plans.highlights.unlimitedHearts') : t('plans.highlights.hearts', { count: MAX_HEARTS }),
    t('plans.highlights.fileSize', { value: number(plan.maxFileSize) }),
    ...(plan.collaboration ? [t('plans.highlights.collaboration')] : []),
    ...(plan.prioritySupport ? [t('plans.highlights.prioritySupport')] : []),
    ...(plan.dedicatedManager ? [t('plans.highlights.dedicatedManager')] : []),
  ];

  return (
    <li
      aria-labelledby={titleId}
      data-testid={`plan-card-${slug}`}
      className={cn(
        'relative flex flex-col rounded-2xl border border-b-4 border-border bg-card p-5 md:p-6',
        recommended && 'border-primary ring-2 ring-primary/70',
      )}
    >
      {recommended ? (
        <p className="absolute -top-3 left-5 rounded-full bg-primary px-3 py-0.5 text-xs font-bold text-primary-foreground">
          {t('plans.recommended')}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-xl bg-primary/12 text-primary">
          <Icon className="size-5" strokeWidth={2.25} />
        </span>
        <h3 id={titleId} className="text-xl font-extrabold">
          {plan.name}
        </h3>
      </div>
      <p className="mt-2 min-h-10 text-sm text-muted-foreground">{t(`plans.taglines.${slug}`)}</p>
      <div className="mt-4 min-h-20">
        <PlanPrice slug={slug} interval={interval} pricing={pricing} pending={pricingPending} />
      </div>
      <ul className="mt-4 mb-6 grid gap-2 border-t border-border pt-4 text-sm">
        {highlights.map((line) => (
          <HighlightLine key={line}>
            <span>{line}</span>
          </HighlightLine>
        ))}
      </ul>
      <div className="mt-auto">
        <PlanAction slug={slug} interval={interval} pricing={pricing} titleId={titleId} />
      </div>
    </li>
  );
}

function PlanPrice({ slug, interval, pricing, pending }: { slug: PlanSlug; interval: BillingInterval; pricing: ResolvedPricing | null; pending: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? 'en';
  if (slug === 'enterprise') {
    return (
      <>
        <p className="text-3xl font-black tracking-tight">{t('plans.customPrice')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('plans.customPriceNote')}</p>
      </>
    );
  }
  if (slug === 'free') {
    const currency = pricing?.kind === 'ready' ? pricing.currency : 'usd';
    return (
      <>
        <p className="text-3xl font-black tracking-tight tabular-nums" data-testid="plan-price-free">
          {formatPrice(0, currency, locale)}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{t('plans.freeForever')}</p>
      </>
    );
  }
  if (pending) return <Skeleton className="h-16 w-3/4 rounded-lg" />;
  if (pricing?.kind !== 'ready') return <p className="text-3xl font-black text-muted-foreground">—</p>;
  const prices = pricing.plans[slug];
  const perMonth = interval === 'yearly' ? prices.yearlyMonthlyEquivalent : prices.monthly;
  return (
    <>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-black tracking-tight tabular-nums" data-testid={`plan-price-${slug}`}>
          {formatPrice(perMonth, pricing.currency, locale)}
        </span>
        <span className="text-sm font-medium text-muted-foreground">{t('plans.perMonth')}</span>
      </p>
      {interval === 'yearly' ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span data-testid={`plan-yearly-${slug}`}>{t('plans.billedYearly', { price: formatPrice(prices.yearly, pricing.currency, locale) })}</span>
          {prices.monthlySavingsPercent > 0 ? (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-bold text-primary" data-testid={`plan-savings-${slug}`}>
              {t('plans.save', { percent: prices.monthlySavingsPercent })}
            </span>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t('plans.billedMonthly')}</p>
      )}
    </>
  );
}

function PlanAction({ slug, interval, pricing, titleId }: { slug: PlanSlug; interval: BillingInterval; pricing: ResolvedPricing | null; titleId: string }) {
  const { t } = useTranslation('billing');
  const config = usePublicConfig().data;
  const { billing } = useBillingState();
  const checkout = useCheckout('noStripeSession');
  const portal = usePortal();
  const current = billing.data?.plan;
  const wide = 'h-auto min-h-10 w-full py-2 whitespace-normal';

  if (current === slug) {
    return (
      <Button variant="secondary" disabled className={wide} data-testid={`plan-current-${slug}`}>
        {t('plans.currentPlan')}
      </Button>
    );
  }
  if (slug === 'free') return <p className="flex min-h-10 items-center justify-center text-sm text-muted-foreground">{t('plans.alwaysIncluded')}</p>;
  if (slug === 'enterprise') {
    const contact = config?.feedbackUrl ?? 'mailto:feedback@studypath.app';
    return (
      <Button asChild variant="outline" className={wide}>
        <a href={contact} {...(contact.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})} aria-describedby={titleId} data-testid="plan-contact-enterprise">
          {t('plans.contact')}
        </a>
      </Button>
    );
  }
  const paid: PaidPlanSlug = slug;
  const notConfigured = config ? !config.billingConfigured : false;
  const subscribed = current !== undefined && current !== 'free';
  const busy = subscribed ? portal.pending : checkout.pending;
  const disabled = !config || notConfigured || busy || (!subscribed && pricing?.kind !== 'ready');
  return (
    <>
    <Button
      className={wide}
      variant={slug === RECOMMENDED ? 'primary' : 'outline'}
      disabled={disabled}
      aria-describedby={notConfigured ? `${titleId} billing-not-configured` : titleId}
      data-testid={`plan-upgrade-${slug}`}
      onClick={() => {
        if (subscribed) return portal.open();
        if (pricing?.kind === 'ready') checkout.start({ plan: paid, interval, currency: pricing.currency, isTrial: false });
      }}
    >
      {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {t(subscribed ? 'plans.switchTo' : 'plans.upgradeTo', { plan: PLANS[slug].name })}
    </Button>
      {notConfigured ? (
        <p className="mt-2 text-center text-xs text-muted-foreground" data-testid={`plan-not-configured-${slug}`}>
          {t('notConfigured.short')}
        </p>
      ) : null}
    </>
  );
}
