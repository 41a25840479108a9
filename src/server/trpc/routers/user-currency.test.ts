import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { user } from '../../db/schema';
import { callerFor, createTestServices, createUser, expectRefused, requestApp, trpcQueryPath, type TestUser } from '../../test/harness';

/**
 * A small IP-geolocation service on loopback, answering as ipapi.co does (`{ country_code }`) for the addresses it
 * knows; some addresses answer a 500, never answer, or answer something that is not JSON.
 */
const ANSWERS: Record<string, { country: string } | '500' | 'hang' | 'malformed' | 'no-country'> = {
  '8.8.8.8': { country: 'US' },
  '24.48.0.1': { country: 'CA' },
  '81.2.69.142': { country: 'GB' },
  '2.2.2.2': { country: 'FR' },
  '5.9.0.1': { country: 'de' },
  '2.32.0.1': { country: 'IT' },
  '2.136.0.1': { country: 'ES' },
  '2a02:a000::1': { country: 'BE' },
  '1.1.1.1': { country: 'AU' },
  '133.0.0.1': { country: 'JP' },
  '9.9.9.9': '500',
  '4.4.4.4': 'hang',
  '6.6.6.6': 'malformed',
  '7.7.7.7': 'no-country',
};

const asked: string[] = [];
const hanging = new Set<ServerResponse>();
const geo: Server = createServer((request, response) => {
  const ip = decodeURIComponent(/^\/geo\/([^/]+)\/json$/.exec(request.url ?? '')?.[1] ?? '');
  asked.push(ip);
  const answer = ANSWERS[ip];
  if (answer === 'hang') {
    hanging.add(response);
    return;
  }
  if (answer === '500') {
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  if (answer === 'malformed') response.end('{"country_code": "DE"');
  else if (answer === 'no-country') response.end(JSON.stringify({ ip, error: true, reason: 'Reserved IP Address' }));
  else response.end(JSON.stringify(answer ? { ip, country_code: answer.country, currency: 'XXX' } : { ip, error: true }));
});
await new Promise<void>((resolve) => geo.listen(0, '127.0.0.1', resolve));
const geoUrl = `http://127.0.0.1:${(geo.address() as AddressInfo).port}/geo/{ip}/json`;

const services = await createTestServices({ env: { GEOIP_URL: geoUrl } });
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await services.close();
  await new Promise<void>((resolve) => geo.close(() => resolve()));
});
beforeEach(() => {
  asked.length = 0;
});

