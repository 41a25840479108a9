import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { countsOfDeck, NEW_CARDS_PER_DAY, reviewsToday } from '../../decks/counts';
import { getSession } from '../../decks/study';
import { intervalsOf, rate } from '../../../shared/scheduler';
import { cardState, deck, flashcard, reviewLog, studyArtefact, user } from '../../db/schema';
import type { Deck } from '../../../shared/artefacts';
import { markQueued } from '../../study/pipeline/pipeline';
import { storeDeck } from '../../study/pipeline/store';
import { insertCourse, insertFile, mutationError } from '../../test/courses';
import { callerFor, createTestServices, createUser, expectRefused, type TestUser } from '../../test/harness';
import { reserveUsage, usagePeriod } from '../../usage/usage-counters';

const services = await createTestServices();
afterAll(() => services.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function cards(count: number): Deck['cards'] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'definition' as const,
    front: `Term ${index + 1}`,
    back: `Definition ${index + 1}`,
    page: (index % 2) + 1,
  }));
}

/** A user with a ready file whose generated deck holds `count` cards. */
async function ownerWithDeck(count = 3) {
  const owner = await createUser(services);
  const course = await insertCourse(services, owner);
  const stored = await insertFile(services, owner, course.id, { status: 'ready', pages: 2 });
  await services.db.transaction((tx) => storeDeck(tx, stored.id, { title: 'Cell biology', cards: cards(count) }));
  const [row] = await services.db.select({ id: deck.id }).from(deck).where(eq(deck.fileId, stored.id));
  if (!row) throw new Error('no deck');
  const cardRows = await services.db.select().from(flashcard).where(eq(flashcard.deckId, row.id)).orderBy(flashcard.position);
  return { owner, stored, deckId: row.id, cards: cardRows, caller: callerFor(services, owner) };
}

async function stateOf(actor: TestUser, cardId: string) {
  const [row] = await services.db
    .select()
    .from(cardState)
    .where(and(eq(cardState.userId, actor.user.id), eq(cardState.cardId, cardId)));
  return row ?? null;
}

/** Moves the caller's schedule of a card: due `offsetMs` from now, in `state` (ts-fsrs: 1 learning, 2 review). */
async function schedule(actor: TestUser, cardId: string, state: 1 | 2 | 3, offsetMs: number) {
  const values = {
    due: new Date(Date.now() + offsetMs),
    stability: 3,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: state === 2 ? 3 : 0,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    state,
    lastReview: new Date(Date.now() - DAY),
  };
  await services.db
    .insert(cardState)
    .values({ userId: actor.user.id, cardId, ...values })
    .onConflictDoUpdate({ target: [cardState.userId, cardState.cardId], set: values });
}

async function queryCode(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'success';
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error);
  }
}

describe('decks.list', () => {
  test("answers the file's decks with the caller's counts of new, learning and due cards", async () => {
    const { owner, stored, deckId, cards: [first, second, third], caller } = await ownerWithDeck(4);
    expect(await caller.decks.list({ fileId: stored.id })).toEqual([
      {
        id: deckId,
        fileId: stored.id,
        title: 'Cell biology',
        generated: true,
        updatedAt: expect.any(Date),
        counts: { total: 4, new: 4, learning: 0, due: 0, toStudy: 4, toStudyBy: { new: 4, learning: 0, due: 0 }, newLeftToday: NEW_CARDS_PER_DAY, nextDue: null },
      },
    ]);
    await schedule(owner, first!.id, 1, 5 * MINUTE);
    await schedule(owner, second!.id, 2, -MINUTE);
    await schedule(owner, third!.id, 2, 3 * DAY);
    const [listed] = await caller.decks.list({ fileId: stored.id });
    // To study now: the review due, the new card and the learning card back within minutes (a session shows all three).
    expect(listed?.counts).toMatchObject({ total: 4, new: 1, learning: 1, due: 1, toStudy: 3, toStudyBy: { new: 1, learning: 1, due: 1 } });
    expect(listed?.counts.nextDue?.getTime()).toBeCloseTo(Date.now() + 5 * MINUTE, -4);
  });

  test("counts only the caller's own schedule: another user's reviews leave them new", async () => {
    const { stored, cards: [first], caller } = await ownerWithDeck(2);
    const other = await createUser(services);
    await schedule(other, first!.id, 2, -DAY);
    const [listed] = await caller.decks.list({ fileId: stored.id });
    expect(listed?.counts).toMatchObject({ new: 2, due: 0 });
  });

  test('refuses the signed-out, a stranger and an unknown file with NOT_FOUND', async () => {
    const { stored } = await ownerWithDeck(1);
    await expectRefused({ services, call: (caller) => caller.decks.list({ fileId: stored.id }), actors: ['anonymous', 'stranger'] });
    const { caller } = await ownerWithDeck(1);
    expect(await queryCode(() => caller.decks.list({ fileId: crypto.randomUUID() }))).toBe('NOT_FOUND');
  });
});

