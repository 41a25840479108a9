import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, ArrowLeft, RotateCcw } from 'lucide-react';
import type { inferRouterInputs } from '@trpc/server';
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LESSON_ID, type LessonReplay, type LessonToPlay, type PlayChallenge } from '../../../shared/learn';
import type { AppRouter } from '../../../server/trpc/router';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useStudyFile } from '../../lib/use-study-file';
import { ChallengeBody, ChallengeQuestion } from './challenge-views';
import { FinishScreen } from './finish-screen';
import { emptyDraft, reportContext, submissionOf, type Draft, type SharedContext } from './learn-data';
import { Notice } from '../../components/ui/notice';
import { isOutOfHeartsError, practiceLessonOf, useCachedPathOf, useHearts } from './hearts-gate';
import { OutOfHeartsDialog } from './out-of-hearts-dialog';
import { initialPlayer, isAskedAgain, playerReducer, type PlayerAction, type PlayerState } from './player-state';
import { LessonFooter, LessonHeader, ReportControl } from './lesson-chrome';
import { PlayerSkeleton } from './player-skeleton';
import { useLessonKeys } from './use-lesson-keys';
import { useLessonRequests } from './use-lesson-requests';
import { useOfflineLessonRequests } from './use-offline-lesson-requests';

/**
 * One lesson, played. learn.getLesson (a mutation: it starts a run) is asked through a query so that it runs once per
 * opening (also under StrictMode) and is never repeated behind the student's back.
 */
