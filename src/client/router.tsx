import { createRouter, parseSearchWith, type RouterHistory, stringifySearchWith } from '@tanstack/react-router';
import { rootRoute } from './routes/__root';
import { appLayoutRoute } from './routes/_app';
import { adminRoute } from './routes/admin';
import { authRoute } from './routes/auth';
import { chatRoute } from './routes/chat';
import { coursesRoute } from './routes/courses';
import { dashboardRoute } from './routes/dashboard';
import { decksRoute } from './routes/decks';
import { indexRoute } from './routes/index';
import { leaderboardRoute } from './routes/leaderboard';
import { learnRoute } from './routes/learn';
import { lessonRoute } from './routes/lesson';
import { mindmapRoute } from './routes/mindmap';
import { offlineRoute } from './routes/offline';
import { questsRoute } from './routes/quests';
import { settingsRoute } from './routes/settings';
import { shopRoute } from './routes/shop';
import { spaceRoute, spacesRoute } from './routes/space';
import { streaksRoute } from './routes/streaks';
import { summaryRoute } from './routes/summary';
import { uploadRoute } from './routes/upload';
import type { RouterContext } from './routes/__root';

/**
 * The route definitions (paths, search validation, guards) are in the first chunk, so links and redirects resolve at
 * once; each page's component is its own chunk (`lazyRouteComponent`, or `routes/<page>.lazy.tsx` where the component
 * reads the route's search or params), fetched on navigation or when a link is hovered (`defaultPreload: 'intent'`).
 * Each such route's `loader` fetches the texts its page reads (lib/i18n's `loadNamespaces`): the router runs it
 * alongside the chunk's download and renders the page once both are in (lib/i18n-namespaces.test.ts keeps the lists
 * complete).
 */
const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute,
  appLayoutRoute.addChildren([
    dashboardRoute,
    uploadRoute,
    summaryRoute,
    mindmapRoute,
    learnRoute,
    lessonRoute,
    chatRoute,
    decksRoute,
    offlineRoute,
    leaderboardRoute,
    questsRoute,
    streaksRoute,
    shopRoute,
    settingsRoute,
    coursesRoute,
    spaceRoute,
    spacesRoute,
    adminRoute,
  ]),
]);

/**
 * Search params stay plain text (`?id=7`, not the router's default JSON `?id=%227%22`): share links and query strings
 * the spec names must read as people and other clients write them. Route schemas parse what they need from the text.
 */
const plainText = (value: string) => value;

/**
 * For building HTML (prerender.tsx): an address of its choosing instead of the browser's, and no scroll restoration,
 * whose server-side inline script the page's CSP would refuse (the browser restores scrolling by itself once hydrated).
 */
interface BuildTimeOptions {
  history: RouterHistory;
  scrollRestoration: false;
}

export function createAppRouter(context: RouterContext, buildTime?: BuildTimeOptions) {
  return createRouter({
    routeTree,
    context,
    parseSearch: parseSearchWith(plainText),
    stringifySearch: stringifySearchWith(String, plainText),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...buildTime,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