describe('decks.getCards', () => {
  test("lists a deck's cards in order with the caller's phase of each", async () => {
    const { owner, deckId, cards: [first], caller } = await ownerWithDeck(2);
    await schedule(owner, first!.id, 2, DAY);
    const answer = await caller.decks.getCards({ deckId });
    expect(answer.deck).toMatchObject({ id: deckId, title: 'Cell biology', generated: true });
    expect(answer.fileName).toBe('Lecture 1.pdf');
    expect(answer.cards.map(({ front, phase, page }) => ({ front, phase, page }))).toEqual([
      { front: 'Term 1', phase: 'review', page: 1 },
      { front: 'Term 2', phase: 'new', page: 2 },
    ]);
  });

  test('refuses the signed-out, a stranger (as an unknown deck) and an unknown deck', async () => {
    const { deckId, caller } = await ownerWithDeck(1);
    await expectRefused({ services, call: (other) => other.decks.getCards({ deckId }), actors: ['anonymous', 'stranger'] });
    expect(await queryCode(() => caller.decks.getCards({ deckId: crypto.randomUUID() }))).toBe('NOT_FOUND');
  });
});

describe('decks.getSession', () => {
  test('orders learning cards due, reviews due, new cards, then learning cards due within minutes', async () => {
    const { owner, deckId, cards: deckCards, caller } = await ownerWithDeck(6);
    const [c1, c2, c3, c4, c5, c6] = deckCards.map((card) => card.id);
    await schedule(owner, c1!, 2, -2 * DAY); // review, overdue longest
    await schedule(owner, c2!, 1, 10 * MINUTE); // learning, within learn-ahead
    await schedule(owner, c3!, 2, 2 * DAY); // review, not due: not in the session
    await schedule(owner, c4!, 1, -MINUTE); // learning, due
    await schedule(owner, c5!, 2, -DAY); // review, overdue
    const session = await caller.decks.getSession({ deckId });
    expect(session.cards.map((card) => card.id)).toEqual([c4, c1, c5, c6, c2]);
    expect(session.cards.map((card) => card.phase)).toEqual(['learning', 'review', 'review', 'new', 'learning']);
    expect((await caller.decks.getSession({ deckId, limit: 2 })).cards).toHaveLength(2);
  });

  test("shows each rating's next interval (FSRS defaults, no fuzz)", async () => {
    const { deckId, caller } = await ownerWithDeck(1);
    const [card] = (await caller.decks.getSession({ deckId })).cards;
    expect(card).toMatchObject({ front: 'Term 1', back: 'Definition 1', page: 1, phase: 'new', due: null });
    expect(card?.intervals).toEqual({ again: MINUTE, hard: 6 * MINUTE, good: 10 * MINUTE, easy: 8 * DAY });
  });

  test(`starts at most ${NEW_CARDS_PER_DAY} new cards a day per deck; reviews are not capped`, async () => {
    const { owner, deckId, cards: deckCards, caller } = await ownerWithDeck(NEW_CARDS_PER_DAY + 5);
    expect((await caller.decks.getSession({ deckId })).cards).toHaveLength(NEW_CARDS_PER_DAY);
    for (const card of deckCards.slice(0, 3)) await caller.decks.review({ cardId: card.id, rating: 4 });
    const session = await caller.decks.getSession({ deckId });
    expect(session.counts).toMatchObject({ new: NEW_CARDS_PER_DAY + 2, newLeftToday: NEW_CARDS_PER_DAY - 3 });
    expect(session.cards).toHaveLength(NEW_CARDS_PER_DAY - 3);
    for (const card of deckCards.slice(3, 6)) await schedule(owner, card.id, 2, -DAY);
    expect((await caller.decks.getSession({ deckId })).cards).toHaveLength(NEW_CARDS_PER_DAY - 3 + 3);
  });

  test("the deck's count to study now is what a session gets, and only goes down while studying with Again ratings", async () => {
    const { owner, stored, deckId, cards: deckCards, caller } = await ownerWithDeck(NEW_CARDS_PER_DAY + 4);
    // Yesterday's learning card, back within minutes, and a review due: both in the session and in the count.
    await schedule(owner, deckCards.at(-1)!.id, 1, 5 * MINUTE);
    await schedule(owner, deckCards.at(-2)!.id, 2, -DAY);
    const toStudy = async () => (await caller.decks.list({ fileId: stored.id }))[0]!.counts.toStudy;
    let queue = (await caller.decks.getSession({ deckId })).cards;
    expect(queue).toHaveLength(1 + NEW_CARDS_PER_DAY + 1);
    expect(await toStudy()).toBe(queue.length);
    const seen: number[] = [];
    // Eight ratings as a session makes them: Again, Good, Again, Easy, …; a card that comes back joins the end.
    for (const rating of [1, 3, 1, 4, 3, 1, 4, 3] as const) {
      const [card, ...rest] = queue;
      const answer = await caller.decks.review({ cardId: card!.id, rating });
      queue = answer.requeue ? [...rest, answer.requeue] : rest;
      expect(answer.counts.toStudy).toBe(queue.length);
      // The deck's three counts are the session's: new, learning (cards back again among them) and due.
      expect(answer.counts.toStudyBy).toEqual({
        new: queue.filter((each) => each.phase === 'new').length,
        learning: queue.filter((each) => each.phase === 'learning' || each.phase === 'relearning').length,
        due: queue.filter((each) => each.phase === 'review').length,
      });
      expect(await toStudy()).toBe(queue.length);
      expect((await caller.decks.getSession({ deckId })).cards.map((each) => each.id).sort()).toEqual(queue.map((each) => each.id).sort());
      seen.push(answer.counts.toStudy);
    }
    expect(seen.every((count, index) => count <= (seen[index - 1] ?? Infinity))).toBe(true);
    expect(seen.at(-1)).toBeLessThan(1 + NEW_CARDS_PER_DAY + 1);
  });

  test('a learning card counts the same before and after its step runs out (no jump while a student studies)', async () => {
    const { owner, deckId } = await ownerWithDeck(3);
    const [first] = (await callerFor(services, owner).decks.getSession({ deckId })).cards;
    const now = new Date();
    await callerFor(services, owner).decks.review({ cardId: first!.id, rating: 1 });
    const at = async (later: number) => {
      const when = new Date(now.getTime() + later);
      const [counts, session] = await Promise.all([countsOfDeck(services.db, owner.user.id, deckId, when), getSession({ db: services.db, userId: owner.user.id, deckId, now: when })]);
      return { toStudy: counts.toStudy, session: session.cards.length };
    };
    expect(await at(0)).toEqual({ toStudy: 3, session: 3 });
    // Once its one-minute step has run out, the card is due: still the same three cards.
    expect(await at(2 * MINUTE)).toEqual({ toStudy: 3, session: 3 });
  });

  test('refuses the signed-out and a stranger; a limit outside 1–500 is a bad request', async () => {
    const { deckId, caller } = await ownerWithDeck(1);
    await expectRefused({ services, call: (other) => other.decks.getSession({ deckId }), actors: ['anonymous', 'stranger'] });
    expect(await queryCode(() => caller.decks.getSession({ deckId, limit: 0 }))).toBe('BAD_REQUEST');
    expect(await queryCode(() => caller.decks.getSession({ deckId, limit: 501 }))).toBe('BAD_REQUEST');
  });
});