export default function LessonPlayer({ lessonId, context }: { lessonId: string; context: SharedContext }) {
  const { t } = useTranslation(['learn', 'errors']);
  const client = useTRPCClient();
  const navigate = useNavigate();
  const hearts = useHearts();
  const known = useCachedPathOf(lessonId);
  // A review of the open file's mistakes (/lesson/review): practice, so hearts never keep it from starting.
  const review = lessonId === REVIEW_LESSON_ID;
  const studied = useStudyFile().file;
  const reviewedFile = studied?.id;
  // Out of hearts with no path loaded (a lesson opened by its address): the open file's path is asked first, and says
  // whether the lesson is completed (practice needs no heart) — rather than starting a run the server would refuse.
  const trpc = useTRPC();
  const pathForHearts = useQuery({
    ...trpc.learn.getPath.queryOptions({ fileId: studied?.id ?? '', ...context }),
    enabled: !review && hearts.out && known === null && Boolean(studied),
  });
  const pathKnown = review || !hearts.out || known !== null || studied === null || !pathForHearts.isPending;
  // Out of hearts, a lesson the loaded path says is not completed cannot start: the dialog, without asking.
  const refused = !review && hearts.out && known !== null && known.lesson.state !== 'completed';
  const lesson = useQuery({
    queryKey: ['learn', 'lessonRun', lessonId, context.uuid ?? null, context.id ?? null, review ? (reviewedFile ?? null) : null],
    queryFn: async () => {
      if (!review) return client.learn.getLesson.mutate({ lessonId, ...context });
      const started = await client.learn.getReview.mutate({ fileId: reviewedFile ?? '', ...context });
      return { ...started, lesson: { ...started.lesson, title: t('player.reviewTitle'), unitTitle: t('player.reviewUnit') } };
    },
    enabled: hearts.known && pathKnown && !refused && (!review || reviewedFile !== undefined),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Only before the run starts: hearts running out during it (the header's count refreshed) end it in its own way.
  if ((refused && lesson.data === undefined) || isOutOfHeartsError(lesson.error)) {
    const leave = () => void navigate({ to: '/learn', search: context });
    return (
      <>
        <PlayerSkeleton />
        <OutOfHeartsDialog open onLeave={leave} practice={known ? practiceLessonOf(known.path) : null} context={context} />
      </>
    );
  }
  if (lesson.isPending) return <PlayerSkeleton />;
  if (lesson.isError) {
    return (
      <Notice
        icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />}
        title={t('player.loadFailed')}
        description={errorMessage(lesson.error, t, t('player.loadFailedHint'))}
        testId="lesson-load-failed"
      >
        <div className="mt-6 flex gap-3">
          <Button variant="outline" asChild>
            <Link to="/learn" search={context}>
              <ArrowLeft aria-hidden="true" />
              {t('player.backToPath')}
            </Link>
          </Button>
          <Button onClick={() => void lesson.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('path.retry')}
          </Button>
        </div>
      </Notice>
    );
  }
  return <LessonRun key={lesson.data.runId} lesson={lesson.data} context={context} />;
}

/** What the player asks of whoever judges its answers: the server (useLessonRequests) or, offline, the answer key. */
export interface LessonRequests {
  submit: { mutate: (input: SubmitAnswerInput) => void };
  skip: { mutate: (input: SkipInput) => void };
  finish: { isError: boolean };
  finishRun: () => void;
  report: { mutate: (input: ReportInput) => void; isPending: boolean };
  unreport: { mutate: (input: ReportInput) => void; isPending: boolean };
}
type SubmitAnswerInput = inferRouterInputs<AppRouter>['learn']['submitAnswer'];
type SkipInput = inferRouterInputs<AppRouter>['learn']['skipChallenge'];
type ReportInput = inferRouterInputs<AppRouter>['learn']['reportChallenge'];

function usePlayer(lesson: LessonToPlay) {
  return useReducer(playerReducer, undefined, () =>
    initialPlayer({ total: lesson.challenges.length, hearts: lesson.hearts, unlimited: lesson.unlimitedHearts, practice: lesson.practice }, Date.now()),
  );
}

export function LessonRun({ lesson, context }: { lesson: LessonToPlay; context: SharedContext }) {
  const navigate = useNavigate();
  const [state, dispatch] = usePlayer(lesson);
  const [reported, setReported] = useState<Record<string, boolean>>(() => Object.fromEntries(lesson.challenges.map((item) => [item.id, item.reported])));
  const onReported = useCallback((challengeId: string, value: boolean) => setReported((current) => ({ ...current, [challengeId]: value })), []);
  const requests = useLessonRequests({ lesson, context, dispatch, onReported });
  const leave = useCallback(() => void navigate({ to: '/learn', search: context }), [navigate, context]);
  return <LessonRunView lesson={lesson} context={context} state={state} dispatch={dispatch} requests={requests} reported={reported} onLeave={leave} />;
}

/**
 * A finished lesson replayed without a connection (the offline page): judged on this device with the lesson's
 * answer key, exactly as the server judges; the replay is sent through the outbox when the connection is back, and
 * the server judges it again and counts it once.
 */
export function OfflineLessonRun({ replay, context, onLeave }: { replay: LessonReplay; context: SharedContext; onLeave: () => void }) {
  const [state, dispatch] = usePlayer(replay);
  const requests = useOfflineLessonRequests({ replay, context, dispatch, state });
  return (
    <LessonRunView lesson={replay} context={context} state={state} dispatch={dispatch} requests={requests} reported={null} onLeave={onLeave} />
  );
}

function LessonRunView({
  lesson,
  context,
  state,
  dispatch,
  requests,
  reported,
  onLeave: leave,
}: {
  lesson: LessonToPlay;
  context: SharedContext;
  state: PlayerState;
  dispatch: Dispatch<PlayerAction>;
  requests: LessonRequests;
  /** Which challenges the student reported; null where reporting is not possible (offline). */
  reported: Record<string, boolean> | null;
  onLeave: () => void;
}) {
  const { t } = useTranslation(['learn', 'common', 'errors']);
  const trpc = useTRPC();
  const { challenges, runId } = lesson;
  const challenge: PlayChallenge | undefined = challenges[state.index];
  // The draft belongs to the challenge on screen: a new challenge, or one asked again, starts from an empty one.
  const [drafted, setDrafted] = useState<{ turn: number; draft: Draft } | null>(null);
  const draft: Draft | null = drafted && drafted.turn === state.turn ? drafted.draft : challenge ? emptyDraft(challenge) : null;
  const setDraft = useCallback((next: Draft) => setDrafted({ turn: state.turn, draft: next }), [state.turn]);
  // The lesson's file, for the pages OCR read with low confidence: feedback citing one of them says so.
  const fileStatus = useQuery(trpc.file.getProcessingStatus.queryOptions({ fileId: lesson.lesson.fileId, ...context }));
  const lowConfidencePages = fileStatus.data?.lowConfidencePages;
  const onPath = useCachedPathOf(lesson.lesson.id);
  const practice = onPath ? practiceLessonOf(onPath.path) : null;

  const { submit, skip, finish, finishRun, report, unreport } = requests;
  const finishRequested = useRef(false);
  useEffect(() => {
    if (state.phase === 'finishing' && !finishRequested.current) {
      finishRequested.current = true;
      finishRun();
    }
  }, [state.phase, finishRun]);

  const submission = challenge && draft ? submissionOf(challenge, draft) : null;
  const check = useCallback(() => {
    if (!challenge || !submission || state.phase !== 'answering') return;
    dispatch({ type: 'check' });
    submit.mutate({ challengeId: challenge.id, runId, ...submission, timeToCompleteMs: Date.now() - state.shownAt, ...context });
  }, [challenge, submission, state.phase, state.shownAt, submit, runId, context, dispatch]);
  const skipChallenge = useCallback(() => {
    if (!challenge || state.phase !== 'answering') return;
    dispatch({ type: 'skip' });
    skip.mutate({ challengeId: challenge.id, runId, timeToCompleteMs: Date.now() - state.shownAt, ...context });
  }, [challenge, state.phase, state.shownAt, skip, runId, context, dispatch]);
  const next = useCallback(() => dispatch({ type: 'continue', now: Date.now() }), [dispatch]);

  useLessonKeys({ phase: state.phase, submission, check, next, leave, challenge, draft, setDraft });
  const playerRef = useRef<HTMLDivElement>(null);
  useRightAnswerInView(playerRef, state.phase === 'feedback' ? state.index : null);

  if (state.phase === 'finished' && state.result) {
    const askedAgain = state.askedAgain.flatMap((index) => challenges[index]?.question ?? []);
    return <FinishScreen result={state.result} challengeCount={challenges.length} askedAgain={askedAgain} onContinue={leave} offline={reported === null} />;
  }
  if (state.phase === 'finishing') {
    return finish.isError ? (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} title={t('player.finishFailed')} description={t('player.finishFailedHint')} testId="lesson-finish-failed">
        <Button className="mt-6" onClick={finishRun}>
          <RotateCcw aria-hidden="true" />
          {t('path.retry')}
        </Button>
      </Notice>
    ) : (
      <PlayerSkeleton />
    );
  }

  const isReported = challenge && reported ? (reported[challenge.id] ?? false) : false;
  return (
    <div ref={playerRef} className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 md:px-8" data-testid="lesson-player" data-phase={state.phase}>
      <LessonHeader context={context} state={state} onLeave={reported === null ? leave : undefined} />
      {lesson.review && (
        // A review draws on several lessons: it says so, in the student's words (its title set by LessonPlayer).
        <p className="-mt-2 mb-2 text-sm font-bold text-primary-tint-foreground" data-testid="lesson-review-title">
          {lesson.lesson.title}
          <span className="font-normal text-muted-foreground"> · {lesson.lesson.unitTitle}</span>
        </p>
      )}

      {challenge && draft && (
        <section
          className="flex flex-1 flex-col pb-6"
          aria-labelledby="challenge-heading"
          data-testid="lesson-challenge"
          data-type={challenge.type}
          data-asked-again={isAskedAgain(state)}
        >
          <div className="flex items-center justify-between gap-3">
            <p id="challenge-heading" className="text-xs font-bold tracking-wide text-primary uppercase">
              {isAskedAgain(state)
                ? t('player.askedAgain')
                : lesson.practice
                  ? t('player.practice')
                  : t('player.challengeOf', { current: state.index + 1, total: challenges.length })}
              <span className="text-muted-foreground"> · {t(`player.type.${challenge.type}`)}</span>
            </p>
            {reported && (
              <ReportControl
                reported={isReported}
                pending={report.isPending || unreport.isPending}
                onReport={() => report.mutate({ challengeId: challenge.id, ...reportContext(context) })}
                onUnreport={() => unreport.mutate({ challengeId: challenge.id, ...reportContext(context) })}
              />
            )}
          </div>
          <div className="mt-3">
            <ChallengeQuestion challenge={challenge} draft={draft} reported={isReported} />
          </div>
          <div className="mt-7">
            <ChallengeBody challenge={challenge} draft={draft} onDraft={setDraft} locked={state.phase !== 'answering'} feedback={state.feedback} />
          </div>
        </section>
      )}

      <LessonFooter
        state={state}
        challenge={challenge}
        fileId={lesson.lesson.fileId}
        lowConfidencePages={lowConfidencePages}
        canCheck={submission !== null}
        onSkip={skipChallenge}
        onCheck={check}
        onContinue={next}
      />
      <OutOfHeartsDialog open={state.phase === 'outOfHearts'} onLeave={leave} practice={practice} context={context} />
    </div>
  );
}

/**
 * After a check the feedback grows the player's bottom bar, which could cover the answers below the question: the
 * right answer (or, when none is marked, the last answer marked) is scrolled just above the bar, so the student sees
 * which one was right (issue 22).
 */
function useRightAnswerInView(playerRef: RefObject<HTMLDivElement | null>, feedbackOn: number | null) {
  useEffect(() => {
    const player = playerRef.current;
    if (feedbackOn === null || !player) return;
    // A match's pairs are all marked, right and wrong, and all should show; otherwise the right answer must.
    const match = player.querySelector('[data-testid="challenge-match"]') !== null;
    const right = [...player.querySelectorAll<HTMLElement>('[data-verdict="right"]')];
    const marked = match || right.length === 0 ? [...player.querySelectorAll<HTMLElement>('[data-verdict]')] : right;
    const target = marked.reduce<HTMLElement | undefined>(
      (lowest, element) => (!lowest || element.getBoundingClientRect().bottom > lowest.getBoundingClientRect().bottom ? element : lowest),
      undefined,
    );
    const footer = player.querySelector<HTMLElement>('[data-testid="lesson-footer"]');
    // jsdom (component tests) lays nothing out and cannot scroll.
    if (!target || !footer || typeof target.scrollIntoView !== 'function') return;
    target.style.scrollMarginBottom = `${footer.offsetHeight + 16}px`;
    // Nor under the shell's sticky top bar (the header on a computer, the compact bar on a phone).
    const topBars = [...document.querySelectorAll<HTMLElement>('header')].filter((header) => getComputedStyle(header).position === 'sticky');
    target.style.scrollMarginTop = `${Math.max(0, ...topBars.map((header) => header.offsetHeight)) + 16}px`;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [playerRef, feedbackOn]);
}
