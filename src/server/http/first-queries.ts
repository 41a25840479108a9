import superjson from 'superjson';
import { FIRST_QUERY_PATHS, type FirstQueryPath, type PageQuery, type PageQueryPath, pageQueryKey } from '../../shared/first-queries';
import type { Services } from '../services';
import { createContext, type SessionUser } from '../trpc/context';
import { appRouter } from '../trpc/router';

type Caller = ReturnType<typeof appRouter.createCaller>;

/** Each first query as the app asks it, through the caller: the procedure's own input checks and access rules apply. */
const RUN: Record<FirstQueryPath, (caller: Caller, userId: string) => Promise<unknown>> = {
  'system.getPublicConfig': (caller) => caller.system.getPublicConfig(),
  'directory.getDirectories': (caller) => caller.directory.getDirectories(),
  'file.getActiveFile': (caller) => caller.file.getActiveFile(),
  'spaces.getMyInvitations': (caller) => caller.spaces.getMyInvitations(),
  'spaces.getAllSharedCoursesWithFiles': (caller) => caller.spaces.getAllSharedCoursesWithFiles(),
  'spaces.getUserSpaces': (caller) => caller.spaces.getUserSpaces(),
  'user.getUserBillingInfo': (caller) => caller.user.getUserBillingInfo(),
  'admin.isAdmin': (caller) => caller.admin.isAdmin(),
  'gamification.getProgress': (caller) => caller.gamification.getProgress(),
  'user.getUser': (caller, userId) => caller.user.getUser({ id: userId }),
};

/** A study tab's own first queries about the open file (shared/first-queries.ts PAGE_QUERIES). */
const RUN_PAGE: Record<PageQueryPath, (caller: Caller, fileId: string) => Promise<unknown>> = {
  'file.getProcessingStatus': (caller, fileId) => caller.file.getProcessingStatus({ fileId }),
  'summary.get': (caller, fileId) => caller.summary.get({ fileId }),
  'mindmap.get': (caller, fileId) => caller.mindmap.get({ fileId }),
  'learn.getPath': (caller, fileId) => caller.learn.getPath({ fileId }),
};

/**
 * The answers to the shell's first queries for the signed-in user of a page request (shared/first-queries.ts), as
 * superjson text keyed by path. A query that fails is left out — the app asks it over the API as before, and gets the
 * error there — so the page is never refused for it.
 */
export async function firstQueries(
  services: Services,
  headers: Headers,
  session: { user: SessionUser },
  pageQuery: (PageQuery & { fileId?: string | null }) | null = null,
): Promise<string> {
  const { user } = session;
  const caller = appRouter.createCaller(() => createContext(services, headers, Promise.resolve(session)));
  const answers: Record<string, unknown> = {};
  const attempt = async (key: string, queryPath: string, run: () => Promise<unknown>): Promise<unknown> => {
    try {
      const answer = await run();
      answers[key] = answer;
      return answer;
    } catch (error) {
      services.log.warn({ err: error, path: queryPath }, 'a first query for the app page failed; the app asks it itself');
      return undefined;
    }
  };
  const shell = FIRST_QUERY_PATHS.map((queryPath) => attempt(queryPath, queryPath, () => RUN[queryPath](caller, user.id)));
  const runPage = (queryPath: PageQueryPath, fileId: string) => attempt(pageQueryKey(queryPath), queryPath, () => RUN_PAGE[queryPath](caller, fileId));
  // The page's own, once the open file is known (it is one of the shell's); its artefact only once that is ready.
  const page = (async () => {
    if (!pageQuery) return;
    const file = (await shell[FIRST_QUERY_PATHS.indexOf('file.getActiveFile')]) as { id: string } | null | undefined;
    // The address names another of the student's files than the open one: the app opens it and asks for its answers.
    if (!file || (pageQuery.fileId && pageQuery.fileId !== file.id)) return;
    const status = (await runPage('file.getProcessingStatus', file.id)) as { artefacts?: Record<string, { status?: string | null } | undefined> } | undefined;
    if (status?.artefacts?.[pageQuery.artefact]?.status === 'ready') await runPage(pageQuery.query, file.id);
  })();
  await Promise.all([...shell, page]);
  return superjson.stringify(answers);
}
