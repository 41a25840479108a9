import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

function retryOf(error: unknown, failureCount = 0): boolean {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('the query client has no retry rule');
  return retry(failureCount, error as Error);
}

describe('which failed queries are tried again', () => {
  it('never a refusal (4xx) from the tRPC client, as its error reports it', () => {
    const refused = TRPCClientError.from({ error: { code: -32600, message: 'Not yours', data: { httpStatus: 403, code: 'FORBIDDEN' } } });
    expect(refused.name).toBe('TRPCClientError');
    expect(retryOf(refused)).toBe(false);
  });

  it('a server failure or a lost connection, twice', () => {
    const failed = TRPCClientError.from({ error: { code: -32603, message: 'Boom', data: { httpStatus: 500, code: 'INTERNAL_SERVER_ERROR' } } });
    expect(retryOf(failed)).toBe(true);
    expect(retryOf(failed, 2)).toBe(false);
    expect(retryOf(new TypeError('Failed to fetch'))).toBe(true);
  });
});
