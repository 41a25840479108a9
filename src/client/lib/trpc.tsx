import { useQueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

let appClient: TrpcClient | undefined;

/**
 * The app's one tRPC client, made when first needed. tRPC (and superjson) load with the signed-in shell and the pages
 * that call the API, not in the first chunk the landing page and /auth also load.
 */
export function appTrpcClient(): TrpcClient {
  appClient ??= createTrpcClient();
  return appClient;
}

/** The API for everything inside it: the shell (routes/_app.lazy.tsx) and the not-found page drawn in it. */
export function TrpcBoundary({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <TRPCProvider trpcClient={appTrpcClient()} queryClient={queryClient}>
      {children}
    </TRPCProvider>
  );
}
