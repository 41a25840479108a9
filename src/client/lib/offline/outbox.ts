import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { allRecords, deleteRecord, putRecord } from './store';

/**
 * Flashcard ratings (and lessons replayed offline) on their way to the server, kept in IndexedDB until it has them, so
 * that a rating made on a bad connection or none is never lost. Every rating goes through here, one after the other in the order made: a card
 * rated offline and then again online reaches the server in that order. Each carries the id the session chose for
 * it, so one sent twice (a reply lost, two tabs, a retry after a reload) is stored once (decks.review).
 *
 * While the connection is away, ratings wait ("parked"); they are sent when the browser says it is online again, when
 * the app starts, and after a growing pause while the server cannot be reached. A rating the server refuses for good
 * (the card was deleted meanwhile) is dropped and reported, since sending it again cannot help. Ratings are kept per
 * user and sent only while that user is signed in.
 */
export type ReviewInput = inferRouterInputs<AppRouter>['decks']['review'] & { reviewId: string; reviewedAt: Date };
export type ReviewAnswer = inferRouterOutputs<AppRouter>['decks']['review'];
export type ReplayInput = inferRouterInputs<AppRouter>['learn']['syncReplay'];
export type ReplayAnswer = inferRouterOutputs<AppRouter>['learn']['syncReplay'];

type Sent = { kind: 'review'; input: ReviewInput } | { kind: 'replay'; input: ReplayInput };

export type OutboxItem = Sent & {
  id: string;
  userId: string;
  queuedAt: number;
};

export interface OutboxStatus {
  /** Ratings of the signed-in user not yet stored by the server. */
  waiting: number;
  /** Whether the last attempt found no connection (or the browser says so). */
  offline: boolean;
  /** Ratings the server refused for good since the page loaded. */
  dropped: number;
}

type Sender = (item: Sent) => Promise<unknown>;

interface Waiter {
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
  onParked?: (() => void) | undefined;
  parked: boolean;
}

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

let sender: Sender = async (item) => {
  const { appTrpcClient } = await import('../trpc');
  return item.kind === 'review' ? appTrpcClient().decks.review.mutate(item.input) : appTrpcClient().learn.syncReplay.mutate(item.input);
};
let userId: string | null = null;
let items: OutboxItem[] = [];
let inFlight: string | null = null;
let running = false;
let offline = false;
let dropped = 0;
let retryDelay = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const waiters = new Map<string, Waiter>();
const listeners = new Set<(status: OutboxStatus) => void>();
let listening = false;

export function outboxStatus(): OutboxStatus {
  return { waiting: items.length, offline: offline || isBrowserOffline(), dropped };
}

function notify() {
  const status = outboxStatus();
  for (const listener of listeners) listener(status);
}

export function subscribeOutbox(listener: (status: OutboxStatus) => void): () => void {
  listeners.add(listener);
  listener(outboxStatus());
  return () => listeners.delete(listener);
}

const isBrowserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A refusal that sending again cannot change: a 4xx answer other than "signed out" (401: kept until they sign in
 * again), "timeout" (408) and "too many requests" (429). No answer at all, or a 5xx, is a connection to wait for.
 */
export function refusedForGood(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/** No answer at all (no connection, the server down or restarting): worth waiting for, unlike a refusal. */
export function isConnectionFailure(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status !== 'number' || status >= 500;
}

function park() {
  offline = true;
  for (const waiter of waiters.values()) {
    if (waiter.parked) continue;
    waiter.parked = true;
    waiter.onParked?.();
  }
}

function scheduleRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void pump();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

async function forget(item: OutboxItem) {
  items = items.filter((other) => other.id !== item.id);
  await deleteRecord('outbox', item.id).catch(() => undefined);
}

async function pump(): Promise<void> {
  if (running || !userId) return;
  running = true;
  try {
    for (let item = items[0]; item; item = items[0]) {
      if (isBrowserOffline()) {
        park();
        return;
      }
      inFlight = item.id;
      let answer: unknown;
      try {
        answer = await sender(item);
      } catch (error) {
        if (!refusedForGood(error)) {
          park();
          if ((error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus !== 401) scheduleRetry();
          return;
        }
        await forget(item);
        const waiter = waiters.get(item.id);
        waiters.delete(item.id);
        if (waiter) waiter.reject(error);
        else dropped += 1;
        continue;
      } finally {
        inFlight = null;
      }
      await forget(item);
      waiters.get(item.id)?.resolve(answer);
      waiters.delete(item.id);
      offline = false;
      retryDelay = RETRY_FIRST_MS;
      notify();
    }
    offline = false;
  } finally {
    running = false;
    notify();
  }
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    retryDelay = RETRY_FIRST_MS;
    void pump();
  });
  window.addEventListener('offline', () => {
    park();
    notify();
  });
}

