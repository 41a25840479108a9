import { useNavigate } from '@tanstack/react-router';
import { Crown, Gift, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/currency';
import { PLANS, trialDays } from '../../../shared/plans';
import { formatPrice, type BillingInterval, type PaidPlanSlug, type PlanPricing } from '../../../shared/pricing';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { closeUpgradeModal, type UpgradeReason, useUpgradeModalState } from '../../lib/upgrade-modal';
import { BillingNotConfigured, HighlightLine, PricingAlert, pricingProblem } from './billing-parts';
import { useBillingState, usePricing, usePublicConfig } from './billing-queries';
import { CompareTable } from './compare-table';
import { formatPlanNumber } from '../../lib/number-format';
import { TestimonialCards } from './testimonial-cards';
import { useCheckout } from './use-checkout';

/**
 * The upgrade/trial modal of spec §2 and §4, mounted once in the app layout and opened through lib/upgrade-modal.
 * Each opening renders a fresh body (keyed by the opening), so the choices start again at Ultra and Annual: the
 * state resets on close.
 */
export function UpgradeModal() {
  const state = useUpgradeModalState();
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && closeUpgradeModal()}>
      {state ? (
        <DialogContent className="max-w-4xl gap-0 p-0 lg:grid lg:grid-cols-[1.15fr_1fr] lg:overflow-hidden" data-testid="upgrade-modal">
          <UpgradeModalBody key={state.openingId} reason={state.reason} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function UpgradeModalBody({ reason }: { reason: UpgradeReason }) {
  const { t } = useTranslation('billing');
  const [planType, setPlanType] = useState<PaidPlanSlug>('ultra');
  const [billingCycle, setBillingCycle] = useState<BillingInterval>('yearly');
  const { billing, user } = useBillingState();
  const config = usePublicConfig().data;
  const { query, pricing } = usePricing();
  const problem = pricingProblem(query.error, pricing);
  const isTrial = Boolean(config?.trialsEnabled) && billing.data?.plan === 'free' && !billing.data.hasUsedTrial;
  const days = trialDays(user.data?.referredBy);
  const planName = PLANS[planType].name;

  return (
    <>
      <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-6 lg:max-h-[90vh] lg:overflow-y-auto">
        <div className="flex flex-col gap-2 pr-6">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-2xl bg-primary/12 text-primary">
            {isTrial ? <Gift className="size-6" /> : <Crown className="size-6" />}
          </span>
          <DialogTitle className="text-2xl font-extrabold tracking-tight" data-testid="upgrade-modal-title">
            {isTrial ? t('modal.trialTitle', { plan: planName, days }) : t('modal.title', { plan: planName })}
          </DialogTitle>
          <DialogDescription className="text-base">{t(`modal.reasons.${reason}`)}</DialogDescription>
        </div>
        <PlanTypeToggle value={planType} onChange={setPlanType} />
        {problem ? <PricingAlert problem={problem} /> : null}
        <BillingCycleCards planType={planType} value={billingCycle} onChange={setBillingCycle} pricing={pricing?.kind === 'ready' ? pricing : null} pending={query.isPending} />
        {isTrial ? <p className="text-sm text-muted-foreground">{t('modal.trialNote', { days })}</p> : null}
        {config && !config.billingConfigured ? <BillingNotConfigured /> : null}
        <ClaimButton
          planType={planType}
          billingCycle={billingCycle}
          isTrial={isTrial}
          days={days}
          currency={pricing?.kind === 'ready' ? pricing.currency : null}
          billingConfigured={Boolean(config?.billingConfigured)}
          subscribedTo={billing.data && billing.data.plan !== 'free' ? PLANS[billing.data.plan].name : null}
        />
        <Button variant="ghost" className="self-center text-muted-foreground" onClick={closeUpgradeModal} data-testid="upgrade-modal-skip">
          {t('modal.skip')}
        </Button>
        <PlanHighlights planType={planType} />
      </div>
      <div className="flex min-w-0 flex-col gap-5 border-t border-border bg-muted/50 p-5 sm:p-6 lg:max-h-[90vh] lg:overflow-y-auto lg:border-t-0 lg:border-l lg:pt-14">
        <TestimonialCards count={2} start={planType === 'ultra' ? 0 : 2} compact />
        <section aria-labelledby="modal-compare-title" className="flex flex-col gap-3">
          <h3 id="modal-compare-title" className="font-extrabold tracking-tight">
            {t('modal.compareTitle')}
          </h3>
          <CompareTable plans={['free', 'pro', 'ultra']} highlight={planType} compact className="bg-card" />
        </section>
      </div>
    </>
  );
}

/** What the chosen plan adds, from the plan table, so the choice reads as more than a price. */
function PlanHighlights({ planType }: { planType: PaidPlanSlug }) {
  const { t, i18n } = useTranslation('billing');
  const plan = PLANS[planType];
  const number = (value: number) => formatPlanNumber(value, i18n.resolvedLanguage ?? 'en');
  const lines = [
    t('plans.highlights.unlimitedHearts'),
    t('plans.highlights.chat', { value: number(plan.chatMessagesPerDay) }),
    t('plans.highlights.uploads', { value: number(plan.fileUploadsPerMonth) }),
    t('plans.highlights.fileSize', { value: number(plan.maxFileSize) }),
    ...(plan.collaboration ? [t('plans.highlights.collaboration')] : []),
    ...(plan.prioritySupport ? [t('plans.highlights.prioritySupport')] : []),
  ];
  return (
    <section aria-labelledby="modal-highlights-title" className="rounded-2xl border border-border p-4">
      <h3 id="modal-highlights-title" className="text-sm font-bold">
        {t('modal.includes', { plan: plan.name })}
      </h3>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2" data-testid="modal-highlights">
        {lines.map((line) => (
          <HighlightLine key={line}>{line}</HighlightLine>
        ))}
      </ul>
    </section>
  );
}

function PlanTypeToggle({ value, onChange }: { value: PaidPlanSlug; onChange: (plan: PaidPlanSlug) => void }) {
  const { t } = useTranslation('billing');
  return (
    <div role="radiogroup" aria-label={t('modal.planLabel')} className="grid grid-cols-2 rounded-xl border border-border bg-muted p-1">
      {(['pro', 'ultra'] as const).map((plan) => (
        <button
          key={plan}
          type="button"
          role="radio"
          aria-checked={value === plan}
          onClick={() => onChange(plan)}
          data-testid={`modal-plan-${plan}`}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-bold text-muted-foreground transition-colors hover:text-foreground aria-checked:bg-card aria-checked:text-foreground aria-checked:shadow-sm"
        >
          {plan === 'ultra' ? <Crown aria-hidden="true" className="size-4" /> : <Sparkles aria-hidden="true" className="size-4" />}
          {PLANS[plan].name}
        </button>
      ))}
    </div>
  );
}

function BillingCycleCards({
  planType,
  value,
  onChange,
  pricing,
  pending,
}: {
  planType: PaidPlanSlug;
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  pricing: { currency: Currency; plans: Record<PaidPlanSlug, PlanPricing> } | null;
  pending: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? 'en';
  const prices = pricing?.plans[planType];
  const price = (amount: number) => (pricing ? formatPrice(amount, pricing.currency, locale) : '');
  const cards: { interval: BillingInterval; title: string; perMonth?: number; note: string }[] = [
    {
      interval: 'yearly',
      title: t('interval.annual'),
      perMonth: prices?.yearlyMonthlyEquivalent,
      note: prices ? t('plans.billedYearly', { price: price(prices.yearly) }) : '',
    },
    { interval: 'monthly', title: t('interval.monthly'), perMonth: prices?.monthly, note: t('plans.billedMonthly') },
  ];
  return (
    <div role="radiogroup" aria-label={t('interval.label')} className="grid grid-cols-2 gap-3">
      {cards.map((card) => (
        <button
          key={card.interval}
          type="button"
          role="radio"
          aria-checked={value === card.interval}
          onClick={() => onChange(card.interval)}
          data-testid={`modal-cycle-${card.interval === 'yearly' ? 'annual' : 'monthly'}`}
          className={cn(
            'relative flex flex-col items-start gap-1 rounded-2xl border-2 border-border bg-card p-3 text-left transition-colors hover:border-primary/50 sm:p-4',
            'aria-checked:border-primary aria-checked:bg-primary/6',
          )}
        >
          <span className="flex w-full flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <span className="font-bold">{card.title}</span>
            {card.interval === 'yearly' && prices && prices.monthlySavingsPercent > 0 ? (
              <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold whitespace-nowrap text-primary-foreground" data-testid="modal-savings">
                {t('plans.save', { percent: prices.monthlySavingsPercent })}
              </span>
            ) : null}
          </span>
          {pending ? (
            <Skeleton className="mt-1 h-8 w-24 rounded-md" />
          ) : card.perMonth !== undefined ? (
            <span className="mt-1 flex flex-wrap items-baseline gap-x-1">
              <span className="text-xl font-black tabular-nums sm:text-2xl" data-testid={`modal-price-${card.interval}`}>
                {price(card.perMonth)}
              </span>
              <span className="text-xs font-medium whitespace-nowrap text-muted-foreground">{t('plans.perMonth')}</span>
            </span>
          ) : (
            <span className="mt-1 text-2xl font-black text-muted-foreground">—</span>
          )}
          <span className="text-xs text-muted-foreground">{card.note}</span>
        </button>
      ))}
    </div>
  );
}

function ClaimButton({
  planType,
  billingCycle,
  isTrial,
  days,
  currency,
  billingConfigured,
  subscribedTo,
}: {
  planType: PaidPlanSlug;
  billingCycle: BillingInterval;
  isTrial: boolean;
  days: number;
  currency: Currency | null;
  billingConfigured: boolean;
  subscribedTo: string | null;
}) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const checkout = useCheckout(isTrial ? 'trialFailed' : 'noSubscriptionSession');
  if (subscribedTo) {
    return (
      <Button
        size="lg"
        onClick={() => {
          closeUpgradeModal();
          void navigate({ to: '/settings', search: { mode: 'billing' } });
        }}
        data-testid="upgrade-modal-manage"
      >
        {t('modal.manage', { plan: subscribedTo })}
      </Button>
    );
  }
  return (
    <Button
      size="lg"
      disabled={!billingConfigured || currency === null || checkout.pending}
      aria-describedby={billingConfigured ? undefined : 'billing-not-configured'}
      onClick={() => currency && checkout.start({ plan: planType, interval: billingCycle, currency, isTrial })}
      data-testid="upgrade-modal-claim"
    >
      {checkout.pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {isTrial ? t('modal.claimTrial', { days }) : t('modal.claim', { plan: PLANS[planType].name })}
    </Button>
  );
}
