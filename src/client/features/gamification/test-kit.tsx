import type { ComponentType } from 'react';
import type { Progress } from '../../../shared/gamification';
import { renderSignedIn } from '../../test/render-signed-in';

/**
 * For the gamification component tests: the fake tRPC endpoint (src/client/test/fake-trpc-server.ts) and a page
 * rendered signed in with the providers main.tsx sets up, at a path of its own.
 */
export { fakeTrpcServer as fakeServer } from '../../test/fake-trpc-server';

export function progress(overrides: Partial<Progress> = {}): Progress {
  return {
    streak: 3,
    points: 120,
    stars: 4,
    hearts: 3,
    unlimitedHearts: false,
    streakFreezes: 0,
    xpTotal: 180,
    plan: 'free',
    timeZone: 'UTC',
    celebrations: [],
    ...overrides,
  };
}

/** Renders `Page` signed in at `path`, with /shop, /lesson/l1 and /learn routes for its links. */
export function renderPage(Page: ComponentType, path = '/page') {
  return renderSignedIn(<Page />, { routes: ['/shop', '/lesson/l1', '/learn'], path });
}
