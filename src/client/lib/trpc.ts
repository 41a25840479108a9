import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          // A refusal (4xx) will not change on retry; only transient failures are retried.
          const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
          return (status === undefined || status >= 500) && failureCount < 2;
        },
      },
    },
  });
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