describe('decks.review and decks.undoReview', () => {
  test('a rating stores the new schedule and a log with the previous one, and answers the counts', async () => {
    const { owner, deckId, cards: [first], caller } = await ownerWithDeck(3);
    const answer = await caller.decks.review({ cardId: first!.id, rating: 3, durationMs: 4200 });
    expect(answer).toMatchObject({ cardId: first!.id, deckId, rating: 3, phase: 'learning', scheduledDays: 0 });
    expect(answer.due.getTime()).toBeCloseTo(Date.now() + 10 * MINUTE, -4);
    // The card comes back in this session, so it is still to study: the count does not move until it graduates.
    expect(answer.counts).toMatchObject({ total: 3, new: 2, learning: 1, due: 0, toStudy: 3 });
    // Back within 10 minutes: it comes again later in this session, with its next step's intervals.
    expect(answer.requeue).toMatchObject({ id: first!.id, phase: 'learning' });
    expect(answer.requeue?.intervals.good).toBe(2 * DAY);
    const stored = await stateOf(owner, first!.id);
    expect(stored).toMatchObject({ state: 1, reps: 1, learningSteps: 1 });
    const [log] = await services.db.select().from(reviewLog).where(eq(reviewLog.id, answer.reviewId));
    expect(log).toMatchObject({ userId: owner.user.id, cardId: first!.id, rating: 3, previous: null, durationMs: 4200, scheduledDays: 0 });

    const second = await caller.decks.review({ cardId: first!.id, rating: 3 });
    expect(second).toMatchObject({ phase: 'review', scheduledDays: 2, requeue: null });
    const [secondLog] = await services.db.select().from(reviewLog).where(eq(reviewLog.id, second.reviewId));
    expect(secondLog?.previous).toMatchObject({ state: 1, reps: 1, learningSteps: 1, due: stored!.due.toISOString() });
  });

  test('undo puts the previous schedule back exactly, removes a new card’s, and undoes only the last rating', async () => {
    const { owner, cards: [first, second], caller } = await ownerWithDeck(2);
    await schedule(owner, first!.id, 2, -DAY);
    const before = await stateOf(owner, first!.id);
    const rated = await caller.decks.review({ cardId: first!.id, rating: 1 });
    expect((await stateOf(owner, first!.id))?.lapses).toBe(1);
    const undone = await caller.decks.undoReview({ reviewId: rated.reviewId });
    expect(undone).toMatchObject({ reviewId: rated.reviewId, cardId: first!.id, rating: 1, card: { id: first!.id, phase: 'review' } });
    const { updatedAt: _a, ...restored } = (await stateOf(owner, first!.id))!;
    const { updatedAt: _b, ...original } = before!;
    expect(restored).toEqual(original);
    expect(await services.db.select().from(reviewLog).where(eq(reviewLog.id, rated.reviewId))).toEqual([]);

    const fresh = await caller.decks.review({ cardId: second!.id, rating: 3 });
    expect((await caller.decks.undoReview({})).counts).toMatchObject({ new: 1 });
    expect(await stateOf(owner, second!.id)).toBeNull();
    // The earlier rating was undone already and this one too: a second undo of the same rating finds nothing.
    expect(await mutationError(services, owner, 'decks.undoReview', { reviewId: fresh.reviewId })).toMatchObject({
      status: 409,
      data: { code: 'CONFLICT', messageKey: 'nothingToUndo' },
    });
  });

  test('only the latest rating, and only within the session (an hour), can be undone', async () => {
    const { owner, cards: [first, second], caller } = await ownerWithDeck(2);
    const older = await caller.decks.review({ cardId: first!.id, rating: 3 });
    await caller.decks.review({ cardId: second!.id, rating: 3 });
    expect(await mutationError(services, owner, 'decks.undoReview', { reviewId: older.reviewId })).toMatchObject({
      data: { messageKey: 'nothingToUndo' },
    });
    await services.db
      .update(reviewLog)
      .set({ reviewedAt: new Date(Date.now() - 2 * 60 * MINUTE) })
      .where(eq(reviewLog.userId, owner.user.id));
    expect(await mutationError(services, owner, 'decks.undoReview', {})).toMatchObject({ data: { code: 'CONFLICT' } });
    expect(await stateOf(owner, second!.id)).not.toBeNull();
  });

  test("refuses the signed-out and a stranger; a stranger's undo never touches the owner's rating", async () => {
    const { owner, cards: [first] } = await ownerWithDeck(1);
    await expectRefused({
      services,
      call: (caller) => caller.decks.review({ cardId: first!.id, rating: 3 }),
      actors: ['anonymous', 'stranger'],
    });
    const { reviewId } = await callerFor(services, owner).decks.review({ cardId: first!.id, rating: 3 });
    for (const input of [{}, { reviewId }]) {
      await expectRefused({
        services,
        call: (caller) => caller.decks.undoReview(input),
        actors: ['anonymous', { name: 'stranger', code: 'CONFLICT' }],
      });
    }
    expect(await stateOf(owner, first!.id)).not.toBeNull();
    expect(await mutationError(services, owner, 'decks.review', { cardId: first!.id, rating: 5 })).toMatchObject({ status: 400 });
    expect(await mutationError(services, owner, 'decks.review', { cardId: crypto.randomUUID(), rating: 3 })).toMatchObject({
      status: 404,
      message: 'Card not found. Try to refresh the page.',
      data: { messageKey: 'cardNotFound' },
    });
  });
});

