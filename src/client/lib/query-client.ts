import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP status a failed tRPC call reports (TRPCClientError's `data.httpStatus`), read without importing tRPC's
 * client: the query client is in the first chunk, tRPC loads with the signed-in app (lib/trpc.ts).
 */
function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name !== 'TRPCClientError') return undefined;
  const status = (error as Error & { data?: { httpStatus?: unknown } }).data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          // A refusal (4xx) will not change on retry; only transient failures are retried.
          const status = httpStatusOf(error);
          return (status === undefined || status >= 500) && failureCount < 2;
        },
      },
    },
  });
}
