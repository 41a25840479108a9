import type { ReactNode } from 'react';
import type { BillingInfo } from '../../../shared/billing';
import { planPricing, type AllPlanPricing } from '../../../shared/pricing';
import { billingInfo } from '../../test/billing-info';
import { type Answer, fakeTrpcServer, type Handlers } from '../../test/fake-trpc-server';
import { renderSignedIn, USER_ID } from '../../test/render-signed-in';
import { RedirectContext } from './use-checkout';

/**
 * For the billing component tests: the fake tRPC endpoint answering what the plans, billing and upgrade views read,
 * and a renderer with the app's providers, a /settings route for links, and the Stripe redirect recorded instead of
 * followed.
 */
export { billingInfo, USER_ID };

export const PRICING: AllPlanPricing = {
  source: 'config',
  plans: {
    pro: { usd: planPricing(9.99, 95.88), eur: planPricing(8.99, 86.28) },
    ultra: { usd: planPricing(19.99, 191.88), eur: planPricing(17.99, 172.68) },
  },
};

export interface World {
  billingConfigured?: boolean;
  trialsEnabled?: boolean;
  billing?: BillingInfo;
  referredBy?: string | null;
  pricing?: Answer;
  detected?: string;
}

export function fakeBillingServer(world: World = {}, handlers: Handlers = {}) {
  return fakeTrpcServer({
    'system.getPublicConfig': () => ({
      data: {
        feedbackUrl: 'mailto:hello@studypath.test',
        supportChat: null,
        billingConfigured: world.billingConfigured ?? true,
        trialsEnabled: world.trialsEnabled ?? false,
      },
    }),
    'subscription.getAllPlanPricing': () => world.pricing ?? { data: PRICING },
    'user.getUserBillingInfo': () => ({ data: world.billing ?? billingInfo() }),
    'user.getUser': () => ({
      data: {
        id: USER_ID,
        name: 'Olivia Owner',
        username: 'olivia',
        email: 'olivia@example.test',
        image: null,
        createdAt: new Date('2025-01-01'),
        locale: 'en',
        stripeCurrentPeriodEnd: null,
        stripeSubscriptionStart: null,
        referredBy: world.referredBy ?? null,
        isCanceled: world.billing?.isCanceled ?? false,
        isTrialActive: false,
        isTrialCanceled: false,
      },
    }),
    'user.detectCurrency': () => ({ data: { currency: world.detected ?? 'usd' } }),
    'user.setCurrency': (input) => ({ data: { currency: input.currency } }),
    ...handlers,
  });
}

/** renderSignedIn with a /settings route for links, and the Stripe redirects recorded in `redirects` instead of followed. */
export function renderBilling(ui: ReactNode) {
  const redirects: string[] = [];
  function RecordRedirects({ children }: { children: ReactNode }) {
    return <RedirectContext value={(url) => redirects.push(url)}>{children}</RedirectContext>;
  }
  return { ...renderSignedIn(ui, { routes: ['/settings'], wrapper: RecordRedirects }), redirects };
}
