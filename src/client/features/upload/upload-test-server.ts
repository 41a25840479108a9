import superjson from 'superjson';

/**
 * The server at the network edge for component tests of the upload page: tRPC procedures answered by plain functions
 * (through the real tRPC client and superjson), POST /api/files with JSON answered by `videoLink`, and multipart
 * uploads caught by a stand-in XMLHttpRequest that the test drives (progress, answer, network error).
 */
type Procedure = (input: unknown) => unknown;

export interface TrpcCall {
  path: string;
  input: unknown;
}

type FetchHandler = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
let handler: FetchHandler = () => Promise.reject(new Error('No fake server is running'));

/** Installed once, before any module keeps a reference to fetch; each fakeServer swaps what it answers. */
export function installFetchDelegate(): void {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => handler(input, init)) as typeof fetch;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function batchInputs(url: URL, init: RequestInit | undefined): Record<string, unknown> {
  const text = init?.method === 'POST' ? String(init.body ?? '{}') : (url.searchParams.get('input') ?? '{}');
  return JSON.parse(text) as Record<string, unknown>;
}

export function fakeServer(options: {
  procedures: Record<string, Procedure>;
  videoLink?: (body: unknown) => { status: number; body: unknown };
}) {
  const calls: TrpcCall[] = [];
  const videoRequests: unknown[] = [];
  /** Where each video link was sent: the path with its query (`?uuid=` for a shared course). */
  const videoTargets: string[] = [];
  handler = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    if (url.pathname === '/api/files') {
      const body = JSON.parse(String(init?.body ?? '{}')) as unknown;
      videoRequests.push(body);
      videoTargets.push(url.pathname + url.search);
      if (!options.videoLink) throw new Error('No fake answer for POST /api/files');
      const answer = options.videoLink(body);
      return json(answer.status, answer.body);
    }
    if (!url.pathname.startsWith('/api/trpc/')) throw new Error(`Unexpected request to ${url.pathname}`);
    const paths = url.pathname.slice('/api/trpc/'.length).split(',');
    const inputs = batchInputs(url, init);
    const results = paths.map((path, index) => {
      const serialized = inputs[String(index)] as Parameters<typeof superjson.deserialize>[0] | undefined;
      const value = serialized ? superjson.deserialize(serialized) : undefined;
      calls.push({ path, input: value });
      const procedure = options.procedures[path];
      if (!procedure) throw new Error(`No fake answer for ${path}`);
      return { result: { data: superjson.serialize(procedure(value)) } };
    });
    return json(200, results);
  };
  return { calls, videoRequests, videoTargets, callsOf: (path: string) => calls.filter((call) => call.path === path) };
}

/** The multipart uploads the page sent, newest last, each driven by the test. */
export const sentUploads: FakeUploadRequest[] = [];

export class FakeUploadRequest extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(): void {}

  send(body: FormData): void {
    this.body = body;
    sentUploads.push(this);
  }

  abort(): void {
    this.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  failNetwork(): void {
    this.dispatchEvent(new Event('error'));
  }
}

export function installFakeUploads(): void {
  sentUploads.length = 0;
  globalThis.XMLHttpRequest = FakeUploadRequest as unknown as typeof XMLHttpRequest;
}
