import { useQuery } from '@tanstack/react-query';
import { PLANS, type Plan } from '../../../shared/plans';
import { useTRPC } from '../../lib/trpc';

/** The student's plan, read where the sidebar's plan label reads it; undefined until known. */
export function useUploadPlan(): Plan | undefined {
  const trpc = useTRPC();
  const billing = useQuery(trpc.user.getUserBillingInfo.queryOptions());
  return billing.data ? PLANS[billing.data.plan] : undefined;
}
