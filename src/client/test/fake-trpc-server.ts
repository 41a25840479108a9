import superjson from 'superjson';
import { vi } from 'vitest';

/**
 * The app's tRPC endpoint faked at the network edge for component tests: `fetch` is stubbed, so the real client,
 * batching and superjson run. Each handler answers a procedure's data or an error as the server's error formatter
 * would send it (code, status, messageKey and params for the client's translation).
 */
export interface Call {
  procedure: string;
  input: Record<string, unknown>;
}
export type Answer = { data: unknown } | { error: { message: string; code: string; status: number; messageKey?: string; messageParams?: Record<string, unknown> } };
export type Handlers = Record<string, (input: Record<string, unknown>) => Answer>;

export function fakeTrpcServer(handlers: Handlers) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const inputs = (init?.body ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, { json?: Record<string, unknown> }>;
    let status = 200;
    const answers = procedures.map((procedure, index) => {
      const args = inputs[String(index)]?.json ?? {};
      calls.push({ procedure, input: args });
      const answer = handlers[procedure]?.(args) ?? { data: null };
      if ('error' in answer) {
        status = answer.error.status;
        return {
          error: superjson.serialize({
            message: answer.error.message,
            code: -32600,
            data: {
              code: answer.error.code,
              httpStatus: answer.error.status,
              appCode: answer.error.code,
              messageKey: answer.error.messageKey,
              messageParams: answer.error.messageParams,
            },
          }),
        };
      }
      return { result: { data: superjson.serialize(answer.data) } };
    });
    return new Response(JSON.stringify(answers), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, of: (procedure: string) => calls.filter((call) => call.procedure === procedure) };
}