describe('decks.review sent again or after a time offline', () => {
  test('a rating sent twice with its id, one after the other or at once, is stored and counted once', async () => {
    const { owner, cards: [first, second], caller } = await ownerWithDeck(2);
    const reviewId = crypto.randomUUID();
    const answer = await caller.decks.review({ cardId: first!.id, rating: 3, reviewId });
    expect(answer.reviewId).toBe(reviewId);
    const again = await caller.decks.review({ cardId: first!.id, rating: 3, reviewId });
    expect(again).toMatchObject({ reviewId, cardId: first!.id, phase: 'learning', counts: answer.counts });
    expect((await stateOf(owner, first!.id))?.reps).toBe(1);

    const both = crypto.randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => caller.decks.review({ cardId: second!.id, rating: 4, reviewId: both })));
    expect(answers.map((item) => item.reviewId)).toEqual([both, both, both]);
    expect((await stateOf(owner, second!.id))?.reps).toBe(1);
    expect(await services.db.select().from(reviewLog).where(eq(reviewLog.userId, owner.user.id))).toHaveLength(2);
    expect(await reviewsToday(services.db, owner.user.id)).toBe(2);
  });

  test('a rating made offline is scheduled and counted when it was made, within bounds', async () => {
    const { owner, cards: [first, second, third], caller } = await ownerWithDeck(3);
    const madeAt = new Date(Date.now() - 3 * DAY);
    await caller.decks.review({ cardId: first!.id, rating: 4, reviewId: crypto.randomUUID(), reviewedAt: madeAt });
    const stored = await stateOf(owner, first!.id);
    expect(stored?.lastReview?.getTime()).toBe(madeAt.getTime());
    expect(stored!.due.getTime() - madeAt.getTime()).toBe(stored!.scheduledDays * DAY);
    // It counts for the day it was made, not today.
    expect(await reviewsToday(services.db, owner.user.id)).toBe(0);

    // Never in the future, never more than 30 days back.
    const future = await caller.decks.review({ cardId: second!.id, rating: 3, reviewedAt: new Date(Date.now() + 5 * DAY) });
    expect(future.due.getTime()).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);
    const [log] = await services.db.select().from(reviewLog).where(eq(reviewLog.id, future.reviewId));
    expect(log!.reviewedAt.getTime()).toBeLessThanOrEqual(Date.now());
    await caller.decks.review({ cardId: third!.id, rating: 3, reviewedAt: new Date(Date.now() - 90 * DAY) });
    const [old] = await services.db.select().from(reviewLog).where(eq(reviewLog.cardId, third!.id));
    expect(Date.now() - old!.reviewedAt.getTime()).toBeGreaterThanOrEqual(30 * DAY - MINUTE);
    expect(Date.now() - old!.reviewedAt.getTime()).toBeLessThanOrEqual(30 * DAY + MINUTE);

    // Never before the card's last review: a late rating of the same card schedules forwards.
    const late = await caller.decks.review({ cardId: first!.id, rating: 3, reviewedAt: new Date(madeAt.getTime() - DAY) });
    const [lateLog] = await services.db.select().from(reviewLog).where(eq(reviewLog.id, late.reviewId));
    expect(lateLog!.reviewedAt.getTime()).toBe(madeAt.getTime());
  });

  test("the session's schedule lets the client compute what the server stores", async () => {
    const { caller, deckId } = await ownerWithDeck(1);
    const [card] = (await caller.decks.getSession({ deckId })).cards;
    expect(card!.schedule).toBeNull();
    const now = new Date();
    const offline = rate(card!.schedule, 1, now);
    const answer = await caller.decks.review({ cardId: card!.id, rating: 1, reviewedAt: now });
    expect(answer.due.getTime()).toBe(offline.due.getTime());
    expect(answer.requeue?.schedule).toMatchObject({ state: offline.state, reps: offline.reps, learningSteps: offline.learningSteps });
    expect(answer.requeue?.intervals).toEqual(intervalsOf(offline, now));
  });

  test("an id already used by another user is refused and leaves both users' ratings alone", async () => {
    const { owner, cards: [first], caller } = await ownerWithDeck(1);
    const other = await ownerWithDeck(1);
    const reviewId = crypto.randomUUID();
    await caller.decks.review({ cardId: first!.id, rating: 3, reviewId });
    expect(await mutationError(services, other.owner, 'decks.review', { cardId: other.cards[0]!.id, rating: 3, reviewId })).toMatchObject({
      status: 404,
      data: { messageKey: 'cardNotFound' },
    });
    expect(await stateOf(other.owner, other.cards[0]!.id)).toBeNull();
    expect((await stateOf(owner, first!.id))?.reps).toBe(1);
    expect(await mutationError(services, owner, 'decks.review', { cardId: first!.id, rating: 3, reviewId: 'not-a-uuid' })).toMatchObject({
      status: 400,
    });
  });
});

