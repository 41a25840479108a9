import superjson from 'superjson';
import type { Services } from '../../services';
import { requestApp } from '../harness';
import { appRouter } from '../../trpc/router';

/**
 * The whole tRPC API as data, and calls to it over HTTP as the browser makes them (through the Hono app in-process:
 * body limits, the fetch adapter, superjson, the error formatter), for the access matrix and the fuzzing.
 */
export type ProcedureType = 'query' | 'mutation' | 'subscription';

export interface ProcedureInfo {
  /** e.g. 'user.getUser' */
  path: string;
  type: ProcedureType;
}

/** Every procedure of appRouter, read from the router itself: a procedure added anywhere shows up here. */
export function routerProcedures(): ProcedureInfo[] {
  // The record is typed as the nested router; at run time it is flat, keyed by the dotted path.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type }))
    .sort((left, right) => left.path.localeCompare(right.path));
}

export interface TrpcAnswer {
  status: number;
  /** The raw body. */
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  body: unknown;
  /** 'allowed', a tRPC error code ('NOT_FOUND'…), or 'HTTP <status>' for an answer that is neither. */
  outcome: string;
}

interface TrpcErrorBody {
  error?: { json?: { message?: unknown; data?: { code?: unknown } } };
  result?: unknown;
}

function outcomeOf(status: number, body: unknown): string {
  const parsed = (body ?? {}) as TrpcErrorBody;
  if (status === 200 && parsed.result !== undefined) return 'allowed';
  const code = parsed.error?.json?.data?.code;
  return typeof code === 'string' ? code : `HTTP ${status}`;
}

async function answerOf(response: Response): Promise<TrpcAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body, outcome: outcomeOf(response.status, body) };
}

/** The request a tRPC client sends for `input` (superjson-encoded): a GET for a query, a POST for a mutation. */
export function trpcRequest(procedure: ProcedureInfo, encodedInput: string | undefined): { path: string; init: RequestInit } {
  if (procedure.type === 'query') {
    const query = encodedInput === undefined ? '' : `?input=${encodeURIComponent(encodedInput)}`;
    return { path: `/api/trpc/${procedure.path}${query}`, init: { method: 'GET' } };
  }
  return {
    path: `/api/trpc/${procedure.path}`,
    init: { method: 'POST', body: encodedInput ?? '', headers: { 'content-type': 'application/json' } },
  };
}

/** Encodes an input as the client's superjson transformer does (undefined: no input at all). */
export function encodeInput(input: unknown): string | undefined {
  return input === undefined ? undefined : JSON.stringify(superjson.serialize(input));
}

/**
 * Calls `procedure` over HTTP with an already encoded input (any text: the fuzzing sends malformed ones), as the
 * holder of `headers` (null: signed out).
 */
export async function callEncoded(
  services: Services,
  procedure: ProcedureInfo,
  encodedInput: string | undefined,
  headers: Headers | null,
): Promise<TrpcAnswer> {
  const { path, init } = trpcRequest(procedure, encodedInput);
  const merged = new Headers(init.headers);
  headers?.forEach((value, name) => merged.set(name, value));
  return answerOf(await requestApp(services, path, { ...init, headers: merged }));
}

/** Calls `procedure` over HTTP with `input` as the client would send it. */
export function callProcedure(services: Services, procedure: ProcedureInfo, input: unknown, headers: Headers | null): Promise<TrpcAnswer> {
  return callEncoded(services, procedure, encodeInput(input), headers);
}
