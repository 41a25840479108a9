import { usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { queryOptions } from '@tanstack/react-query';

export const authClient = createAuthClient({ plugins: [usernameClient()] });

export const { useSession, signOut } = authClient;

export type SessionData = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;

/** The session as a query, so route guards and components share one cached request. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: async (): Promise<SessionData | null> => {
    const result = await authClient.getSession();
    return result.data ?? null;
  },
  staleTime: 60_000,
});
