import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, Crown, Loader2, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { BillingInfo } from '../../../shared/billing';
import { MAX_HEARTS, PLANS, type PlanSlug } from '../../../shared/plans';
import {
  subscriptionActions,
  subscriptionLabel,
  type SubscriptionAction,
  type SubscriptionActionKind,
  type SubscriptionLabel,
} from '../../../shared/subscription-rules';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { openUpgradeModal } from '../../lib/upgrade-modal';
import { BillingNotConfigured, HighlightLine } from './billing-parts';
import { useBillingState, usePublicConfig } from './billing-queries';
import { formatPlanNumber } from '../../lib/number-format';
import { usePortal } from './use-checkout';

const PLAN_ICONS: Record<PlanSlug, LucideIcon> = { free: Zap, pro: Sparkles, ultra: Crown, enterprise: Building2 };

const LABEL_TONE: Record<SubscriptionLabel, string> = {
  Trialing: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  'Cancelled Trial': 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  Ultra: 'bg-primary/15 text-primary',
  Canceled: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  Active: 'bg-primary/15 text-primary',
  Enterprise: 'bg-primary/15 text-primary',
  Free: 'bg-muted text-muted-foreground',
};

/** The actions that talk to Stripe directly; without Stripe they are disabled with a note. Trials and upgrades open the modal, which explains. */
const NEEDS_STRIPE: ReadonlySet<SubscriptionActionKind> = new Set(['changePlan', 'cancelTrial', 'resubscribe', 'manageSubscription', 'cancelSubscription']);

/** /settings?mode=billing: the current plan, its label and period, and the action buttons of spec §4. */
export function BillingView() {
  const { t } = useTranslation('billing');
  const { billing, user } = useBillingState();
  const config = usePublicConfig();

  if (billing.isPending || user.isPending || config.isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true" data-testid="billing-loading">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  if (!billing.data || !user.data || !config.data) {
    return (
      <div role="alert" className="rounded-2xl border border-border bg-card p-6 text-center" data-testid="billing-load-failed">
        <p className="font-bold">{t('billing.loadFailed')}</p>
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => {
            void billing.refetch();
            void user.refetch();
            void config.refetch();
          }}
        >
          {t('billing.retry')}
        </Button>
      </div>
    );
  }
  return <BillingDetails billing={billing.data} user={user.data} billingConfigured={config.data.billingConfigured} trialsEnabled={config.data.trialsEnabled} />;
}

