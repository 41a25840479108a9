// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_SESSION_ELEMENT_ID } from '../../shared/session';
import { seedSession, sessionQueryOptions, takeEmbeddedSession } from './session';

const lena = { user: { id: 'u1', name: 'Lena', email: 'lena@example.test', image: null, username: 'lena' }, session: { id: 's1', expiresAt: '2027-01-01T00:00:00.000Z' } };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('who is signed in', () => {
  it('reads GET /api/auth/get-session: the session, or null for a visitor or a failed lookup (never an error page)', async () => {
    const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
    answer(200, lena);
    expect(await client().fetchQuery(sessionQueryOptions)).toEqual(lena);
    answer(200, null);
    expect(await client().fetchQuery(sessionQueryOptions)).toBeNull();
    answer(500, { message: 'boom' });
    expect(await client().fetchQuery(sessionQueryOptions)).toBeNull();
  });

  it('takes the session the page carries once, and seeds it so that it is asked again after signing in', async () => {
    document.body.innerHTML = `<script type="application/json" id="${EMBEDDED_SESSION_ELEMENT_ID}">${JSON.stringify(null)}</script>`;
    const embedded = takeEmbeddedSession();
    expect(embedded).toBeNull();
    expect(takeEmbeddedSession()).toBeUndefined();

    const queryClient = new QueryClient();
    seedSession(queryClient, embedded ?? null);
    expect(await queryClient.ensureQueryData(sessionQueryOptions)).toBeNull();
    const fetch = answer(200, lena);
    await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey, refetchType: 'all' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toEqual(lena);
  });
});