let loading: Promise<void> = Promise.resolve();

/** Makes `user` the outbox's user (synchronously, so ratings keep their order) and loads what they left earlier. */
function adopt(user: string): Promise<void> {
  listen();
  if (userId === user) return loading;
  userId = user;
  items = [];
  loading = allRecords<OutboxItem>('outbox')
    .catch(() => [])
    .then((stored) => {
      if (userId !== user) return;
      const known = new Set(items.map((item) => item.id));
      const mine = stored.filter((item) => item.userId === user && !known.has(item.id));
      // Left by an earlier page, so made before anything of this one: first, oldest first (the sort is stable).
      items = [...mine, ...items].sort((a, b) => a.queuedAt - b.queuedAt);
      notify();
    });
  return loading;
}

/**
 * The signed-in user's outbox: ratings left from an earlier visit (a tab closed offline) are loaded and sent. Called
 * by the signed-in shell; a different user signing in on this device sees and sends only their own.
 */
export async function startOutbox(user: string): Promise<void> {
  await adopt(user);
  await pump();
}

async function submit(user: string, sent: Sent, hooks: { onParked?: (() => void) | undefined }): Promise<unknown> {
  const loaded = adopt(user);
  const item = { ...sent, id: sent.kind === 'review' ? sent.input.reviewId : sent.input.replayId, userId: user, queuedAt: Date.now() } as OutboxItem;
  const answer = new Promise<unknown>((resolve, reject) => {
    waiters.set(item.id, { resolve, reject, onParked: hooks.onParked, parked: false });
  });
  items.push(item);
  notify();
  // Kept before it is sent: a page closed while the request is under way sends it again next time (stored once).
  // Without IndexedDB (some private windows) it is still sent from memory.
  await putRecord('outbox', item).catch(() => undefined);
  await loaded;
  void pump();
  return answer;
}

/**
 * Sends a rating, after any still waiting. Answers the server's answer once stored (perhaps minutes later, after the
 * connection came back), null if it was taken back before it was sent (cancelQueued), or fails if the server refused
 * it for good. `onParked` is called once if it has to wait for a connection.
 */
export function submitReview(user: string, input: ReviewInput, hooks: { onParked?: () => void } = {}): Promise<ReviewAnswer | null> {
  return submit(user, { kind: 'review', input }, hooks) as Promise<ReviewAnswer | null>;
}

/** Sends a lesson replayed offline (learn.syncReplay), as submitReview sends a rating. */
export function submitReplay(user: string, input: ReplayInput, hooks: { onParked?: () => void } = {}): Promise<ReplayAnswer | null> {
  return submit(user, { kind: 'replay', input }, hooks) as Promise<ReplayAnswer | null>;
}

/** Takes back a rating not sent yet (undo while offline): true if it was still waiting, false if under way or sent. */
export async function cancelQueued(id: string): Promise<boolean> {
  const item = items.find((other) => other.id === id);
  if (!item || inFlight === id) return false;
  await forget(item);
  waiters.get(id)?.resolve(null);
  waiters.delete(id);
  notify();
  return true;
}

/** Tests: another way of sending (a server that fails), and a clean slate. */
export function setOutboxSenderForTests(next: Sender) {
  sender = next;
}

export function resetOutboxForTests() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  userId = null;
  loading = Promise.resolve();
  items = [];
  inFlight = null;
  running = false;
  offline = false;
  dropped = 0;
  retryDelay = RETRY_FIRST_MS;
  waiters.clear();
}
