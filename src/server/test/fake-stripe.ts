import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { CURRENCIES, type Currency } from '../../shared/currency';
import { BILLING_INTERVALS, PAID_PLAN_SLUGS, type BillingInterval, type PaidPlanSlug } from '../../shared/pricing';
import { BUILT_IN_PRICES } from '../billing/price-table';
import type { StripePriceIds } from '../config';

/**
 * A small Stripe on loopback for tests and the browser walk: the parts of the REST API the billing code uses (customers,
 * checkout sessions, billing portal sessions, subscriptions retrieve/update/cancel, prices retrieve/list), form-encoded
 * requests and JSON answers in Stripe's shapes, and the hosted pages a browser visits:
 *
 * - `GET /checkout/{session}`: a checkout page with a Pay button (`#pay`). Paying creates the subscription (trialing
 *   when the session asked for a trial), delivers signed `checkout.session.completed` and `customer.subscription.created`
 *   events to the webhook URL, then redirects (303) to the session's success_url.
 * - `GET /portal/{session}`: a Customer Portal page: cancel at period end (`#portal-cancel`), switch to another price
 *   (`#switch-{plan}-{interval}`), back to the app (`#portal-return`); each change delivers customer.subscription.updated.
 *
 * Switches for outages (`outage('error' | 'hang' | null)`: every /v1 request answers 500, or never), a log of the API
 * requests, direct access to its objects, and `sendEvent` to deliver any event, signed (or not), to the webhook URL.
 * The stripe client reaches it through `new Stripe(key, { host, port, protocol: 'http' })` (STRIPE_API_URL).
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_studypath';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_studypath';

/** The price ids the fake sells, one per plan and interval (STRIPE_PRICE_IDS for a server pointed at it). */
export const FAKE_STRIPE_PRICE_IDS: StripePriceIds = {
  pro: { monthly: 'price_fake_pro_monthly', yearly: 'price_fake_pro_yearly' },
  ultra: { monthly: 'price_fake_ultra_monthly', yearly: 'price_fake_ultra_yearly' },
};

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: Currency;
  unit_amount: number | null;
  recurring: { interval: 'month' | 'year'; interval_count: number } | null;
  currency_options: Partial<Record<string, { unit_amount: number | null }>>;
  product: string;
  type: 'recurring';
  metadata: Record<string, string>;
  livemode: false;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  currency: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: Omit<FakePrice, 'currency_options'>;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  livemode: false;
}

interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  currency: string;
  metadata: Record<string, string>;
  subscription: string | null;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  success_url: string;
  cancel_url: string;
  url: string;
  livemode: false;
}

interface SessionExtras {
  priceId: string;
  trialDays: number | undefined;
  subscriptionMetadata: Record<string, string>;
}

export interface FakeStripeDelivery {
  type: string;
  status: number;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234: STRIPE_API_URL, and the origin of the hosted pages. */
  url: string;
  /** The environment a server needs to use this fake (secret key, webhook secret, API URL, price ids). */
  env: Record<string, string>;
  priceIds: StripePriceIds;
  prices: Map<string, FakePrice>;
  customers: Map<string, Json>;
  sessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every /v1 request in order. */
  requests: FakeStripeRequest[];
  /** Every webhook delivery made, with the status the app answered (0: it could not be reached). */
  deliveries: FakeStripeDelivery[];
  /** null: answer normally; 'error': every API request gets a 500; 'hang': it is never answered. */
  outage(mode: 'error' | 'hang' | null): void;
  setWebhookUrl(url: string): void;
  /** Stripe's clock in seconds (events' `created`, subscription dates); fixed with setClock, else the real time. */
  now(): number;
  setClock(seconds: number | null): void;
  /** What the Pay button does: the subscription, its two events delivered, and where the browser goes next. */
  completeCheckout(sessionId: string): Promise<{ subscription: FakeSubscription; redirect: string }>;
  /** Changes a subscription as Stripe would (a portal switch, a renewal failing) without delivering anything. */
  updateSubscription(id: string, change: { priceId?: string; status?: string; cancelAtPeriodEnd?: boolean }): FakeSubscription;
  /** An event object as Stripe sends it, signed with the webhook secret unless `signature` says otherwise. */
  sendEvent(
    type: string,
    object: object,
    options?: { created?: number; id?: string; signature?: string | null },
  ): Promise<{ status: number; body: string; event: Json }>;
  /** Waits for the events the fake delivers by itself after API updates (so a test ends with none in flight). */
  settle(): Promise<void>;
  /** Keeps the events of API updates back until release(), which delivers them in order or in reverse (out of order). */
  holdDeliveries(): void;
  releaseDeliveries(order?: 'in-order' | 'reversed'): Promise<void>;
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/**
 * A form body or query string as Stripe's clients encode it (`a[b][0][c]=v`) back into objects; keys that are all
 * indices become arrays.
 */
export function parseStripeForm(encoded: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Json;
    });
  }
  return arraysFromIndices(root) as Json;
}

