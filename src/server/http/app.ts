import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { sql } from 'drizzle-orm';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { CLIENT_IP_HEADER } from '../auth/auth';
import type { Services } from '../services';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { chatRoutes } from './chat-route';
import { fileRoutes } from './file-routes';
import { stripeWebhookRoutes } from './stripe-webhook-route';
import { uploadRoutes } from './upload-route';

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY says a proxy sets it. */
function clientIp(c: HonoContext, trustProxy: boolean): string {
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

function withClientIpHeader(source: Headers, ip: string): Headers {
  const headers = new Headers(source);
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** A copy of the request whose client-IP header is ours alone; whatever the client sent under that name is dropped. */
function withClientIp(request: Request, ip: string): Request {
  const headers = withClientIpHeader(request.headers, ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(request.url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
}

export function createApp(services: Services) {
  const { config, log } = services;
  const app = new Hono();
  // The support-chat widget, when configured, loads its script and talks to its servers from these origins.
  const widget = config.supportChat?.cspSources ?? [];

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    const status = c.res.status;
    const entry = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error(entry, 'request');
    else if (c.req.path.startsWith('/api/')) log.info(entry, 'request');
    else log.debug(entry, 'request');
  });
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      // A route that sets one of these headers itself keeps it (GET /api/file sends a CSP fit for a stored document).
      overwrite: false,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars are https:// addresses the user gives (user.updateProfile).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...widget],
        fontSrc: ["'self'", 'data:', ...widget],
        connectSrc: ["'self'", ...widget],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...widget],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    }),
  );
  app.use('*', compress());

  app.get('/api/health', async (c) => {
    try {
      await services.db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.on(['GET', 'POST'], '/api/auth/*', bodyLimit({ maxSize: 64 * 1024 }), (c) =>
    services.auth.handler(withClientIp(c.req.raw, clientIp(c, config.trustProxy))),
  );

  app.all('/api/trpc/*', bodyLimit({ maxSize: 1024 * 1024 }), (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      // Procedures see the client's address as auth does (user.detectCurrency), never a value the client sent.
      createContext: ({ req }) => createContext(services, withClientIpHeader(req.headers, clientIp(c, config.trustProxy))),
    }),
  );

  app.route('/', uploadRoutes(services));
  app.route('/', fileRoutes(services));
  app.route('/', chatRoutes(services));
  app.route('/', stripeWebhookRoutes(services));

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  const indexFile = path.join(config.clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  // Without a built front end (tests, a server started before `npm run build`) there is nothing to serve statically.
  if (indexHtml) {
    const clientRoot = path.relative(process.cwd(), config.clientDir) || '.';
    // Asset names carry a content hash, so a browser may keep them for good.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: clientRoot }));
    app.use('*', serveStatic({ root: clientRoot, index: '__no_index__' }));
  }
  app.get('*', (c) => {
    if (!indexHtml) {
      return c.text('The front end is not built. Run `npm run build` (npm start does this by itself).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });

  app.onError((error, c) => {
    log.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong. Please try again.' }, 500);
  });

  return app;
}
