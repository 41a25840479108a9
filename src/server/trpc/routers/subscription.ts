import { z } from 'zod';
import { CURRENCIES, SUBSCRIPTION_FALLBACK_CURRENCY } from '../../../shared/currency';
import { BILLING_INTERVALS, PAID_PLAN_SLUGS } from '../../../shared/pricing';
import { createCheckoutSession, createPortalSession } from '../../billing/checkout';
import { cancelSubscription, cancelTrial, resubscribe } from '../../billing/manage';
import { getAllPlanPricing } from '../../billing/pricing';
import { protectedProcedure, publicProcedure, router } from '../init';

/** Plans, checkout and the subscription actions (spec §7 "User and subscription", §8 messages). */
export const subscriptionRouter = router({
  /** Public: the plans page and the landing page show prices signed out too. Cached an hour per environment. */
  getAllPlanPricing: publicProcedure
    .input(z.object({ environment: z.enum(['production', 'test']) }).strict())
    .query(({ ctx, input }) => getAllPlanPricing({ config: ctx.services.config, environment: input.environment })),

  /** A Checkout URL the browser goes to. Enterprise is not sold here (an admin sets it); a missing currency is euros. */
  createStripeSession: protectedProcedure
    .input(
      z
        .object({
          plan: z.enum(PAID_PLAN_SLUGS),
          interval: z.enum(BILLING_INTERVALS),
          currency: z.enum(CURRENCIES).optional(),
          isTrial: z.boolean(),
          isOnboarding: z.boolean().optional(),
          currentStep: z.number().int().min(0).max(100).optional(),
        })
        .strict(),
    )
    .mutation(({ ctx, input }) =>
      createCheckoutSession({
        services: ctx.services,
        userId: ctx.user.id,
        plan: input.plan,
        interval: input.interval,
        currency: input.currency ?? SUBSCRIPTION_FALLBACK_CURRENCY,
        isTrial: input.isTrial,
        onboardingStep: input.isOnboarding ? (input.currentStep ?? 0) : undefined,
      }),
    ),

  createPortalSession: protectedProcedure
    .input(z.object({}).strict().optional())
    .mutation(({ ctx }) => createPortalSession({ services: ctx.services, userId: ctx.user.id })),

  cancelTrial: protectedProcedure
    .input(z.object({}).strict().optional())
    .mutation(({ ctx }) => cancelTrial({ services: ctx.services, userId: ctx.user.id })),

  cancelSubscription: protectedProcedure
    .input(z.object({}).strict().optional())
    .mutation(({ ctx }) => cancelSubscription({ services: ctx.services, userId: ctx.user.id })),

  resubscribe: protectedProcedure
    .input(z.object({}).strict().optional())
    .mutation(({ ctx }) => resubscribe({ services: ctx.services, userId: ctx.user.id })),
});
