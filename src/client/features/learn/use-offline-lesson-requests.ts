import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { correctAnswerOf, judge } from '../../../shared/judge';
import type { AnswerResult, LessonReplay, LessonResult } from '../../../shared/learn';
import { clampAnswerTime, heartsAfterPractice, pointsFor, runFigures, starsFor, type RunAnswer } from '../../../shared/lesson-rules';
import { submitReplay, type ReplayInput } from '../../lib/offline/outbox';
import { sessionQueryOptions } from '../../lib/session';
import type { LessonRequests } from './lesson-player';
import type { SharedContext } from './learn-data';
import type { PlayerAction, PlayerState } from './player-state';

type ReplayAnswer = ReplayInput['answers'][number];

/**
 * The lesson player's requests for a finished lesson replayed offline: each answer judged here with the lesson's
 * answer key (src/shared/judge.ts, as the server judges), the result counted as the server counts a practice run
 * (src/shared/lesson-rules.ts), and the whole replay handed to the outbox, which sends it (learn.syncReplay) once the
 * connection is back. Reporting a challenge needs the server and is not offered.
 */
export function useOfflineLessonRequests({
  replay,
  context,
  dispatch,
  state,
}: {
  replay: LessonReplay;
  context: SharedContext;
  dispatch: Dispatch<PlayerAction>;
  state: PlayerState;
}): LessonRequests {
  const { t } = useTranslation(['learn', 'errors']);
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  // Each challenge's first answer, as the replay is sent (the server judges and counts those), and every answer given
  // — a challenge missed is asked again — for the figures shown at the end (shared/lesson-rules.ts runFigures).
  const answers = useRef(new Map<string, ReplayAnswer>());
  const given = useRef<RunAnswer[]>([]);
  // The replay's id (the server stores it once under it) and when it was played, fixed when the run starts.
  const [run] = useState(() => ({ replayId: crypto.randomUUID(), startedAt: Date.now() }));

  const resultOf = useCallback(
    (challengeId: string, correct: boolean): AnswerResult | null => {
      const key = replay.key[challengeId];
      if (!key) return null;
      const firstAnswer = !answers.current.has(challengeId);
      return {
        correct,
        explanation: key.explanation,
        page: key.page,
        correctAnswer: correctAnswerOf(key, key.options),
        hearts: state.hearts,
        pointsGained: pointsFor(correct && firstAnswer),
        outOfHearts: false,
      };
    },
    [replay.key, state.hearts],
  );
  const remember = useCallback((answer: ReplayAnswer, status: RunAnswer['status']) => {
    if (!answers.current.has(answer.challengeId)) answers.current.set(answer.challengeId, answer);
    given.current.push({ challengeId: answer.challengeId, status });
  }, []);

  const submit = useMemo(
    () => ({
      mutate: (input: { challengeId: string; optionId?: string | undefined; answer?: string | undefined; timeToCompleteMs: number }) => {
        const key = replay.key[input.challengeId];
        const judgement = key ? judge(key, key.options, input) : null;
        const result = judgement ? resultOf(input.challengeId, judgement.correct) : null;
        if (!judgement || !result) {
          dispatch({ type: 'failed' });
          toast.error(t('errors:invalidAnswer'));
          return;
        }
        remember(
          { challengeId: input.challengeId, optionId: input.optionId, answer: input.answer, timeToCompleteMs: clampAnswerTime(input.timeToCompleteMs) },
          judgement.correct ? 'correct' : 'incorrect',
        );
        dispatch({ type: 'answered', result: { ...result, correctAnswer: judgement.correctAnswer } });
      },
    }),
    [dispatch, remember, replay.key, resultOf, t],
  );

  const skip = useMemo(
    () => ({
      mutate: (input: { challengeId: string; timeToCompleteMs: number }) => {
        const result = resultOf(input.challengeId, false);
        if (!result) return dispatch({ type: 'failed' });
        remember({ challengeId: input.challengeId, skipped: true, timeToCompleteMs: clampAnswerTime(input.timeToCompleteMs) }, 'skipped');
        dispatch({ type: 'skipped', result });
      },
    }),
    [dispatch, remember, resultOf],
  );

  const finishRun = useCallback(() => {
    const first = [...answers.current.values()];
    const figures = runFigures(
      replay.challenges.map((item) => item.id),
      given.current,
    );
    const result: LessonResult = {
      stars: starsFor(figures.accuracy),
      accuracy: figures.accuracy,
      pointsGained: figures.rightFirstTime * pointsFor(true),
      timeMs: first.reduce((sum, answer) => sum + answer.timeToCompleteMs, 0),
      hearts: heartsAfterPractice(replay.hearts),
      practice: true,
      bestStars: starsFor(figures.accuracy),
      askedAgain: figures.askedAgain,
    };
    if (userId) {
      // Sent when the connection is back; the server judges it again and counts it once (replayId).
      void submitReplay(userId, {
        lessonId: replay.lesson.id,
        replayId: run.replayId,
        playedAt: new Date(run.startedAt),
        answers: first,
        ...context,
      }).catch(() => toast.error(t('learn:finish.offlineRefused')));
    }
    dispatch({ type: 'finished', result });
  }, [context, dispatch, replay, run, t, userId]);

  const unavailable = useMemo(() => ({ mutate: () => undefined, isPending: false }), []);
  return { submit, skip, finish: { isError: false }, finishRun, report: unavailable, unreport: unavailable };
}
