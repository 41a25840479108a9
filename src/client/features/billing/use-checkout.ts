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

function useSessionFailure() {
  const { t } = useTranslation(['billing', 'errors']);
  return {
    noUrl: (message: NoUrlMessage) => toast.error(t(`billing:messages.${message}`)),
    // Spec §8: 'Error: {message}' on a session error, with the server's message in the person's language.
    failed: (error: unknown) =>
      toast.error(t('billing:messages.sessionError', { message: errorMessage(error, t, error instanceof Error ? error.message : '') })),
  };
}

/**
 * subscription.createStripeSession, then off to Checkout. The button stays busy until the browser has left (`leaving`),
 * so a second click cannot open a second session.
 */
export function useCheckout(noUrlMessage: NoUrlMessage) {
  const trpc = useTRPC();
  const redirect = useContext(RedirectContext);
  const failure = useSessionFailure();
  const [leaving, setLeaving] = useState(false);
  const session = useMutation(
    trpc.subscription.createStripeSession.mutationOptions({
      onSuccess: ({ url }) => {
        if (!url) return failure.noUrl(noUrlMessage);
        setLeaving(true);
        redirect(url);
      },
      onError: failure.failed,
    }),
  );
  return {
    start: (request: CheckoutRequest) => session.mutate(request),
    pending: session.isPending || leaving,
  };
}

/** subscription.createPortalSession (Manage Subscription, Change plan), then off to the Customer Portal. */
export function usePortal() {
  const trpc = useTRPC();
  const redirect = useContext(RedirectContext);
  const failure = useSessionFailure();
  const [leaving, setLeaving] = useState(false);
  const session = useMutation(
    trpc.subscription.createPortalSession.mutationOptions({
      onSuccess: ({ url }) => {
        if (!url) return failure.noUrl('noSubscriptionSession');
        setLeaving(true);
        redirect(url);
      },
      onError: failure.failed,
    }),
  );
  return { open: () => session.mutate(), pending: session.isPending || leaving };
}
