import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import type { BillingInfo } from '../../../shared/billing';
import { planPricing, type AllPlanPricing } from '../../../shared/pricing';
import { sessionQueryOptions, type SessionData } from '../../lib/auth-client';
import { i18n } from '../../lib/i18n';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../../lib/trpc';
import { type Answer, fakeTrpcServer, type Handlers } from '../../test/fake-trpc-server';
import { RedirectContext } from './use-checkout';

/**
 * For the billing component tests: the fake tRPC endpoint answering what the plans, billing and upgrade views read,
 * and a renderer with the app's providers, a /settings route for links, and the Stripe redirect recorded instead of
 * followed.
 */
export const USER_ID = 'user-1';

export const PRICING: AllPlanPricing = {
  source: 'config',
  plans: {
    pro: { usd: planPricing(9.99, 95.88), eur: planPricing(8.99, 86.28) },
    ultra: { usd: planPricing(19.99, 191.88), eur: planPricing(17.99, 172.68) },
  },
};

export function billingInfo(overrides: Partial<BillingInfo> = {}): BillingInfo {
  return {
    plan: 'free',
    isProSubscribed: false,
    isUltra: false,
    isEnterprise: false,
    isTrialActive: false,
    isTrialCanceled: false,
    isCanceled: false,
    planInterval: null,
    status: null,
    currentPeriodEnd: null,
    currency: null,
    hasUsedTrial: false,
    ...overrides,
  };
}

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

export function renderBilling(ui: ReactNode) {
  const redirects: string[] = [];
  const queryClient = createQueryClient();
  // Only the user's id matters to these views.
  queryClient.setQueryData(sessionQueryOptions.queryKey, { user: { id: USER_ID, name: 'Olivia Owner' } } as unknown as SessionData);
  const rootRoute = createRootRoute({
    component: () => (
      <RedirectContext value={(url) => redirects.push(url)}>
        {ui}
        <Toaster />
      </RedirectContext>
    ),
  });
  const routes = ['/page', '/settings'].map((path) => createRoute({ getParentRoute: () => rootRoute, path }));
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/page'] }) });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={createTrpcClient()} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), router, queryClient, redirects };
}