/** The caller as the HTTP layer would build it for a request from `ip`. */
function callerAt(actor: TestUser, ip: string) {
  const headers = new Headers(actor.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return callerFor(services, { headers });
}

describe('user.detectCurrency', () => {
  test.each([
    ['8.8.8.8', 'usd'],
    ['24.48.0.1', 'cad'],
    ['81.2.69.142', 'gbp'],
    ['2.2.2.2', 'eur'],
    ['5.9.0.1', 'eur'],
    ['2.32.0.1', 'eur'],
    ['2.136.0.1', 'eur'],
    ['2a02:a000::1', 'eur'],
    ['1.1.1.1', 'aud'],
  ])('a client at %s (its country per spec §9) gets %s', async (ip, currency) => {
    const owner = await createUser(services);
    expect(await callerAt(owner, ip).user.detectCurrency()).toEqual({ currency });
    expect(asked).toEqual([ip]);
  });

  test.each([
    ['a country without a currency of its own (JP)', '133.0.0.1'],
    ['a 500 from the service', '9.9.9.9'],
    ['an answer that is not JSON', '6.6.6.6'],
    ['an answer without country_code', '7.7.7.7'],
    ['an address the service does not know', '11.11.11.11'],
  ])('%s gives usd without an error', async (_, ip) => {
    const owner = await createUser(services);
    expect(await callerAt(owner, ip).user.detectCurrency()).toEqual({ currency: 'usd' });
    expect(asked).toEqual([ip]);
  });

  test('a service that never answers gives usd after the 3 s timeout', async () => {
    const owner = await createUser(services);
    const started = Date.now();
    expect(await callerAt(owner, '4.4.4.4').user.detectCurrency()).toEqual({ currency: 'usd' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(asked).toEqual(['4.4.4.4']);
  }, 15_000);

  test.each(['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.20', '169.254.1.1', '100.64.0.1', '::1', 'fd12:3456::1', 'fe80::1', '::ffff:192.168.0.1', 'not-an-ip', ''])(
    'a loopback, private or unreadable address (%s) gives usd and is never sent to the service',
    async (ip) => {
      const owner = await createUser(services);
      expect(await callerAt(owner, ip).user.detectCurrency()).toEqual({ currency: 'usd' });
      expect(asked).toEqual([]);
    },
  );

  test('the currency the user chose wins over detection; the service is not asked', async () => {
    const owner = await createUser(services);
    await callerFor(services, owner).user.setCurrency({ currency: 'gbp' });
    expect(await callerAt(owner, '8.8.8.8').user.detectCurrency()).toEqual({ currency: 'gbp' });
    expect(asked).toEqual([]);
  });

  test('over HTTP the address is the connection’s: a client-IP header the client sends is ignored', async () => {
    const owner = await createUser(services);
    const headers = new Headers(owner.headers);
    headers.set(CLIENT_IP_HEADER, '81.2.69.142');
    const response = await requestApp(services, trpcQueryPath('user.detectCurrency'), { headers });
    expect(response.status).toBe(200);
    // In-process requests come from this machine: loopback, so nothing is asked.
    expect(((await response.json()) as { result: { data: { json: unknown } } }).result.data.json).toEqual({ currency: 'usd' });
    expect(asked).toEqual([]);
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.detectCurrency(), actors: ['anonymous'] });
    expect(asked).toEqual([]);
  });
});

describe('user.detectCurrency behind a trusted proxy, and without a service', () => {
  test('with TRUST_PROXY the first X-Forwarded-For address is the one looked up', async () => {
    const proxied = await createTestServices({ env: { GEOIP_URL: geoUrl, TRUST_PROXY: 'true' } });
    try {
      const owner = await createUser(proxied);
      const headers = new Headers(owner.headers);
      headers.set('x-forwarded-for', '81.2.69.142, 10.0.0.1');
      const response = await requestApp(proxied, trpcQueryPath('user.detectCurrency'), { headers });
      expect(((await response.json()) as { result: { data: { json: unknown } } }).result.data.json).toEqual({ currency: 'gbp' });
      expect(asked).toEqual(['81.2.69.142']);
    } finally {
      await proxied.close();
    }
  });

  test('without GEOIP_URL every client gets usd and nothing is asked', async () => {
    const plain = await createTestServices();
    try {
      const owner = await createUser(plain);
      const headers = new Headers(owner.headers);
      headers.set(CLIENT_IP_HEADER, '81.2.69.142');
      expect(await callerFor(plain, { headers }).user.detectCurrency()).toEqual({ currency: 'usd' });
      expect(asked).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('user.setCurrency', () => {
  test('stores the choice on the user; getUser and getUserBillingInfo report it', async () => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    expect((await caller.user.getUser({ id: owner.user.id })).currency).toBeNull();
    expect(await caller.user.setCurrency({ currency: 'eur' })).toEqual({ currency: 'eur' });
    expect((await caller.user.getUser({ id: owner.user.id })).currency).toBe('eur');
    expect((await caller.user.getUserBillingInfo()).currency).toBe('eur');
  });

  test.each(['jpy', 'USD', '', 'eur; drop table user'])('refuses a currency StudyPath does not offer: %j', async (currency) => {
    const owner = await createUser(services);
    const caller = callerFor(services, owner);
    await caller.user.setCurrency({ currency: 'aud' });
    // @ts-expect-error -- a client may send any string; the server's schema is what refuses it
    await expect(caller.user.setCurrency({ currency })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const [row] = await services.db.select({ currency: user.currency }).from(user).where(eq(user.id, owner.user.id));
    expect(row?.currency).toBe('aud');
  });

  test('refuses the signed-out', async () => {
    await expectRefused({ services, call: (caller) => caller.user.setCurrency({ currency: 'eur' }), actors: ['anonymous'] });
  });
});
