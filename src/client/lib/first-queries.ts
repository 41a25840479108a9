import type { QueryClient, QueryKey } from '@tanstack/react-query';
import superjson from 'superjson';
import { type SpacesClient, spacesQueryKey } from './spaces';
import {
  FIRST_QUERIES_ELEMENT_ID,
  FIRST_QUERY_PATHS,
  type FirstQueryPath,
  firstQueryInput,
  PAGE_QUERY_PATHS,
  type PageQueryPath,
  pageQueryKey,
} from '../../shared/first-queries';

/**
 * The key the app reads each first query under: the sharing queries' own (lib/spaces.ts), the others the one
 * @trpc/tanstack-react-query gives `trpc.<path>.queryOptions(input)` — the path's parts, then the input (when there is
 * one) and the kind. first-queries.test.ts checks it against tRPC's own for every first query.
 */
export function firstQueryKey(queryPath: FirstQueryPath, userId: string): QueryKey {
  const [router, procedure] = queryPath.split('.') as [string, string];
  if (router === 'spaces') return spacesQueryKey(procedure as keyof SpacesClient);
  return trpcQueryKey(queryPath, firstQueryInput(queryPath, userId));
}

/** The key of a study tab's own first query about the open file: `trpc.<path>.queryOptions({ fileId })`'s. */
export function pageQueryCacheKey(queryPath: PageQueryPath, fileId: string): QueryKey {
  return trpcQueryKey(queryPath, { fileId });
}

/** `trpc.<path>.queryOptions(input).queryKey`: the path's parts, then the input (when there is one) and the kind. */
function trpcQueryKey(queryPath: string, input: unknown): QueryKey {
  return [queryPath.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }];
}

/**
 * Puts the answers the server wrote into the app's page (shared/first-queries.ts) into the query cache — the shell's,
 * and a study tab's own about the open file, once per page
 * load, before the shell first renders: it then draws with its data in one render instead of asking for it. Answers
 * for another user than the one signed in, or text that does not parse, are left alone (the app asks as before).
 * Loaded by the shell's route when it first loads (with superjson, which tRPC's client loads with the shell anyway).
 */
export async function seedFirstQueries(queryClient: QueryClient, userId: string): Promise<void> {
  // A render on the server (server-render.tsx) is given the answers themselves (seedAnswers).
  if (typeof document === 'undefined') return;
  const element = document.getElementById(FIRST_QUERIES_ELEMENT_ID);
  if (!element) return;
  element.remove();
  seedAnswers(queryClient, userId, element.textContent ?? '');
}

/** The answers of `text` (superjson's JSON of the first queries) in the cache, as seedFirstQueries describes. */
export function seedAnswers(queryClient: QueryClient, userId: string, text: string): void {
  let answers: Partial<Record<string, unknown>>;
  try {
    answers = superjson.parse<Partial<Record<string, unknown>>>(text);
  } catch {
    return;
  }
  if (!answers || typeof answers !== 'object') return;
  const user = answers['user.getUser'] as { id?: unknown } | undefined;
  if (user && user.id !== userId) return;
  for (const queryPath of FIRST_QUERY_PATHS) {
    if (queryPath in answers) queryClient.setQueryData(firstQueryKey(queryPath, userId), answers[queryPath]);
  }
  // A study tab's own, about the open file the answers name.
  const file = answers['file.getActiveFile'] as { id?: unknown } | null | undefined;
  if (!file || typeof file.id !== 'string') return;
  for (const queryPath of PAGE_QUERY_PATHS) {
    const key = pageQueryKey(queryPath);
    if (key in answers) queryClient.setQueryData(pageQueryCacheKey(queryPath, file.id), answers[key]);
  }
}