describe('reviewsToday', () => {
  test("counts the user's ratings of their local day, without undone ones, others' or yesterday's", async () => {
    const { owner, cards: [first, second], caller } = await ownerWithDeck(2);
    expect(await reviewsToday(services.db, owner.user.id)).toBe(0);
    await caller.decks.review({ cardId: first!.id, rating: 3 });
    await caller.decks.review({ cardId: second!.id, rating: 1 });
    const last = await caller.decks.review({ cardId: first!.id, rating: 3 });
    expect(await reviewsToday(services.db, owner.user.id)).toBe(3);
    await caller.decks.undoReview({ reviewId: last.reviewId });
    expect(await reviewsToday(services.db, owner.user.id)).toBe(2);
    expect(await caller.decks.reviewsToday()).toEqual({ count: 2 });
    await services.db.insert(reviewLog).values({
      userId: owner.user.id,
      cardId: second!.id,
      rating: 3,
      scheduledDays: 1,
      reviewedAt: new Date(Date.now() - 2 * DAY),
    });
    expect(await reviewsToday(services.db, owner.user.id)).toBe(2);
    const tomorrow = new Date(Date.now() + DAY);
    expect(await reviewsToday(services.db, owner.user.id, tomorrow)).toBe(0);
    expect(await reviewsToday(services.db, (await createUser(services)).user.id)).toBe(0);
  });
});

