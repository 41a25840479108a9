import { useMutation } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Currency } from '../../../shared/currency';
import type { BillingInterval, PaidPlanSlug } from '../../../shared/pricing';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/**
 * Where a Stripe URL is opened: the browser leaves for Checkout or the Customer Portal. A context (not a module
 * function) so component tests can see the URL instead of jsdom attempting a navigation.
 */
export const RedirectContext = createContext<(url: string) => void>((url) => window.location.assign(url));

/** The spec §8 message for a session that came back without a URL. */
export type NoUrlMessage = 'noStripeSession' | 'noSubscriptionSession' | 'trialFailed';

export interface CheckoutRequest {
  plan: PaidPlanSlug;
  interval: BillingInterval;
  currency: Currency;
  isTrial: boolean;
}

/**
 * What both sessions do with their answer: off to its URL, the caller's button busy (`leaving`) until the browser has
 * left so a second click cannot open a second session; the spec §8 `noUrlMessage` when the URL is missing, and
 * 'Error: {message}' on a session error, with the server's message in the person's language.
 */
function useLeaveForSession(noUrlMessage: NoUrlMessage) {
  const { t } = useTranslation(['billing', 'errors']);
  const redirect = useContext(RedirectContext);
  const [leaving, setLeaving] = useState(false);
  return {
    leaving,
    onSuccess: ({ url }: { url: string }) => {
      if (!url) return toast.error(t(`billing:messages.${noUrlMessage}`));
      setLeaving(true);
      redirect(url);
    },
    onError: (error: unknown) =>
      toast.error(t('billing:messages.sessionError', { message: errorMessage(error, t, error instanceof Error ? error.message : '') })),
  };
}

/** subscription.createStripeSession, then off to Checkout. */
export function useCheckout(noUrlMessage: NoUrlMessage) {
  const trpc = useTRPC();
  const leave = useLeaveForSession(noUrlMessage);
  const session = useMutation(trpc.subscription.createStripeSession.mutationOptions({ onSuccess: leave.onSuccess, onError: leave.onError }));
  return {
    start: (request: CheckoutRequest) => session.mutate(request),
    pending: session.isPending || leave.leaving,
  };
}

/** subscription.createPortalSession (Manage Subscription, Change plan), then off to the Customer Portal. */
export function usePortal() {
  const trpc = useTRPC();
  const leave = useLeaveForSession('noSubscriptionSession');
  const session = useMutation(trpc.subscription.createPortalSession.mutationOptions({ onSuccess: leave.onSuccess, onError: leave.onError }));
  return { open: () => session.mutate(), pending: session.isPending || leave.leaving };
}
