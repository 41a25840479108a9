import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useUserCurrency } from '../../lib/user-currency';
import { resolvePricing } from './pricing';

/** Spec §9 "pricing cache 1 h"; spec §7: no refetch on focus. */
export const PRICING_STALE_TIME_MS = 60 * 60 * 1000;

/** The deployment's public settings: whether Stripe is configured, whether trials are on, the contact address. */
export function usePublicConfig() {
  const trpc = useTRPC();
  return useQuery(trpc.system.getPublicConfig.queryOptions(undefined, { staleTime: Infinity }));
}

/** subscription.getAllPlanPricing in the user's currency (or the one checkout would use instead). */
export function usePricing() {
  const trpc = useTRPC();
  const { currency } = useUserCurrency();
  const query = useQuery(
    trpc.subscription.getAllPlanPricing.queryOptions(
      { environment: 'production' },
      { staleTime: PRICING_STALE_TIME_MS, refetchOnWindowFocus: false },
    ),
  );
  return { query, pricing: query.data ? resolvePricing(query.data, currency) : null };
}

/** The signed-in user's billing info and user record (period end, referral, cancel flag). */
export function useBillingState() {
  const trpc = useTRPC();
  const userId = useQuery(sessionQueryOptions).data?.user.id ?? '';
  const billing = useQuery(trpc.user.getUserBillingInfo.queryOptions());
  const user = useQuery(trpc.user.getUser.queryOptions({ id: userId }, { enabled: userId !== '' }));
  return { billing, user };
}