describe('decks.createCard, decks.updateCard and decks.deleteCard', () => {
  test('a card added by file goes to its own deck "My cards", made once; by deck, at the end of that deck', async () => {
    const { stored, deckId, caller } = await ownerWithDeck(2);
    const [a, b] = await Promise.all([
      caller.decks.createCard({ fileId: stored.id, front: '  What is ATP?  ', back: 'The cell’s energy currency.\n' }),
      caller.decks.createCard({ fileId: stored.id, front: 'Osmosis', back: 'Water crossing a membrane.' }),
    ]);
    expect(a).toMatchObject({ front: 'What is ATP?', back: 'The cell’s energy currency.', kind: 'custom', page: null });
    expect(b?.deckId).toBe(a?.deckId);
    const decks = await caller.decks.list({ fileId: stored.id });
    expect(decks.map((item) => [item.title, item.generated, item.counts.total])).toEqual([
      ['Cell biology', true, 2],
      ['My cards', false, 2],
    ]);
    const appended = await caller.decks.createCard({ deckId, front: 'Term 3', back: 'Definition 3' });
    expect(appended.position).toBe(2);
    expect((await caller.decks.getCards({ deckId })).cards.at(-1)?.front).toBe('Term 3');
  });

  test('each side holds 1–5,000 characters once trimmed; the refusal names the side', async () => {
    const { owner, stored, deckId, cards: [first] } = await ownerWithDeck(1);
    const long = 'x'.repeat(5_000);
    const caller = callerFor(services, owner);
    expect((await caller.decks.createCard({ deckId, front: long, back: ` ${long} ` })).back).toHaveLength(5_000);
    expect(await mutationError(services, owner, 'decks.createCard', { deckId, front: `${long}y`, back: 'b' })).toMatchObject({
      status: 400,
      message: 'The front of a card can hold at most 5,000 characters. Shorten it or split it into several cards.',
      data: { messageKey: 'cardFrontTooLong' },
    });
    expect(await mutationError(services, owner, 'decks.createCard', { fileId: stored.id, front: 'a', back: ' \n\t' })).toMatchObject({
      status: 400,
      message: 'The back of the card is empty. Write something on it.',
      data: { messageKey: 'cardBackEmpty' },
    });
    expect(await mutationError(services, owner, 'decks.updateCard', { cardId: first!.id, front: '', back: 'b' })).toMatchObject({
      data: { messageKey: 'cardFrontEmpty' },
    });
    expect(await mutationError(services, owner, 'decks.createCard', { deckId, fileId: stored.id, front: 'a', back: 'b' })).toMatchObject({
      status: 400,
    });
    expect((await caller.decks.getCards({ deckId })).cards).toHaveLength(2);
  });

  test('editing keeps the schedule; deleting removes the card with its schedule; a deck can be left with no cards', async () => {
    const { owner, stored, caller } = await ownerWithDeck(1);
    const card = await caller.decks.createCard({ fileId: stored.id, front: 'Front', back: 'Back' });
    await caller.decks.review({ cardId: card.id, rating: 3 });
    expect(await caller.decks.updateCard({ cardId: card.id, front: 'New front ', back: 'New back' })).toMatchObject({
      front: 'New front',
      back: 'New back',
    });
    expect(await stateOf(owner, card.id)).not.toBeNull();
    expect(await caller.decks.deleteCard({ cardId: card.id })).toEqual({ cardId: card.id, deckId: card.deckId });
    expect(await stateOf(owner, card.id)).toBeNull();
    const own = (await caller.decks.list({ fileId: stored.id })).find((item) => !item.generated);
    expect(own?.counts).toMatchObject({ total: 0, toStudy: 0 });
    expect((await caller.decks.getSession({ deckId: card.deckId })).cards).toEqual([]);
  });

  test('refuse the signed-out and a stranger, changing nothing', async () => {
    const { stored, deckId, cards: [first], caller } = await ownerWithDeck(1);
    await expectRefused({
      services,
      call: (other) => other.decks.createCard({ deckId, front: 'a', back: 'b' }),
      actors: ['anonymous', 'stranger'],
    });
    await expectRefused({
      services,
      call: (other) => other.decks.createCard({ fileId: stored.id, front: 'a', back: 'b' }),
      actors: ['anonymous', 'stranger'],
    });
    await expectRefused({
      services,
      call: (other) => other.decks.updateCard({ cardId: first!.id, front: 'a', back: 'b' }),
      actors: ['anonymous', 'stranger'],
    });
    await expectRefused({ services, call: (other) => other.decks.deleteCard({ cardId: first!.id }), actors: ['anonymous', 'stranger'] });
    expect((await caller.decks.getCards({ deckId })).cards.map((card) => card.front)).toEqual(['Term 1']);
    expect(await caller.decks.list({ fileId: stored.id })).toHaveLength(1);
  });
});

