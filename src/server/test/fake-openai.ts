import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat completions server on loopback for tests of the LLM engine: the network edge is the
 * only thing faked. Each test scripts what it answers — a queue of replies, or a function of the request — and reads
 * back what was asked (prompts, model, Authorization header, response_format).
 */

export interface FakeChatMessage {
  role: string;
  content: string;
}

export interface FakeChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body as sent; `messages`, `model`, `stream` and `response_format` are read out below for convenience. */
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  messages: FakeChatMessage[];
  /** `response_format.json_schema.name` when structured output was asked for, e.g. 'summary'. */
  schemaName: string | undefined;
  /** All message contents joined, to look for words in the prompt. */
  prompt: string;
}

export type FakeReply =
  /**
   * A completion whose message is this text (an object is sent as its JSON); streamed in pieces when asked to stream,
   * `delayMs` apart when given (to stop a stream half-way).
   */
  | { content: string | object; chunkSize?: number; delayMs?: number }
  /** An error status with an OpenAI-style error body. */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** Never answers (until the server closes), for timeouts. */
  | { hang: true };

export function reply(content: string | object, chunkSize?: number): FakeReply {
  return { content, chunkSize };
}
/** A streamed completion whose pieces arrive `delayMs` apart. */
export function slowReply(content: string, chunkSize: number, delayMs: number): FakeReply {
  return { content, chunkSize, delayMs };
}
export function replyError(status: number, message = `error ${status}`, headers?: Record<string, string>): FakeReply {
  return { status, message, headers };
}
export const hang: FakeReply = { hang: true };

export interface FakeOpenAi {
  /** The base URL to give the engine, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  requests: FakeChatRequest[];
  /** Replies used in order, before `respondWith` is asked. */
  enqueue(...replies: FakeReply[]): void;
  respondWith(handler: ((request: FakeChatRequest) => FakeReply) | undefined): void;
  /** Requests that found neither a queued reply nor a handler (answered 500 so the test fails loudly). */
  unanswered: FakeChatRequest[];
  close(): Promise<void>;
}

function parseMessages(body: Record<string, unknown>): FakeChatMessage[] {
  const raw = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  return raw.map((entry) => {
    const message = entry as { role?: unknown; content?: unknown };
    const content =
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? (message.content as { text?: unknown }[]).map((part) => (typeof part.text === 'string' ? part.text : '')).join('')
          : '';
    return { role: String(message.role ?? ''), content };
  });
}

function schemaNameOf(body: Record<string, unknown>): string | undefined {
  const format = body.response_format as { json_schema?: { name?: unknown } } | undefined;
  const name = format?.json_schema?.name;
  return typeof name === 'string' ? name : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function answer(res: ServerResponse, request: FakeChatRequest, fake: FakeReply, id: number): void {
  if ('hang' in fake) return;
  if ('status' in fake) {
    sendJson(res, fake.status, { error: { message: fake.message, type: 'fake_error', code: fake.status } }, fake.headers);
    return;
  }
  const content = typeof fake.content === 'string' ? fake.content : JSON.stringify(fake.content);
  const base = { id: `chatcmpl-fake-${id}`, created: Math.floor(Date.now() / 1000), model: request.model };
  const usage = { prompt_tokens: Math.ceil(request.prompt.length / 4), completion_tokens: Math.ceil(content.length / 4) };
  if (!request.stream) {
    sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: object, finishReason: string | null) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const size = fake.chunkSize ?? 12;
  const pieces: string[] = [];
  for (let start = 0; start < content.length; start += size) pieces.push(content.slice(start, start + size));
  const finish = () => {
    res.write(chunk({}, 'stop'));
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  };
  if (!fake.delayMs) {
    for (const piece of pieces) res.write(chunk({ content: piece }, null));
    finish();
    return;
  }
  const delayMs = fake.delayMs;
  const next = (index: number) => {
    if (res.destroyed) return;
    const piece = pieces[index];
    if (piece === undefined) {
      finish();
      return;
    }
    res.write(chunk({ content: piece }, null));
    setTimeout(() => next(index + 1), delayMs);
  };
  next(0);
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: FakeChatRequest[] = [];
  const unanswered: FakeChatRequest[] = [];
  let handler: ((request: FakeChatRequest) => FakeReply) | undefined;

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        sendJson(res, 400, { error: { message: 'fake-openai: the body is not JSON' } });
        return;
      }
      const messages = parseMessages(body);
      const request: FakeChatRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        model: String(body.model ?? ''),
        stream: body.stream === true,
        messages,
        schemaName: schemaNameOf(body),
        prompt: messages.map((message) => message.content).join('\n'),
      };
      requests.push(request);
      if (request.method !== 'POST' || !request.path.endsWith('/chat/completions')) {
        sendJson(res, 404, { error: { message: `fake-openai: no route ${request.method} ${request.path}` } });
        return;
      }
      const next = queue.shift() ?? handler?.(request);
      if (!next) {
        unanswered.push(request);
        sendJson(res, 500, { error: { message: 'fake-openai: nothing scripted for this request' } });
        return;
      }
      answer(res, request, next, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    unanswered,
    enqueue: (...replies) => queue.push(...replies),
    respondWith: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
