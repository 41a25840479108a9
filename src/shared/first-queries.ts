import { APP_START_ELEMENT_ID } from './app-start';
import { SERVER_RENDERED_ROOT } from './server-render';

/**
 * The queries every signed-in page makes before it can draw its first screen — the shell's: courses, the open file,
 * invitations, shared courses, plan, counters, the user — answered inside the app's page itself (issue 21). On a phone
 * they were a second and third round trip after the page and its scripts, and their answers, arriving one batch after
 * the first render, were another render of the whole shell in one task. The server runs them as the request's user
 * (http/first-queries.ts, through the same procedures and access checks); the app puts the answers into its query cache
 * before the first render (client lib/first-queries.ts).
 */
export const FIRST_QUERY_PATHS = [
  'system.getPublicConfig',
  'directory.getDirectories',
  'file.getActiveFile',
  'spaces.getMyInvitations',
  'spaces.getAllSharedCoursesWithFiles',
  'spaces.getUserSpaces',
  'user.getUserBillingInfo',
  'admin.isAdmin',
  'gamification.getProgress',
  'user.getUser',
] as const;

export type FirstQueryPath = (typeof FIRST_QUERY_PATHS)[number];

/**
 * A study tab's own first queries, about the open file: its processing status (the tab's frame) and, once the status
 * says the tab's artefact is ready, the artefact itself — each asked with `{ fileId }` of the open file
 * (file.getActiveFile's answer). An artefact not ready yet is not asked: its answer (none yet) would sit in the app's
 * cache as if current when the artefact arrives. Only for the student's own open file: a page with a shared course's
 * context (`?uuid=&id=`) asks for its file itself. Keyed `page:<path>` among the embedded answers (`pageQueryKey`), so
 * the app seeds them for the file it knows.
 */
export const PAGE_QUERIES = {
  '/summary': { artefact: 'summary', query: 'summary.get' },
  '/mindmap': { artefact: 'mindmap', query: 'mindmap.get' },
  '/learn': { artefact: 'learn_path', query: 'learn.getPath' },
} as const;

export type PageQuery = (typeof PAGE_QUERIES)[keyof typeof PAGE_QUERIES];
export type PageQueryPath = 'file.getProcessingStatus' | PageQuery['query'];

/** Every page query's path: the status and each tab's artefact. */
export const PAGE_QUERY_PATHS: readonly PageQueryPath[] = ['file.getProcessingStatus', ...Object.values(PAGE_QUERIES).map((page) => page.query)];

/**
 * The page's own queries for an address, or none: only a study tab, and only without a shared course's context. A
 * student's own file named in the address (`?id=`, without `uuid`) is kept as `fileId`: the answers are made only
 * when it is the open file (the app opens another one itself, and asks then).
 */
export function pageQueriesFor(pathname: string, search: URLSearchParams): (PageQuery & { fileId: string | null }) | null {
  if (search.has('uuid')) return null;
  if (!Object.hasOwn(PAGE_QUERIES, pathname)) return null;
  return { ...PAGE_QUERIES[pathname as keyof typeof PAGE_QUERIES], fileId: search.get('id') };
}

/** Where a page query's answer stands among the embedded answers. */
export const pageQueryKey = (queryPath: PageQueryPath) => `page:${queryPath}`;

/** The `<script type="application/json">` element carrying the answers, superjson-encoded, keyed by path. */
export const FIRST_QUERIES_ELEMENT_ID = 'studypath-first-queries';

/** The input the app asks each with: none, but the user's own id for user.getUser. */
export function firstQueryInput(queryPath: FirstQueryPath, userId: string): { id: string } | undefined {
  return queryPath === 'user.getUser' ? { id: userId } : undefined;
}

const FIRST_QUERIES_ELEMENT = new RegExp(`<script type="application/json" id="${FIRST_QUERIES_ELEMENT_ID}">[^<]*</script>`);
/** A page rendered on the server, up to the app's start after it (the markup's own text cannot hold that tag). */
const SERVER_RENDERED_PAGE = new RegExp(`${SERVER_RENDERED_ROOT}[\\s\\S]*?</div>(\\s*<template id="${APP_START_ELEMENT_ID}")`);

/**
 * An app page as the service worker keeps it for starting offline: without the first queries' answers, and without
 * the page the server rendered from them, which would be stale by then (the app asks, and says what it could not
 * load) and are the user's data besides.
 */
export async function pageWithoutFirstQueries(response: Response): Promise<Response> {
  const html = (await response.text()).replace(FIRST_QUERIES_ELEMENT, '').replace(SERVER_RENDERED_PAGE, (_page, start: string) => `<div id="root"></div>${start}`);
  // The body is now decoded and shorter: its old length and encoding no longer describe it.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
