import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { CLIENT_IP_HEADER } from '../auth/auth';
import type { Services } from '../services';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { chatRoutes } from './chat-route';
import { clientIp } from './client-ip';
import { jsonBodiesOnly, sameOriginOnly } from './csrf';
import { fileRoutes } from './file-routes';
import { limitGeneration, rateLimited } from './rate-limits';
import { limitedSignIn } from './sign-in-limits';
import { appPageResponse, loadAppPage } from './app-page';
import { loadPrerenderedPages, prerenderedPage } from './pages';
import { httpsOnlyTransport, securityHeaders } from './security-headers';
import { stripeWebhookRoutes } from './stripe-webhook-route';
import { uploadRoutes } from './upload-route';
import { requestSession } from './session';

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

/** /api/health answers 503 when the database has not answered `select 1` within this. */
export const HEALTH_TIMEOUT_MS = 5_000;

export function createApp(services: Services) {
  const { config, log } = services;
  const app = new Hono();
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
  app.use('*', securityHeaders(config));
  app.use('*', httpsOnlyTransport(config));
  app.use('*', compress());

  app.get('/api/health', async (c) => {
    // A database that stops answering (a network partition) rather than refusing must not hold the health check.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([services.db.execute(sql`select 1`), timeout]);
      return c.json({ status: 'ok' });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      return c.json({ status: 'unavailable' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });

  // Every state-changing request under /api comes from the app's own pages (CSRF); Stripe's webhook is signed instead.
  app.use('/api/*', sameOriginOnly({ trustedOrigins: config.trustedOrigins, exempt: ['/api/stripe/webhook'], log }));
  app.use('/api/trpc/*', jsonBodiesOnly());
  app.use('/api/chat', jsonBodiesOnly());
  app.post('/api/files', rateLimited(services, 'upload'));
  app.post('/api/chat', rateLimited(services, 'chat'));

  app.on(['GET', 'POST'], '/api/auth/*', bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    const ip = clientIp(c, config.trustProxy);
    const response = await limitedSignIn(services, c.req.raw, ip, () => services.auth.handler(withClientIp(c.req.raw, ip)));
    // better-auth's limiter names the wait X-Retry-After only; clients and proxies know the standard header.
    const retryAfter = response.headers.get('x-retry-after');
    if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) response.headers.set('Retry-After', retryAfter);
    return response;
  });

  app.all('/api/trpc/*', bodyLimit({ maxSize: 1024 * 1024 }), (c) => {
    const ip = clientIp(c, config.trustProxy);
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: async ({ req, info, resHeaders }) => {
        // Procedures see the client's address as auth does (user.detectCurrency), never a value the client sent.
        const context = await createContext(services, withClientIpHeader(req.headers, ip), requestSession(services, c.req.raw));
        const paths = info.type === 'mutation' ? info.calls.map((call) => call.path) : [];
        await limitGeneration({ services, paths, userId: context.user?.id, ip, resHeaders });
        return context;
      },
    });
  });

  app.route('/', uploadRoutes(services));
  app.route('/', fileRoutes(services));
  app.route('/', chatRoutes(services));
  app.route('/', stripeWebhookRoutes(services));

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  const appPage = loadAppPage(config.clientDir);
  // Without a built front end (tests, a server started before `npm run build`) there is nothing to serve statically.
  if (appPage) {
    const clientRoot = path.relative(process.cwd(), config.clientDir) || '.';
    // Asset names carry a content hash, so a browser may keep them for good.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: clientRoot }));
    // The service worker is checked for a new version on every visit: never from a cache.
    app.use('/sw.js', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
    });
    app.use('*', serveStatic({ root: clientRoot, index: '__no_index__' }));
  }
  // The landing page and /auth as HTML made at build time, in the visitor's language.
  const prerendered = loadPrerenderedPages(config.clientDir);
  for (const page of ['/', '/auth']) {
    app.get(page, async (c, next) => {
      const answer = await prerenderedPage(c, services, prerendered);
      if (answer) return answer;
      await next();
    });
  }
  app.get('*', (c) => {
    if (!appPage) {
      return c.text('The front end is not built. Run `npm run build` (npm start does this by itself).', 503);
    }
    return appPageResponse(c, services, appPage, withClientIpHeader(c.req.raw.headers, clientIp(c, config.trustProxy)));
  });

  app.onError((error, c) => {
    // A middleware's deliberate answer (bodyLimit's 413 Payload Too Large) is not a failure of the server.
    if (error instanceof HTTPException) return error.getResponse();
    log.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong. Please try again.' }, 500);
  });

  return app;
}
