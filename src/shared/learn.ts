import { z } from 'zod';
import { idSchema } from './schemas';
import { studyContextFields } from './shared-context';

/**
 * The Exams tab's contract between server and client (DESIGN §4 names). Inputs are zod schemas the routers
 * use; outputs are the shapes the procedures answer. The optional `uuid`/`id` are the shared-course context (spec §2),
 * `isShared`/`sharedSpaceId` the spec's statistics flags (§7).
 */

export const learnPathInput = z.object({ fileId: idSchema, ...studyContextFields });
export const lessonInput = z.object({ lessonId: idSchema, ...studyContextFields });

export const submitAnswerInput = z.object({
  challengeId: idSchema,
  /** The run (one play of the lesson) the answer belongs to: from learn.getLesson. */
  runId: idSchema,
  /** Multiple choice: the chosen option's id. */
  optionId: idSchema.optional(),
  /** True/false: 'true' | 'false'; fill-in: the text typed or picked; match: JSON of [{term, definition}]. */
  answer: z.string().max(5_000).optional(),
  /** Clamped by the server to 0–30 minutes (src/shared/lesson-rules.ts). */
  timeToCompleteMs: z.number().finite(),
  ...studyContextFields,
});
export const skipChallengeInput = z.object({ challengeId: idSchema, runId: idSchema, timeToCompleteMs: z.number().finite(), ...studyContextFields });
export const finishLessonInput = z.object({ lessonId: idSchema, runId: idSchema, ...studyContextFields });
/** learn.finishReview: the review of a file's mistakes (learn.getReview takes learnPathInput). */
export const finishReviewInput = z.object({ fileId: idSchema, runId: idSchema, ...studyContextFields });
/** The lesson id a review's LessonToPlay carries, and the address it is played at (/lesson/review). */
export const REVIEW_LESSON_ID = 'review';
export const reportInput = z.object({ challengeId: idSchema, ...studyContextFields });
/** A finished lesson's replay played offline, sent when the connection is back (learn.syncReplay). */
export const syncReplayInput = z.object({
  lessonId: idSchema,
  /** Chosen by the client: the replay is stored once however often it is sent. */
  replayId: z.uuid(),
  /** When it was played (bounded on the server). */
  playedAt: z.date(),
  answers: z
    .array(
      z.object({
        challengeId: idSchema,
        optionId: idSchema.optional(),
        answer: z.string().max(5_000).optional(),
        skipped: z.boolean().optional(),
        timeToCompleteMs: z.number().finite(),
      }),
    )
    .min(1)
    .max(200),
  ...studyContextFields,
});

export type LessonState = 'completed' | 'current' | 'locked';

export interface PathLesson {
  id: string;
  title: string;
  position: number;
  state: LessonState;
  /** Best stars so far, 0 when never finished. */
  stars: number;
  challengeCount: number;
}

export interface PathUnit {
  id: string;
  title: string;
  description: string;
  page: number | null;
  position: number;
  /** Completed lessons over all lessons of the unit, 0–100, rounded. */
  completionPercentage: number;
  lessons: PathLesson[];
}

export interface LearnPath {
  fileId: string;
  units: PathUnit[];
  /** The plan's skip entitlement: every lesson is open. */
  canSkip: boolean;
}

/** A challenge as the player shows it: no correct flags, no answers. */
export type PlayChallenge =
  | { id: string; type: 'multiple_choice'; question: string; page: number | null; options: { id: string; text: string }[]; reported: boolean }
  | { id: string; type: 'true_false'; question: string; page: number | null; reported: boolean }
  | { id: string; type: 'fill_blank'; question: string; page: number | null; options: string[]; reported: boolean }
  | { id: string; type: 'match'; question: string; page: number | null; terms: string[]; definitions: string[]; reported: boolean };

export interface LessonToPlay {
  lesson: { id: string; title: string; unitId: string; unitTitle: string; fileId: string };
  challenges: PlayChallenge[];
  /** Playing a lesson already completed: no hearts lost, +1 heart at the end. */
  practice: boolean;
  /** A review of the file's mistakes across its finished lessons (learn.getReview): finished with learn.finishReview. */
  review?: boolean;
  runId: string;
  hearts: number;
  unlimitedHearts: boolean;
}

export interface AnswerResult {
  correct: boolean;
  explanation: string;
  page: number | null;
  /** The right answer as the player shows it (the option's text, 'true'/'false', the word, or the pairs). */
  correctAnswer: string;
  hearts: number;
  pointsGained: number;
  /** Out of hearts: the lesson stops (dialog offering the shop or an upgrade). */
  outOfHearts: boolean;
}

export interface LessonResult {
  stars: 1 | 2 | 3;
  accuracy: number;
  pointsGained: number;
  timeMs: number;
  hearts: number;
  practice: boolean;
  /** The best stars kept for the lesson after this run. */
  bestStars: number;
  /** Challenges answered wrong or skipped at first, asked again until answered right (shared/lesson-rules.ts). */
  askedAgain: number;
}

/** What the offline player needs to judge a challenge as the server does (src/shared/judge.ts). */
export interface ReplayKey {
  type: PlayChallenge['type'];
  payload: object;
  options: { id: string; text: string; correct: boolean }[];
  explanation: string;
  page: number | null;
}

/** A finished lesson to replay offline: the lesson as played, with every challenge's answer key. */
export interface LessonReplay extends LessonToPlay {
  key: Record<string, ReplayKey>;
}
