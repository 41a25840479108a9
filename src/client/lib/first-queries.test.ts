// @vitest-environment jsdom
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { afterEach, describe, expect, test } from 'vitest';
import { FIRST_QUERIES_ELEMENT_ID, FIRST_QUERY_PATHS, type FirstQueryPath, type PageQueryPath } from '../../shared/first-queries';
import { firstQueryKey, pageQueryCacheKey, seedFirstQueries } from './first-queries';
import { keepSharedContext } from './search';
import { SPACES_KEY } from './spaces';
import { createTrpcClient } from './trpc';

const USER = 'user-1';
const trpc = createTRPCOptionsProxy({ client: createTrpcClient(), queryClient: new QueryClient() });

/** The key each first query is read under in the app, as its hooks make it (one entry per path, or this fails to compile). */
const APP_KEYS: Record<FirstQueryPath, QueryKey> = {
  'system.getPublicConfig': trpc.system.getPublicConfig.queryOptions(undefined, { staleTime: Infinity }).queryKey,
  'directory.getDirectories': trpc.directory.getDirectories.queryOptions().queryKey,
  'file.getActiveFile': trpc.file.getActiveFile.queryOptions().queryKey,
  'spaces.getMyInvitations': [...SPACES_KEY, 'getMyInvitations', null],
  'spaces.getAllSharedCoursesWithFiles': [...SPACES_KEY, 'getAllSharedCoursesWithFiles', null],
  'spaces.getUserSpaces': [...SPACES_KEY, 'getUserSpaces', null],
  'user.getUserBillingInfo': trpc.user.getUserBillingInfo.queryOptions().queryKey,
  'admin.isAdmin': trpc.admin.isAdmin.queryOptions(undefined, { staleTime: 5 * 60_000 }).queryKey,
  'gamification.getProgress': trpc.gamification.getProgress.queryOptions().queryKey,
  'user.getUser': trpc.user.getUser.queryOptions({ id: USER }).queryKey,
};

function pageWith(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_QUERIES_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById(FIRST_QUERIES_ELEMENT_ID)?.remove());

describe("the shell's first queries, answered in the page", () => {
  test('each is put under the key the app reads it with', () => {
    for (const queryPath of FIRST_QUERY_PATHS) expect(firstQueryKey(queryPath, USER), queryPath).toEqual(APP_KEYS[queryPath]);
  });

  test('the answers go into the cache with their dates, once, and the element is gone', async () => {
    const createdAt = new Date('2026-11-28T08:00:00Z');
    pageWith(superjson.stringify({ 'directory.getDirectories': [{ id: 'c1', name: 'Biology', createdAt }], 'user.getUser': { id: USER, locale: 'de' } }));
    const queryClient = new QueryClient();
    await seedFirstQueries(queryClient, USER);
    expect(queryClient.getQueryData(APP_KEYS['directory.getDirectories'])).toEqual([{ id: 'c1', name: 'Biology', createdAt }]);
    expect((queryClient.getQueryData(APP_KEYS['directory.getDirectories']) as Array<{ createdAt: unknown }>)[0]?.createdAt).toBeInstanceOf(Date);
    expect(queryClient.getQueryData(APP_KEYS['user.getUser'])).toEqual({ id: USER, locale: 'de' });
    // Not answered in the page: left for the app to ask.
    expect(queryClient.getQueryState(APP_KEYS['gamification.getProgress'])).toBeUndefined();
    expect(document.getElementById(FIRST_QUERIES_ELEMENT_ID)).toBeNull();
  });

  test("another user's answers, or text that is not superjson, are left out", async () => {
    pageWith(superjson.stringify({ 'directory.getDirectories': [], 'user.getUser': { id: 'someone-else' } }));
    const queryClient = new QueryClient();
    await seedFirstQueries(queryClient, USER);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    pageWith('{not json');
    await seedFirstQueries(queryClient, USER);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe("a study tab's own first queries, about the open file", () => {
  const FILE = 'file-1';
  // As the tabs ask them for the student's own file: the shared course's context empty (no ?uuid=&id=).
  const context = keepSharedContext({ uuid: undefined, id: undefined });
  const TAB_KEYS: Record<PageQueryPath, QueryKey> = {
    'file.getProcessingStatus': trpc.file.getProcessingStatus.queryOptions({ fileId: FILE }).queryKey,
    'summary.get': trpc.summary.get.queryOptions({ fileId: FILE, ...context }).queryKey,
    'mindmap.get': trpc.mindmap.get.queryOptions({ fileId: FILE }).queryKey,
    'learn.getPath': trpc.learn.getPath.queryOptions({ fileId: FILE, ...context }).queryKey,
  };

  test('each is put under the key the tab reads it with', () => {
    for (const [queryPath, key] of Object.entries(TAB_KEYS) as Array<[PageQueryPath, QueryKey]>) {
      expect(hashKey(pageQueryCacheKey(queryPath, FILE)), queryPath).toBe(hashKey(key));
    }
  });

  test('they go into the cache for the open file the answers name, and only then', async () => {
    const summary = { points: [{ text: 'Cells divide.' }] };
    pageWith(superjson.stringify({ 'file.getActiveFile': { id: FILE }, 'page:summary.get': summary, 'page:file.getProcessingStatus': { status: 'ready' } }));
    const queryClient = new QueryClient();
    await seedFirstQueries(queryClient, USER);
    expect(queryClient.getQueryData(TAB_KEYS['summary.get'])).toEqual(summary);
    expect(queryClient.getQueryData(TAB_KEYS['file.getProcessingStatus'])).toEqual({ status: 'ready' });
    expect(queryClient.getQueryState(TAB_KEYS['mindmap.get'])).toBeUndefined();

    // No open file named: a page answer has no file to belong to.
    pageWith(superjson.stringify({ 'file.getActiveFile': null, 'page:summary.get': summary }));
    const other = new QueryClient();
    await seedFirstQueries(other, USER);
    expect(other.getQueryState(TAB_KEYS['summary.get'])).toBeUndefined();
  });
});