describe('decks.generate', () => {
  async function readyFlashcards() {
    const made = await ownerWithDeck(1);
    await markQueued(services.db, made.stored.id);
    await services.db.update(studyArtefact).set({ status: 'ready' }).where(eq(studyArtefact.fileId, made.stored.id));
    return made;
  }

  test("queues the file's AI deck again", async () => {
    const { stored, caller } = await readyFlashcards();
    expect(await caller.decks.generate({ fileId: stored.id })).toEqual({ fileId: stored.id, artefact: 'flashcards', status: 'queued' });
    expect((await caller.file.getProcessingStatus({ fileId: stored.id })).artefacts.flashcards.status).toBe('queued');
  });

  test("over the plan's monthly AI decks it is refused with the limit", async () => {
    const { owner, stored } = await readyFlashcards();
    await services.db.update(user).set({ plan: 'free' }).where(eq(user.id, owner.user.id));
    await reserveUsage(services.db, { userId: owner.user.id, kind: 'decksAI', period: usagePeriod('month'), amount: 10, limit: 10 });
    expect(await mutationError(services, owner, 'decks.generate', { fileId: stored.id })).toMatchObject({
      status: 403,
      message: 'Your Free plan allows 10 AI flashcard decks a month. Upgrade to make more.',
      data: { code: 'FORBIDDEN', messageKey: 'deckQuota' },
    });
  });

  test('refuses the signed-out and a stranger', async () => {
    const { stored } = await readyFlashcards();
    await expectRefused({ services, call: (caller) => caller.decks.generate({ fileId: stored.id }), actors: ['anonymous', 'stranger'] });
  });
});

