import superjson from 'superjson';
import { FIRST_QUERY_PATHS, type FirstQueryPath } from '../../shared/first-queries';
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

/**
 * The answers to the shell's first queries for the signed-in user of a page request (shared/first-queries.ts), as
 * superjson text keyed by path. A query that fails is left out — the app asks it over the API as before, and gets the
 * error there — so the page is never refused for it.
 */
export async function firstQueries(services: Services, headers: Headers, session: { user: SessionUser }): Promise<string> {
  const { user } = session;
  const caller = appRouter.createCaller(() => createContext(services, headers, Promise.resolve(session)));
  const answers: Partial<Record<FirstQueryPath, unknown>> = {};
  await Promise.all(
    FIRST_QUERY_PATHS.map(async (queryPath) => {
      try {
        answers[queryPath] = await RUN[queryPath](caller, user.id);
      } catch (error) {
        services.log.warn({ err: error, path: queryPath }, 'a first query for the app page failed; the app asks it itself');
      }
    }),
  );
  return superjson.stringify(answers);
}
