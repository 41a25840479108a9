// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cancelQueued, outboxStatus, resetOutboxForTests, setOutboxSenderForTests, startOutbox, submitReview, type ReviewAnswer, type ReviewInput } from './outbox';
import { allRecords } from './store';

/**
 * The outbox over a real IndexedDB implementation (fake-indexeddb, as the browser's API) with a sender standing in
 * for the network: one that fails like fetch without a connection, one the server refuses, one that answers.
 */
const noConnection = () => Object.assign(new TypeError('Failed to fetch'), { data: undefined });
const refused = (httpStatus: number) => Object.assign(new Error('refused'), { data: { httpStatus } });

function input(cardId: string, reviewedAt = new Date()): ReviewInput {
  return { cardId, rating: 3, reviewId: crypto.randomUUID(), reviewedAt };
}

/** The network as the outbox sees it: here only ratings are sent. */
function sendReviews(send: (input: ReviewInput) => Promise<ReviewAnswer>) {
  setOutboxSenderForTests(async (item) => {
    if (item.kind !== 'review') throw new Error(`unexpected ${item.kind}`);
    return send(item.input);
  });
}

const answerFor = (item: ReviewInput) => ({ reviewId: item.reviewId, cardId: item.cardId }) as unknown as ReviewAnswer;

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetOutboxForTests();
  for (const item of await allRecords<{ id: string }>('outbox')) {
    const { deleteRecord } = await import('./store');
    await deleteRecord('outbox', item.id);
  }
});
afterEach(() => vi.restoreAllMocks());

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

describe('the ratings outbox', () => {
  test('sends each rating once, in the order made, and forgets it once stored', async () => {
    const sent: string[] = [];
    sendReviews(async (item) => {
      sent.push(item.cardId);
      return answerFor(item);
    });
    const answers = await Promise.all(['a', 'b', 'c'].map((card) => submitReview('u1', input(card))));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(answers.map((answer) => answer?.cardId)).toEqual(['a', 'b', 'c']);
    expect(await allRecords('outbox')).toEqual([]);
    expect(outboxStatus()).toMatchObject({ waiting: 0, offline: false });
  });

  test('without a connection ratings wait in IndexedDB and are sent once each when it returns', async () => {
    const sent: string[] = [];
    sendReviews(async (item) => {
      if (!online) throw noConnection();
      sent.push(item.reviewId);
      return answerFor(item);
    });
    online = false;
    const parked = vi.fn();
    const first = input('a');
    const second = input('b');
    const answers = [submitReview('u1', first, { onParked: parked }), submitReview('u1', second, { onParked: parked })];
    await vi.waitFor(() => expect(parked).toHaveBeenCalledTimes(2));
    expect(outboxStatus()).toMatchObject({ waiting: 2, offline: true });
    expect((await allRecords<{ id: string }>('outbox')).map((item) => item.id).sort()).toEqual([first.reviewId, second.reviewId].sort());
    expect(sent).toEqual([]);

    goOnline();
    expect((await Promise.all(answers)).map((answer) => answer?.reviewId)).toEqual([first.reviewId, second.reviewId]);
    expect(sent).toEqual([first.reviewId, second.reviewId]);
    expect(await allRecords('outbox')).toEqual([]);
  });

  test('a page opened later sends what an earlier one left, and only for the user who made it', async () => {
    sendReviews(async () => {
      throw noConnection();
    });
    online = false;
    const left = input('a');
    void submitReview('u1', left);
    void submitReview('u2', input('b'));
    await vi.waitFor(async () => expect(await allRecords('outbox')).toHaveLength(2));

    // A new page: nothing in memory, the same IndexedDB.
    resetOutboxForTests();
    const sent: string[] = [];
    sendReviews(async (item) => {
      sent.push(item.reviewId);
      return answerFor(item);
    });
    online = true;
    await startOutbox('u1');
    expect(sent).toEqual([left.reviewId]);
    expect((await allRecords<{ userId: string }>('outbox')).map((item) => item.userId)).toEqual(['u2']);
  });

  test('a rating the server refuses for good is dropped and reported; a server error is tried again', async () => {
    let calls = 0;
    sendReviews(async (item) => {
      calls += 1;
      if (item.cardId === 'deleted') throw refused(404);
      if (calls === 2) throw refused(503);
      return answerFor(item);
    });
    await expect(submitReview('u1', input('deleted'))).rejects.toMatchObject({ data: { httpStatus: 404 } });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const later = submitReview('u1', input('kept'));
      await vi.waitFor(() => expect(outboxStatus().offline).toBe(true));
      await vi.advanceTimersByTimeAsync(2_000);
      expect((await later)?.cardId).toBe('kept');
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toBe(3);
  });

  test('a rating still waiting can be taken back (undo offline) and is never sent', async () => {
    const sent: string[] = [];
    sendReviews(async (item) => {
      if (!online) throw noConnection();
      sent.push(item.cardId);
      return answerFor(item);
    });
    online = false;
    const item = input('a');
    const answer = submitReview('u1', item);
    await vi.waitFor(() => expect(outboxStatus().waiting).toBe(1));
    expect(await cancelQueued(item.reviewId)).toBe(true);
    expect(await answer).toBeNull();
    goOnline();
    await submitReview('u1', input('b'));
    expect(sent).toEqual(['b']);
    expect(await cancelQueued(item.reviewId)).toBe(false);
  });
});