describe('decks.exportCsv and decks.exportAnki', () => {
  test('CSV quotes what needs it and never lets a cell run as a formula', async () => {
    const { deckId, caller } = await ownerWithDeck(1);
    await caller.decks.createCard({ deckId, front: 'Say "hi", then\nleave', back: '=HYPERLINK("x")' });
    const answer = await caller.decks.exportCsv({ deckId });
    expect(answer).toMatchObject({ fileName: 'Cell-biology.csv', mimeType: 'text/csv;charset=utf-8' });
    expect(answer.content).toBe(
      '\uFEFFFront,Back,Page\r\nTerm 1,Definition 1,1\r\n"Say ""hi"", then\nleave","\'=HYPERLINK(""x"")",\r\n',
    );
  });

  test('the Anki file has the header lines Anki reads and one tab-separated note a line', async () => {
    const { stored, deckId, caller } = await ownerWithDeck(1);
    const own = await caller.decks.createCard({ fileId: stored.id, front: 'Tab\there', back: 'two\nlines' });
    expect((await caller.decks.exportAnki({ deckId })).content).toBe(
      ['#separator:tab', '#html:false', '#deck:Cell biology', '#columns:Front\tBack\tTags', '#tags column:3', 'Term 1\tDefinition 1\tstudypath page-1', ''].join('\n'),
    );
    const mine = await caller.decks.exportAnki({ deckId: own.deckId });
    expect(mine.fileName).toBe('Lecture-1-My-cards.txt');
    expect(mine.content).toContain('#deck:Lecture 1 – My cards\n');
    expect(mine.content).toContain('"Tab\there"\t"two\nlines"\tstudypath\n');
  });

  test('refuse the signed-out and a stranger', async () => {
    const { deckId } = await ownerWithDeck(1);
    await expectRefused({ services, call: (caller) => caller.decks.exportCsv({ deckId }), actors: ['anonymous', 'stranger'] });
    await expectRefused({ services, call: (caller) => caller.decks.exportAnki({ deckId }), actors: ['anonymous', 'stranger'] });
  });
});
