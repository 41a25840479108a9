import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../src/server/trpc/router';
import type { Recorder } from './metrics';

/**
 * One browser's worth of HTTP: a cookie jar, the headers a page of the app sends (Origin for the CSRF check, JSON
 * content types), and the app's own tRPC client (httpBatchLink with superjson, as src/client/lib/trpc.ts) over a
 * fetch that times every request to the end of its body.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 300)}`);
  }
}

/** The request's kind as reported: the tRPC procedure (or the batch of the dashboard), else method and path. */
export function kindOf(method: string, url: URL): string {
  if (url.pathname.startsWith('/api/trpc/')) {
    const procedures = url.pathname.slice('/api/trpc/'.length).split(',');
    return procedures.length > 1 ? `dashboard: tRPC batch of ${procedures.length} queries` : procedures[0]!;
  }
  return `${method} ${url.pathname}`;
}

/** The tRPC error code of a failed answer (batched answers are arrays), else the status. */
function reasonOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    const items = Array.isArray(parsed) ? parsed : [parsed];
    for (const item of items as Array<{ error?: { json?: { data?: { code?: string } }; code?: string } }>) {
      const code = item.error?.json?.data?.code ?? item.error?.code;
      if (code) return `HTTP ${status} ${code}`;
    }
  } catch {
    // Not JSON: the status says it.
  }
  return `HTTP ${status}`;
}

export class Browser {
  private readonly cookies = new Map<string, string>();
  readonly trpc;

  constructor(
    readonly baseUrl: string,
    private readonly recorder: Recorder,
  ) {
    this.trpc = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${baseUrl}/api/trpc`,
          transformer: superjson,
          headers: () => this.headers(),
          fetch: async (input, init) => this.fetch(String(input), init as RequestInit),
        }),
      ],
    });
  }

  /** What a page of the app sends with every request: its cookies and, for state-changing ones, its origin. */
  private headers(): Record<string, string> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return headers;
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      // Max-Age=0 or an empty value: the server deleted it.
      if (value === '' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Sends a request and reads its body to the end; records its latency under its kind. An answer of 400 or more, or
   * a batch with a failed call, counts as an error. Returns the response rebuilt around the body read.
   */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const method = (init.method ?? 'GET').toUpperCase();
    const kind = kindOf(method, target);
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers())) if (!headers.has(name)) headers.set(name, value);
    const startedAt = performance.now();
    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await fetch(target, { ...init, headers, redirect: 'manual' });
      body = await response.arrayBuffer();
    } catch (error) {
      const reason = `network: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
      this.recorder.record({ kind, startedAt, endedAt: performance.now(), ok: false }, reason);
      throw error;
    }
    const endedAt = performance.now();
    this.keepCookies(response);
    // 207: a tRPC batch of which some calls failed (the dashboard's) — an error too.
    const ok = response.status < 400 && response.status !== 207;
    this.recorder.record({ kind, startedAt, endedAt, ok }, ok ? undefined : reasonOf(response.status, new TextDecoder().decode(body)));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  /** A JSON request (better-auth's endpoints); throws HttpError on 400 or more. */
  async json<T>(path: string, body?: unknown): Promise<T> {
    const response = await this.fetch(
      path,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    );
    const text = await response.text();
    if (response.status >= 400) throw new HttpError(response.status, text);
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  /**
   * POST /api/chat as the chat page's useChat does, read to the end of the stream: the time to the first byte is
   * recorded as a kind of its own, the whole request under its own. An `error` event in the stream is an error.
   */
  async chat(body: { fileId: string; message: string }): Promise<string> {
    const kind = 'POST /api/chat (to end of stream)';
    const startedAt = performance.now();
    const fail = (reason: string) => {
      this.recorder.record({ kind, startedAt, endedAt: performance.now(), ok: false }, reason);
      return new Error(`chat: ${reason}`);
    };
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/chat`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { ...this.headers(), 'content-type': 'application/json' },
      });
    } catch (error) {
      throw fail(`network: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok || !response.body) throw fail(reasonOf(response.status, await response.text()));
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let first = true;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (first) {
          first = false;
          this.recorder.record({ kind: 'chat: first byte', startedAt, endedAt: performance.now(), ok: true });
        }
        text += decoder.decode(value, { stream: true });
      }
    } catch (error) {
      throw fail(`stream broke: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (/"type":"error"/.test(text)) throw fail('stream error event');
    if (!/"type":"finish"/.test(text)) throw fail('stream ended without finish');
    this.recorder.record({ kind, startedAt, endedAt: performance.now(), ok: true });
    return text;
  }

  /** POST /api/files (multipart, as the upload page): one file into a course; the new file's id. */
  async upload(courseId: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
    const form = new FormData();
    form.set('directoryId', courseId);
    form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
    const response = await this.fetch('/api/files', { method: 'POST', body: form });
    const text = await response.text();
    if (response.status !== 201) throw new HttpError(response.status, text);
    const { files } = JSON.parse(text) as { files: Array<{ id: string }> };
    return files[0]!.id;
  }
}
