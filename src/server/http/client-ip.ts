import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context as HonoContext } from 'hono';

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY says a proxy sets it. */
export function clientIp(c: HonoContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // Requests made in-process (app.request in tests) have no socket; they come from this machine.
    return '127.0.0.1';
  }
}