function BillingDetails({
  billing,
  user,
  billingConfigured,
  trialsEnabled,
}: {
  billing: BillingInfo;
  user: { isCanceled: boolean; referredBy: string | null };
  billingConfigured: boolean;
  trialsEnabled: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const label = subscriptionLabel(billing);
  const actions = subscriptionActions(billing, user, { trialsEnabled });
  const plan = PLANS[billing.plan];
  const Icon = PLAN_ICONS[billing.plan];
  const periodEnd = billing.currentPeriodEnd;
  const canceled = label === 'Canceled' || label === 'Cancelled Trial';
  const periodKey = billing.isTrialActive ? 'trialEnds' : canceled ? 'accessUntil' : 'renewsOn';
  const stripeBlocked = !billingConfigured && actions.some((action) => NEEDS_STRIPE.has(action.kind));
  const number = (value: number) => formatPlanNumber(value, i18n.resolvedLanguage ?? 'en');

  return (
    <div className="flex flex-col gap-5" data-testid="billing-view">
      <section aria-labelledby="billing-plan-title" className="rounded-2xl border border-b-4 border-border bg-card p-5 md:p-6" data-testid="billing-current">
        <div className="flex flex-wrap items-center gap-4">
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary/12 text-primary">
            <Icon className="size-7" strokeWidth={2.25} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-muted-foreground">{t('billing.currentPlan')}</p>
            <h2 id="billing-plan-title" className="text-2xl font-extrabold tracking-tight" data-testid="billing-plan-name">
              {t('billing.planName', { plan: plan.name })}
            </h2>
          </div>
          <span className={cn('rounded-full px-3 py-1 text-sm font-bold', LABEL_TONE[label])} data-testid="subscription-label">
            {t(`labels.${label}`)}
          </span>
        </div>
        <dl className="mt-5 grid gap-3 border-t border-border pt-5 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('billing.status')}</dt>
            <dd className="mt-0.5 font-semibold">{t(`labels.${label}`)}</dd>
          </div>
          {billing.planInterval ? (
            <div>
              <dt className="text-muted-foreground">{t('billing.interval')}</dt>
              <dd className="mt-0.5 font-semibold" data-testid="billing-interval">
                {t(`interval.${billing.planInterval === 'yearly' ? 'annual' : 'monthly'}`)}
              </dd>
            </div>
          ) : null}
          {periodEnd ? (
            <div>
              <dt className="text-muted-foreground">{t(`billing.${periodKey}`)}</dt>
              <dd className="mt-0.5 font-semibold" data-testid="billing-period-end">
                {new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(periodEnd)}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="billing-actions">
          {actions.map((action, index) => (
            <ActionButton key={action.kind} action={action} primary={index === 0} blocked={!billingConfigured && NEEDS_STRIPE.has(action.kind)} />
          ))}
        </div>
        {stripeBlocked ? <BillingNotConfigured className="mt-4" /> : null}
      </section>
      <section aria-labelledby="billing-includes-title" className="rounded-2xl border border-border bg-card p-5 md:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="billing-includes-title" className="text-lg font-extrabold tracking-tight">
            {t('billing.includes', { plan: plan.name })}
          </h2>
          <Link to="/settings" search={{ mode: 'plans' }} className="text-sm font-semibold text-primary hover:underline">
            {t('billing.comparePlans')}
          </Link>
        </div>
        <ul className="mt-4 grid gap-2.5 text-sm sm:grid-cols-2">
          {[
            t('plans.highlights.uploads', { value: number(plan.fileUploadsPerMonth) }),
            t('plans.highlights.chat', { value: number(plan.chatMessagesPerDay) }),
            plan.unlimitedHearts ? t('plans.highlights.unlimitedHearts') : t('plans.highlights.hearts', { count: MAX_HEARTS }),
            t('plans.highlights.fileSize', { value: number(plan.maxFileSize) }),
            t('plans.highlights.mindMaps', { value: number(plan.mindMaps) }),
            t('plans.highlights.filesPerUpload', { count: plan.maxFiles, value: number(plan.maxFiles) }),
          ].map((line) => (
            <HighlightLine key={line}>{line}</HighlightLine>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One button of spec §4, wired to its call; cancelling asks first. */
function ActionButton({ action, primary, blocked }: { action: SubscriptionAction; primary: boolean; blocked: boolean }) {
  const { t } = useTranslation(['billing', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const portal = usePortal();
  const [confirming, setConfirming] = useState(false);

  const applied = (next: BillingInfo) => {
    queryClient.setQueryData(trpc.user.getUserBillingInfo.queryKey(), next);
    void queryClient.invalidateQueries(trpc.user.getUserBillingInfo.queryFilter());
    void queryClient.invalidateQueries(trpc.user.getUser.pathFilter());
  };
  /** Each change answers the new billing info, shown at once with its toast; a failure shows the server's message or the fallback. */
  const change = (doneKey: string, failedKey: string) => ({
    onSuccess: (next: BillingInfo) => {
      applied(next);
      toast.success(t(doneKey));
    },
    onError: (error: unknown) => toast.error(errorMessage(error, t, t(failedKey))),
  });
  const cancelTrial = useMutation(trpc.subscription.cancelTrial.mutationOptions(change('billing:toasts.trialCanceled', 'billing:toasts.cancelFailed')));
  const cancelSubscription = useMutation(
    trpc.subscription.cancelSubscription.mutationOptions(change('billing:toasts.subscriptionCanceled', 'billing:toasts.cancelFailed')),
  );
  const resubscribe = useMutation(trpc.subscription.resubscribe.mutationOptions(change('billing:toasts.resubscribed', 'billing:toasts.resubscribeFailed')));

  const run = () => {
    switch (action.kind) {
      case 'changePlan':
      case 'manageSubscription':
        return portal.open();
      case 'cancelTrial':
      case 'cancelSubscription':
        return setConfirming(true);
      case 'resubscribe':
        return resubscribe.mutate();
      case 'viewPlans':
        return void navigate({ to: '/settings', search: { mode: 'plans' } });
      case 'startTrial':
      case 'upgradeNow':
        return openUpgradeModal('upgrade');
    }
  };
  const pending =
    ((action.kind === 'changePlan' || action.kind === 'manageSubscription') && portal.pending) ||
    (action.kind === 'resubscribe' && resubscribe.isPending);
  const destructive = action.kind === 'cancelTrial' || action.kind === 'cancelSubscription';
  const trialPlan = action.kind === 'cancelTrial' ? PLANS[action.plan].name : '';

  return (
    <>
      <Button
        variant={destructive ? 'outline' : primary ? 'primary' : 'outline'}
        className={cn(destructive && 'text-destructive hover:bg-destructive/10')}
        disabled={blocked || pending}
        aria-describedby={blocked ? 'billing-not-configured' : undefined}
        onClick={run}
        data-testid={`billing-action-${action.kind}`}
      >
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {action.kind === 'startTrial' ? t('billing:actions.startTrial', { days: action.days }) : t(`billing:actions.${action.kind}`, { plan: trialPlan })}
      </Button>
      {destructive ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          severity="medium"
          title={t(action.kind === 'cancelTrial' ? 'billing:confirm.cancelTrialTitle' : 'billing:confirm.cancelSubscriptionTitle', { plan: trialPlan })}
          description={t(action.kind === 'cancelTrial' ? 'billing:confirm.cancelTrialDescription' : 'billing:confirm.cancelSubscriptionDescription')}
          confirmLabel={t(action.kind === 'cancelTrial' ? 'billing:confirm.cancelTrialConfirm' : 'billing:confirm.cancelSubscriptionConfirm')}
          onConfirm={() => (action.kind === 'cancelTrial' ? cancelTrial.mutateAsync() : cancelSubscription.mutateAsync())}
        />
      ) : null}
    </>
  );
}
