import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LessonResult, LessonToPlay } from '../../../shared/learn';
import { errorMessage } from '../../lib/errors';
import { sessionQueryOptions } from '../../lib/session';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { keepFinishedLessons } from './keep-lessons';
import type { SharedContext } from './learn-data';
import type { PlayerAction } from './player-state';

/**
 * What a lesson run asks the server — check an answer, skip, finish the run, report or unreport a challenge — each
 * feeding its answer to the player's state (`dispatch`) and saying what went wrong in a toast. Every request carries
 * the run's (perhaps shared) course context; a finish asked again after a failure is the same call.
 */
export function useLessonRequests({
  lesson,
  context,
  dispatch,
  onReported,
}: {
  lesson: LessonToPlay;
  context: SharedContext;
  dispatch: Dispatch<PlayerAction>;
  onReported: (challengeId: string, reported: boolean) => void;
}) {
  const { t } = useTranslation(['learn', 'common', 'errors']);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const queryClient = useQueryClient();
  const refreshProgress = useCallback(() => void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter()), [queryClient, trpc]);
  const submit = useMutation(
    trpc.learn.submitAnswer.mutationOptions({
      onSuccess: (result) => {
        dispatch({ type: 'answered', result });
        refreshProgress();
      },
      onError: (failure) => {
        dispatch({ type: 'failed' });
        toast.error(errorMessage(failure, t, t('player.checkFailed')));
      },
    }),
  );
  const skip = useMutation(
    trpc.learn.skipChallenge.mutationOptions({
      onSuccess: (result) => dispatch({ type: 'skipped', result }),
      onError: (failure) => {
        dispatch({ type: 'failed' });
        toast.error(errorMessage(failure, t, t('player.skipFailed')));
      },
    }),
  );
  const finished = (result: LessonResult) => {
    dispatch({ type: 'finished', result });
    refreshProgress();
    void queryClient.invalidateQueries(trpc.learn.getPath.pathFilter());
    // The statistics now count this run (the latest of each challenge it asked): never the figures of before.
    void queryClient.invalidateQueries(trpc.stats.pathFilter());
    // A finished lesson can be replayed offline: kept on this device now (a review belongs to no single lesson).
    if (userId && !lesson.review) void keepFinishedLessons(client, userId, [lesson.lesson.id], context);
  };
  const finishFailed = (failure: unknown) => toast.error(errorMessage(failure, t, t('player.finishFailed')));
  const finishLesson = useMutation(trpc.learn.finishLesson.mutationOptions({ onSuccess: finished, onError: finishFailed }));
  // A review of the file's mistakes (learn.getReview) is finished as one.
  const finishReview = useMutation(trpc.learn.finishReview.mutationOptions({ onSuccess: finished, onError: finishFailed }));
  const finish = lesson.review ? finishReview : finishLesson;
  const finishRun = useCallback(() => {
    if (lesson.review) finishReview.mutate({ fileId: lesson.lesson.fileId, runId: lesson.runId, ...context });
    else finishLesson.mutate({ lessonId: lesson.lesson.id, runId: lesson.runId, ...context });
  }, [finishLesson, finishReview, lesson.review, lesson.lesson.id, lesson.lesson.fileId, lesson.runId, context]);
  const report = useMutation(
    trpc.learn.reportChallenge.mutationOptions({
      onSuccess: (_result, input) => {
        onReported(input.challengeId, true);
        toast.success(t('player.reported'));
      },
      onError: (failure) => toast.error(errorMessage(failure, t, t('player.reportFailed'))),
    }),
  );
  const unreport = useMutation(
    trpc.learn.unreportChallenge.mutationOptions({
      onSuccess: (_result, input) => onReported(input.challengeId, false),
      onError: (failure) => toast.error(errorMessage(failure, t, t('player.unreportFailed'))),
    }),
  );
  return { submit, skip, finish, finishRun, report, unreport };
}
