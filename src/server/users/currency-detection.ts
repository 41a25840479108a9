import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import { currencyForCountry, DEFAULT_CURRENCY, type Currency } from '../../shared/currency';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Logger } from '../logger';

/** How long the geolocation service may take, answer included; after that the visitor gets usd. */
export const GEOIP_TIMEOUT_MS = 3000;

/**
 * Addresses that name no place on the public internet: loopback, private networks (RFC 1918, unique local), link-local,
 * carrier-grade NAT, documentation, multicast and reserved ranges. A geolocation service can only guess at them, so
 * they are never sent.
 */
const NON_PUBLIC: Array<[network: string, prefix: number, family: 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 127, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
];

const nonPublic = new BlockList();
for (const [network, prefix, family] of NON_PUBLIC) nonPublic.addSubnet(network, prefix, family);

/** Whether `address` is a public IPv4 or IPv6 address (an IPv4 address written IPv6-mapped counts as IPv4). */
export function isPublicIp(address: string): boolean {
  const ip = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !nonPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The country code of a geolocation answer: `country_code` (ipapi.co and most services) or `countryCode` (ip-api). */
function countryCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const code = record.country_code ?? record.countryCode;
  return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code.trim()) ? code.trim() : null;
}

/**
 * Spec §7/§9: the currency of the country the client's IP address is in, asked of the IP-geolocation service
 * (GEOIP_URL, a template with `{ip}`). Never throws: no service, a loopback or private address, a slow (over 3 s),
 * failing or malformed answer and an unknown country all give usd.
 */
export async function detectCurrency(options: {
  geoipUrl: string | null;
  ip: string | null;
  log: Logger;
  timeoutMs?: number;
}): Promise<Currency> {
  const { geoipUrl, ip, log } = options;
  if (geoipUrl === null || ip === null || !isPublicIp(ip)) return DEFAULT_CURRENCY;
  // isIP accepted it, so the address holds only hex digits, dots and colons: nothing that could change the URL.
  const url = geoipUrl.replaceAll('{ip}', ip);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOIP_TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'currency detection: the geolocation service refused; using usd');
      await response.body?.cancel();
      return DEFAULT_CURRENCY;
    }
    return currencyForCountry(countryCodeOf(await response.json()));
  } catch (error) {
    log.warn({ err: error }, 'currency detection: the geolocation service did not answer usefully; using usd');
    return DEFAULT_CURRENCY;
  }
}

/**
 * user.detectCurrency: the currency the user chose in the settings when there is one (a new device then shows it too),
 * else the one detected from the client's address.
 */
export async function currencyForUser(options: {
  db: Db;
  userId: string;
  geoipUrl: string | null;
  ip: string | null;
  log: Logger;
}): Promise<{ currency: Currency }> {
  const [row] = await options.db.select({ currency: user.currency }).from(user).where(eq(user.id, options.userId)).limit(1);
  return { currency: row?.currency ?? (await detectCurrency(options)) };
}
