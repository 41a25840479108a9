import { z } from 'zod';
import { CARD_SIDE_MAX, RATINGS } from '../../../shared/decks';
import { idSchema } from '../../../shared/schemas';
import { reviewsToday } from '../../decks/counts';
import { createCard, deleteCard, generateDeck, getCards, listDecks, updateCard } from '../../decks/decks';
import { exportDeck } from '../../decks/export';
import { getSession, reviewCard, SESSION_LIMIT_MAX, undoReview } from '../../decks/study';
import { protectedProcedure, router, studyProcedure } from '../init';
import { studyContextFields } from '../../../shared/shared-context';

/**
 * The Flashcards tab (README "API"): a file's decks with the caller's counts, study sessions scheduled by
 * FSRS per user, card editing, AI deck generation and exports. Access goes through the deck's file
 * (studyFileAccess); `uuid`, the shared-course context, names the space a member studies the file through.
 */

/**
 * A side's text as sent. Its real rule (1–5,000 characters once trimmed) is checked in the domain, whose refusal
 * names the side and is translated; this bound only keeps absurd payloads out.
 */
const cardText = z.string().max(CARD_SIDE_MAX * 4);

const deckInput = z.object({ deckId: idSchema, ...studyContextFields });
const cardInput = z.object({ cardId: idSchema, ...studyContextFields });

export const decksRouter = router({
  list: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .query(({ ctx, input }) => listDecks({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId, shared: ctx.shared })),
  getCards: studyProcedure
    .input(deckInput)
    .query(({ ctx, input }) => getCards({ db: ctx.services.db, userId: ctx.user.id, deckId: input.deckId, shared: ctx.shared })),
  getSession: studyProcedure
    .input(z.object({ deckId: idSchema, limit: z.number().int().min(1).max(SESSION_LIMIT_MAX).optional(), ...studyContextFields }))
    .query(({ ctx, input }) =>
      getSession({
        db: ctx.services.db,
        userId: ctx.user.id,
        deckId: input.deckId,
        shared: ctx.shared,
        ...(input.limit ? { limit: input.limit } : {}),
      }),
    ),
  review: studyProcedure
    .input(
      z.object({
        cardId: idSchema,
        rating: z.union(RATINGS.map((rating) => z.literal(rating))),
        durationMs: z.number().int().min(0).max(24 * 60 * 60 * 1000).optional(),
        /** Chosen by the session so that a rating sent again is stored once (offline sync, a lost reply). */
        reviewId: z.uuid().optional(),
        /** When the rating was made, for one sent after a time offline (bounded on the server). */
        reviewedAt: z.date().optional(),
        ...studyContextFields,
      }),
    )
    .mutation(({ ctx, input }) =>
      reviewCard({
        db: ctx.services.db,
        userId: ctx.user.id,
        cardId: input.cardId,
        rating: input.rating,
        durationMs: input.durationMs,
        reviewId: input.reviewId,
        reviewedAt: input.reviewedAt,
        shared: ctx.shared,
      }),
    ),
  undoReview: studyProcedure
    .input(z.object({ reviewId: idSchema.optional(), ...studyContextFields }))
    .mutation(({ ctx, input }) => undoReview({ db: ctx.services.db, userId: ctx.user.id, reviewId: input.reviewId, shared: ctx.shared })),
  reviewsToday: protectedProcedure.query(async ({ ctx }) => ({ count: await reviewsToday(ctx.services.db, ctx.user.id) })),
  createCard: studyProcedure
    .input(
      z
        .object({ deckId: idSchema.optional(), fileId: idSchema.optional(), front: cardText, back: cardText, ...studyContextFields })
        .refine((value) => (value.deckId === undefined) !== (value.fileId === undefined), {
          message: 'Give either a deckId or a fileId.',
        }),
    )
    .mutation(({ ctx, input }) => {
      const base = { db: ctx.services.db, userId: ctx.user.id, front: input.front, back: input.back, shared: ctx.shared };
      return input.deckId !== undefined ? createCard({ ...base, deckId: input.deckId }) : createCard({ ...base, fileId: input.fileId ?? '' });
    }),
  updateCard: studyProcedure
    .input(z.object({ cardId: idSchema, front: cardText, back: cardText, ...studyContextFields }))
    .mutation(({ ctx, input }) =>
      updateCard({ db: ctx.services.db, userId: ctx.user.id, cardId: input.cardId, front: input.front, back: input.back, shared: ctx.shared }),
    ),
  deleteCard: studyProcedure
    .input(cardInput)
    .mutation(({ ctx, input }) => deleteCard({ db: ctx.services.db, userId: ctx.user.id, cardId: input.cardId, shared: ctx.shared })),
  generate: studyProcedure
    .input(z.object({ fileId: idSchema, ...studyContextFields }))
    .mutation(({ ctx, input }) =>
      generateDeck({
        db: ctx.services.db,
        studyQueue: ctx.services.studyQueue,
        userId: ctx.user.id,
        fileId: input.fileId,
        shared: ctx.shared,
      }),
    ),
  exportCsv: studyProcedure
    .input(deckInput)
    .query(({ ctx, input }) => exportDeck({ db: ctx.services.db, userId: ctx.user.id, deckId: input.deckId, format: 'csv', shared: ctx.shared })),
  exportAnki: studyProcedure
    .input(deckInput)
    .query(({ ctx, input }) => exportDeck({ db: ctx.services.db, userId: ctx.user.id, deckId: input.deckId, format: 'anki', shared: ctx.shared })),
});
