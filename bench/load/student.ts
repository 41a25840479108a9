import type { LessonToPlay, PlayChallenge } from '../../src/shared/learn';
import { Browser } from './client';
import type { Recorder } from './metrics';

/**
 * A simulated student: one visit after another, each the way the app's pages make their requests — sign in, the
 * dashboard's load, the Exams tab (learn path, start a lesson, answer every challenge, finish), the Flashcards tab
 * (decks, the cards due, rate some), the tutor chat (one question, its answer streamed to the end). Between two
 * requests it checks whether the run is over and, if so, leaves mid-visit like a closed tab.
 */
export interface StudentAccount {
  email: string;
  password: string;
  userId: string;
  fileId: string;
}

/** What the students sent that the database must hold afterwards. */
export interface Sent {
  /** learn.submitAnswer requests sent (whatever their answer): each must be one challenge_attempt row. */
  answers: number;
  /** Of those, the ones answered 200. */
  answersAccepted: number;
  /** decks.review requests sent: each must be one review_log row. */
  reviews: number;
  reviewsAccepted: number;
  chats: number;
  /** Visits finished from sign-in to the chat's last byte. */
  visits: number;
}

export const emptySent = (): Sent => ({ answers: 0, answersAccepted: 0, reviews: 0, reviewsAccepted: 0, chats: 0, visits: 0 });

const QUESTIONS = [
  'What is this document about?',
  'Explain the main idea in simple terms.',
  'What are the key terms I should know for the exam?',
  'Summarise the results section.',
  'How does the approach compare to the alternatives?',
  'What are the limitations the authors mention?',
];

/** Cards rated per visit at most (the session may hold fewer). */
const REVIEWS_PER_VISIT = 5;

class RunOver extends Error {}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** An answer as the lesson player sends it, chosen at random (students are on a plan with unlimited hearts). */
function randomAnswer(item: PlayChallenge): { optionId?: string; answer?: string } {
  switch (item.type) {
    case 'multiple_choice':
      return { optionId: pick(item.options).id };
    case 'true_false':
      return { answer: pick(['true', 'false']) };
    case 'fill_blank':
      return { answer: item.options.length > 0 ? pick(item.options) : 'answer' };
    case 'match': {
      const definitions = [...item.definitions].sort(() => Math.random() - 0.5);
      return { answer: JSON.stringify(item.terms.map((term, index) => ({ term, definition: definitions[index] ?? '' }))) };
    }
  }
}

export class Student {
  private readonly browser: Browser;

  constructor(
    baseUrl: string,
    recorder: Recorder,
    private readonly account: StudentAccount,
    private readonly thinkMs: number,
  ) {
    this.browser = new Browser(baseUrl, recorder);
  }

  /**
   * Visits until `isOver()`, starting after `delayMs` (students arrive spread out rather than all at once); a failed
   * request ends the visit (it is counted by the recorder) and the next begins. What is sent is counted in `sent()`,
   * the counters of the phase (warm-up or timed run) the request is sent in.
   */
  async run(isOver: () => boolean, sent: () => Sent, delayMs: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const step = async () => {
      if (isOver()) throw new RunOver();
      if (this.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, this.thinkMs * (0.5 + Math.random())));
      if (isOver()) throw new RunOver();
    };
    while (!isOver()) {
      try {
        await this.visit(step, sent);
        sent().visits += 1;
      } catch (error) {
        if (error instanceof RunOver) return;
        // Recorded as an error by the browser; a short pause so a failing server is not hammered in a tight loop.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  private async visit(step: () => Promise<void>, sent: () => Sent): Promise<void> {
    const { browser, account } = this;
    const { trpc } = browser;
    const fileId = account.fileId;

    await step();
    await browser.json('/api/auth/sign-in/email', { email: account.email, password: account.password });

    // The dashboard: the session, then the queries its shell and page make together (one batched GET).
    await step();
    await browser.json('/api/auth/get-session');
    await step();
    await Promise.all([
      trpc.system.getPublicConfig.query(),
      trpc.directory.getDirectories.query(),
      trpc.file.getActiveFile.query(),
      trpc.spaces.getMyInvitations.query(),
      trpc.spaces.getAllSharedCoursesWithFiles.query(),
      trpc.spaces.getUserSpaces.query(),
      trpc.user.getUserBillingInfo.query(),
      trpc.admin.isAdmin.query(),
      trpc.gamification.getProgress.query(),
      trpc.user.getUser.query({ id: account.userId }),
    ]);

    // The Exams tab: the path, the current lesson (or, all done, any one played again as practice).
    await step();
    const path = await trpc.learn.getPath.query({ fileId });
    const lessons = path.units.flatMap((unit) => unit.lessons).filter((lesson) => lesson.challengeCount > 0);
    const open = lessons.filter((lesson) => lesson.state !== 'locked');
    const lesson = open.find((candidate) => candidate.state === 'current') ?? (open.length > 0 ? pick(open) : undefined);
    if (lesson) {
      await step();
      const play: LessonToPlay = await trpc.learn.getLesson.mutate({ lessonId: lesson.id });
      for (const item of play.challenges) {
        await step();
        sent().answers += 1;
        await trpc.learn.submitAnswer.mutate({
          challengeId: item.id,
          runId: play.runId,
          timeToCompleteMs: 2_000 + Math.floor(Math.random() * 8_000),
          ...randomAnswer(item),
        });
        sent().answersAccepted += 1;
      }
      await step();
      await trpc.learn.finishLesson.mutate({ lessonId: lesson.id, runId: play.runId });
    }

    // The Flashcards tab: the file's decks, a session of the first one, a few cards rated.
    await step();
    const decks = await trpc.decks.list.query({ fileId });
    const deck = decks[0];
    if (deck) {
      await step();
      const session = await trpc.decks.getSession.query({ deckId: deck.id });
      for (const card of session.cards.slice(0, REVIEWS_PER_VISIT)) {
        await step();
        sent().reviews += 1;
        await trpc.decks.review.mutate({ cardId: card.id, rating: pick([1, 2, 3, 3, 3, 4] as const), durationMs: 3_000 + Math.floor(Math.random() * 5_000) });
        sent().reviewsAccepted += 1;
      }
    }

    // The tutor chat: one question about the file, the answer read to the end.
    await step();
    sent().chats += 1;
    await browser.chat({ fileId, message: pick(QUESTIONS) });
  }
}