function arraysFromIndices(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arraysFromIndices(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value as Json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const PERIOD_SECONDS: Record<BillingInterval, number> = { monthly: 30 * 86400, yearly: 365 * 86400 };

function fakePrices(priceIds: StripePriceIds, currencies: readonly Currency[]): Map<string, FakePrice> {
  const prices = new Map<string, FakePrice>();
  for (const plan of PAID_PLAN_SLUGS) {
    for (const interval of BILLING_INTERVALS) {
      const amount = (currency: Currency) => Math.round(BUILT_IN_PRICES[plan][currency][interval] * 100);
      const [first] = currencies;
      if (!first) throw new Error('the fake needs at least one currency');
      prices.set(priceIds[plan][interval], {
        id: priceIds[plan][interval],
        object: 'price',
        active: true,
        currency: first,
        unit_amount: amount(first),
        recurring: { interval: interval === 'monthly' ? 'month' : 'year', interval_count: 1 },
        currency_options: Object.fromEntries(currencies.map((currency) => [currency, { unit_amount: amount(currency) }])),
        product: `prod_fake_${plan}`,
        type: 'recurring',
        metadata: { plan, interval },
        livemode: false,
      });
    }
  }
  return prices;
}

/** Which plan and interval a fake price is (its metadata), for the portal's switch buttons. */
function planOf(price: FakePrice): { plan: PaidPlanSlug; interval: BillingInterval } | undefined {
  const plan = PAID_PLAN_SLUGS.find((slug) => slug === price.metadata.plan);
  const interval = BILLING_INTERVALS.find((value) => value === price.metadata.interval);
  return plan && interval ? { plan, interval } : undefined;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function startFakeStripe(
  options: {
    webhookUrl?: string;
    webhookSecret?: string;
    port?: number;
    /** The currencies the prices are sold in (the first is each price's own); all five by default. */
    currencies?: readonly Currency[];
  } = {},
): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  let webhookUrl = options.webhookUrl;
  let outageMode: 'error' | 'hang' | null = null;
  let clock: number | null = null;
  const prices = fakePrices(FAKE_STRIPE_PRICE_IDS, options.currencies ?? CURRENCIES);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const sessionExtras = new Map<string, SessionExtras>();
  const portalSessions = new Map<string, { customer: string; return_url: string }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, Json>();
  const requests: FakeStripeRequest[] = [];
  const deliveries: FakeStripeDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let held: Array<{ type: string; object: object; created: number }> | null = null;
  const hanging = new Set<ServerResponse>();
  let base = '';

  const now = () => clock ?? Math.floor(Date.now() / 1000);

  function publicPrice(price: FakePrice): Omit<FakePrice, 'currency_options'> {
    const { currency_options: _options, ...rest } = price;
    return rest;
  }

  function requirePrice(priceId: unknown): FakePrice {
    const price = typeof priceId === 'string' ? prices.get(priceId) : undefined;
    if (!price) throw new StripeApiError(400, `No such price: '${String(priceId)}'`, 'invalid_request_error', 'resource_missing');
    return price;
  }

  function requireSubscription(subscriptionId: string): FakeSubscription {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) {
      throw new StripeApiError(404, `No such subscription: '${subscriptionId}'`, 'invalid_request_error', 'resource_missing');
    }
    return subscription;
  }

  function buildEvent(type: string, object: object, eventOptions: { created?: number; id?: string } = {}): Json {
    return {
      id: eventOptions.id ?? id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: eventOptions.created ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  async function sendEvent(
    type: string,
    object: object,
    eventOptions: { created?: number; id?: string; signature?: string | null } = {},
  ) {
    if (!webhookUrl) throw new Error('the fake Stripe has no webhook URL to deliver to');
    const event = buildEvent(type, object, eventOptions);
    const payload = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature =
      eventOptions.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
        : eventOptions.signature;
    if (signature !== null) headers['stripe-signature'] = signature;
    const response = await fetch(webhookUrl, { method: 'POST', headers, body: payload });
    const body = await response.text();
    deliveries.push({ type, status: response.status });
    return { status: response.status, body, event };
  }

  /** Delivers an event in the background, as Stripe does after an API call; settle() waits for these. */
  function deliverLater(type: string, object: object) {
    if (!webhookUrl) return;
    // Stamped when the change happens, as Stripe does, however late it is delivered.
    const snapshot = structuredClone(object);
    const created = now();
    if (held) {
      held.push({ type, object: snapshot, created });
      return;
    }
    const delivery = sendEvent(type, snapshot, { created }).catch(() => undefined);
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  function updateSubscription(subscriptionId: string, change: { priceId?: string; status?: string; cancelAtPeriodEnd?: boolean }) {
    const subscription = requireSubscription(subscriptionId);
    if (change.priceId !== undefined) {
      const price = requirePrice(change.priceId);
      const [item] = subscription.items.data;
      if (item) item.price = publicPrice(price);
      subscription.metadata = { ...subscription.metadata, ...stringRecord(price.metadata) };
    }
    if (change.status !== undefined) subscription.status = change.status;
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
      subscription.canceled_at = change.cancelAtPeriodEnd ? now() : null;
    }
    return subscription;
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    const extras = sessionExtras.get(sessionId);
    if (!session || !extras) throw new StripeApiError(404, `No such checkout session: '${sessionId}'`);
    if (session.status === 'complete') throw new StripeApiError(400, 'This checkout session is already complete.');
    if (!session.customer) throw new StripeApiError(400, 'The checkout session has no customer.');
    const price = requirePrice(extras.priceId);
    const started = now();
    const trialEnd = extras.trialDays ? started + extras.trialDays * 86400 : null;
    const interval = price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: started,
      start_date: started,
      trial_start: trialEnd ? started : null,
      trial_end: trialEnd,
      currency: session.currency,
      metadata: extras.subscriptionMetadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: publicPrice(price),
            quantity: 1,
            current_period_start: started,
            current_period_end: trialEnd ?? started + PERIOD_SECONDS[interval],
          },
        ],
      },
      livemode: false,
    };
    subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.subscription = subscription.id;
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    if (webhookUrl) {
      // An app that cannot be reached is Stripe's problem to retry, not the payer's: the browser still goes back.
      for (const [type, object] of [
        ['checkout.session.completed', session],
        ['customer.subscription.created', subscription],
      ] as const) {
        await sendEvent(type, structuredClone(object)).catch(() => deliveries.push({ type, status: 0 }));
      }
    }
    return { subscription, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  /** The REST API: method, path and parameters → the JSON answer (or a StripeApiError). */
  function api(method: string, path: string, params: Json, idempotencyKey: string | undefined): Json {
    const segments = path.split('/').filter(Boolean).slice(1); // drop 'v1'
    const [resource, first, second] = segments;

    if (resource === 'customers' && method === 'POST' && first === undefined) {
      if (idempotencyKey && idempotent.has(`customer:${idempotencyKey}`)) return idempotent.get(`customer:${idempotencyKey}`) as Json;
      const customer: Json = {
        id: id('cus'),
        object: 'customer',
        email: typeof params.email === 'string' ? params.email : null,
        name: typeof params.name === 'string' ? params.name : null,
        metadata: stringRecord(params.metadata),
        created: now(),
        livemode: false,
      };
      customers.set(customer.id as string, customer);
      if (idempotencyKey) idempotent.set(`customer:${idempotencyKey}`, customer);
      return customer;
    }
    if (resource === 'customers' && method === 'GET' && first) {
      const customer = customers.get(first);
      if (!customer) throw new StripeApiError(404, `No such customer: '${first}'`, 'invalid_request_error', 'resource_missing');
      return customer;
    }

    if (resource === 'checkout' && first === 'sessions' && method === 'POST' && second === undefined) {
      if (params.mode !== 'subscription') throw new StripeApiError(400, 'The fake only sells subscriptions.');
      const customer = typeof params.customer === 'string' ? params.customer : null;
      if (customer && !customers.has(customer)) throw new StripeApiError(400, `No such customer: '${customer}'`);
      const items = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
      if (items.length !== 1) throw new StripeApiError(400, 'Exactly one line item is expected.');
      const price = requirePrice(items[0]?.price);
      const currency = typeof params.currency === 'string' ? params.currency : price.currency;
      if (!price.currency_options[currency] && price.currency !== currency) {
        throw new StripeApiError(400, `The price ${price.id} has no currency option for ${currency}.`);
      }
      if (typeof params.success_url !== 'string' || typeof params.cancel_url !== 'string') {
        throw new StripeApiError(400, 'success_url and cancel_url are required.');
      }
      const subscriptionData = (params.subscription_data ?? {}) as Json;
      const trialDays = subscriptionData.trial_period_days === undefined ? undefined : Number(subscriptionData.trial_period_days);
      const sessionId = id('cs_test');
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        customer,
        client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
        currency,
        metadata: stringRecord(params.metadata),
        subscription: null,
        status: 'open',
        payment_status: 'unpaid',
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${base}/checkout/${sessionId}`,
        livemode: false,
      };
      sessions.set(sessionId, session);
      sessionExtras.set(sessionId, { priceId: price.id, trialDays, subscriptionMetadata: stringRecord(subscriptionData.metadata) });
      return { ...session };
    }
    if (resource === 'checkout' && first === 'sessions' && method === 'GET' && second) {
      const session = sessions.get(second);
      if (!session) throw new StripeApiError(404, `No such checkout session: '${second}'`);
      return { ...session };
    }

    if (resource === 'billing_portal' && first === 'sessions' && method === 'POST') {
      const customer = typeof params.customer === 'string' ? params.customer : '';
      if (!customers.has(customer)) throw new StripeApiError(400, `No such customer: '${customer}'`);
      const portalId = id('bps');
      const returnUrl = typeof params.return_url === 'string' ? params.return_url : base;
      portalSessions.set(portalId, { customer, return_url: returnUrl });
      return { id: portalId, object: 'billing_portal.session', customer, return_url: returnUrl, url: `${base}/portal/${portalId}`, livemode: false };
    }

    if (resource === 'subscriptions' && first) {
      const subscription = requireSubscription(first);
      if (method === 'GET') return structuredClone(subscription) as unknown as Json;
      if (method === 'POST') {
        const items = Array.isArray(params.items) ? (params.items as Json[]) : [];
        updateSubscription(first, {
          ...(params.cancel_at_period_end !== undefined ? { cancelAtPeriodEnd: params.cancel_at_period_end === 'true' } : {}),
          ...(items[0]?.price !== undefined ? { priceId: String(items[0].price) } : {}),
        });
        deliverLater('customer.subscription.updated', subscription);
        return structuredClone(subscription) as unknown as Json;
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        subscription.ended_at = now();
        deliverLater('customer.subscription.deleted', subscription);
        return structuredClone(subscription) as unknown as Json;
      }
    }

    if (resource === 'prices') {
      const expand = Array.isArray(params.expand) ? params.expand : [];
      const shown = (price: FakePrice) => (expand.includes('currency_options') ? structuredClone(price) : publicPrice(price));
      if (method === 'GET' && first) return shown(requirePrice(first)) as unknown as Json;
      if (method === 'GET') return { object: 'list', url: '/v1/prices', has_more: false, data: [...prices.values()].map(shown) };
    }

    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function checkoutPage(session: FakeCheckoutSession): string {
    const extras = sessionExtras.get(session.id);
    const price = extras ? prices.get(extras.priceId) : undefined;
    const amount = price?.currency === session.currency ? price.unit_amount : price?.currency_options[session.currency]?.unit_amount;
    const what = price ? `${price.metadata.plan ?? price.id} (${price.metadata.interval ?? ''})` : 'subscription';
    const trial = extras?.trialDays ? `<p id="trial">${extras.trialDays}-day free trial</p>` : '';
    return page(
      'Fake Stripe Checkout',
      `<h1>Fake Stripe Checkout</h1>
      <p id="item">${escapeHtml(what)}: ${((amount ?? 0) / 100).toFixed(2)} ${escapeHtml(session.currency.toUpperCase())}</p>${trial}
      <form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button id="pay" type="submit">Pay</button></form>
      <p><a id="cancel" href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    );
  }

  function portalPage(portalId: string, portal: { customer: string; return_url: string }): string {
    const owned = [...subscriptions.values()].filter((subscription) => subscription.customer === portal.customer);
    const current = owned.find((subscription) => subscription.status !== 'canceled') ?? owned.at(-1);
    const item = current?.items.data[0];
    const switches = [...prices.values()]
      .filter((price) => price.id !== item?.price.id)
      .map((price) => {
        const known = planOf(price);
        const key = known ? `${known.plan}-${known.interval}` : price.id;
        return `<form method="post" action="/portal/${portalId}/switch"><input type="hidden" name="price" value="${escapeHtml(price.id)}">
          <button id="switch-${escapeHtml(key)}" type="submit">Switch to ${escapeHtml(key)}</button></form>`;
      })
      .join('');
    const state = current
      ? `<p id="status">${escapeHtml(current.status)}${current.cancel_at_period_end ? ' (cancels at period end)' : ''}: ${escapeHtml(item?.price.id ?? '')}</p>`
      : '<p id="status">No subscription</p>';
    const actions = current && current.status !== 'canceled'
      ? `<form method="post" action="/portal/${portalId}/cancel"><button id="portal-cancel" type="submit">Cancel subscription</button></form>${switches}`
      : '';
    return page('Fake Stripe Portal', `<h1>Fake Stripe Portal</h1>${state}${actions}<p><a id="portal-return" href="${escapeHtml(portal.return_url)}">Return</a></p>`);
  }

  function page(title: string, body: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function sendJson(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  function redirect(response: ServerResponse, location: string) {
    response.writeHead(303, { location });
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const body = await readBody(request);

    if (url.pathname.startsWith('/v1/')) {
      const params = method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const idempotencyKey = request.headers['idempotency-key'];
      requests.push({ method, path: url.pathname, params, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined });
      if (outageMode === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (outageMode === 'error') {
        sendJson(response, 500, { error: { type: 'api_error', message: 'The fake Stripe is having an outage.' } });
        return;
      }
      if (!request.headers.authorization?.startsWith('Bearer ')) {
        sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } });
        return;
      }
      try {
        sendJson(response, 200, api(method, url.pathname, params, typeof idempotencyKey === 'string' ? idempotencyKey : undefined));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        sendJson(response, error.status, { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } });
      }
      return;
    }

    if (url.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
      return;
    }

    // A browser on the hosted pages asks for an icon; Stripe's pages have one, so the fake answers rather than 404.
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204);
      response.end();
      return;
    }

    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    if (checkout?.[1]) {
      const session = sessions.get(checkout[1]);
      if (!session) {
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end(page('Not found', '<h1>No such checkout session</h1>'));
        return;
      }
      if (method === 'POST' && checkout[2]) {
        const { redirect: location } = await completeCheckout(session.id);
        redirect(response, location);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(checkoutPage(session));
      return;
    }

    const portal = /^\/portal\/([\w-]+)(\/cancel|\/switch)?$/.exec(url.pathname);
    const portalSession = portal?.[1] ? portalSessions.get(portal[1]) : undefined;
    if (portal?.[1] && portalSession) {
      const current = [...subscriptions.values()].find(
        (subscription) => subscription.customer === portalSession.customer && subscription.status !== 'canceled',
      );
      if (method === 'POST' && current && portal[2] === '/cancel') {
        updateSubscription(current.id, { cancelAtPeriodEnd: true });
        await sendEvent('customer.subscription.updated', structuredClone(current)).catch(() => undefined);
      } else if (method === 'POST' && current && portal[2] === '/switch') {
        const priceId = new URLSearchParams(body).get('price') ?? '';
        updateSubscription(current.id, { priceId });
        await sendEvent('customer.subscription.updated', structuredClone(current)).catch(() => undefined);
      }
      if (method === 'POST') {
        redirect(response, `/portal/${portal[1]}`);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(portalPage(portal[1], portalSession));
      return;
    }

    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof StripeApiError) {
        sendJson(response, error.status, { error: { type: error.type, message: error.message } });
        return;
      }
      sendJson(response, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: base,
      STRIPE_PRICE_IDS: JSON.stringify(FAKE_STRIPE_PRICE_IDS),
    },
    priceIds: FAKE_STRIPE_PRICE_IDS,
    prices,
    customers,
    sessions,
    subscriptions,
    requests,
    deliveries,
    outage(mode) {
      outageMode = mode;
      if (mode !== 'hang') for (const response of hanging) response.destroy();
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    now,
    setClock(seconds) {
      clock = seconds;
    },
    completeCheckout,
    updateSubscription,
    sendEvent,
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    holdDeliveries() {
      held ??= [];
    },
    async releaseDeliveries(order = 'in-order') {
      const queue = held ?? [];
      held = null;
      if (order === 'reversed') queue.reverse();
      for (const { type, object, created } of queue) await sendEvent(type, object, { created });
    },
    async close() {
      for (const response of hanging) response.destroy();
      await Promise.all([...inFlight]);
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
