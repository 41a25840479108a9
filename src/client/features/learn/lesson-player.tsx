import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, ArrowLeft, BookOpen, CheckCircle2, Flag, Heart, Infinity as InfinityIcon, RotateCcw, SkipForward, Undo2, X, XCircle } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, LessonToPlay, PlayChallenge } from '../../../shared/learn';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { openFileViewer } from '../../lib/file-viewer';
import { isFromLowConfidencePage } from '../../lib/ocr';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ChallengeBody, ChallengeQuestion } from './challenge-views';
import { FinishScreen } from './finish-screen';
import { emptyDraft, reportContext, submissionOf, type Draft, type SharedContext } from './learn-data';
import { Notice } from '../../components/ui/notice';
import { OutOfHeartsDialog } from './out-of-hearts-dialog';
import { initialPlayer, playerReducer, progressPercent } from './player-state';
import { PlayerSkeleton } from './player-skeleton';
import { useLessonRequests } from './use-lesson-requests';

/**
 * One lesson, played. learn.getLesson (a mutation: it starts a run) is asked through a query so that it runs once per
 * opening (also under StrictMode) and is never repeated behind the student's back.
 */
export default function LessonPlayer({ lessonId, context }: { lessonId: string; context: SharedContext }) {
  const { t } = useTranslation('learn');
  const client = useTRPCClient();
  const lesson = useQuery({
    queryKey: ['learn', 'lessonRun', lessonId, context.uuid ?? null, context.id ?? null],
    queryFn: () => client.learn.getLesson.mutate({ lessonId, ...context }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
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

/** Whether a key press belongs to a control that handles it itself (a button's Enter, typing in a field). */
function ownedByControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Enter on an answer tile (just picked) checks; on any other button or link it presses that.
  if (key === 'Enter') return target.closest('button:not([data-choice]), a, [role="button"]') !== null;
  return target.closest('input, textarea, [contenteditable="true"]') !== null;
}

export function LessonRun({ lesson, context }: { lesson: LessonToPlay; context: SharedContext }) {
  const { t } = useTranslation(['learn', 'common']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { challenges, runId } = lesson;
  const [state, dispatch] = useReducer(playerReducer, undefined, () =>
    initialPlayer({ total: challenges.length, hearts: lesson.hearts, unlimited: lesson.unlimitedHearts, practice: lesson.practice }, Date.now()),
  );
  const challenge: PlayChallenge | undefined = challenges[state.index];
  // The draft belongs to the challenge on screen: a new challenge starts from an empty one.
  const [drafted, setDrafted] = useState<{ index: number; draft: Draft } | null>(null);
  const draft: Draft | null = drafted && drafted.index === state.index ? drafted.draft : challenge ? emptyDraft(challenge) : null;
  const setDraft = useCallback((next: Draft) => setDrafted({ index: state.index, draft: next }), [state.index]);
  const [reported, setReported] = useState<Record<string, boolean>>(() => Object.fromEntries(challenges.map((item) => [item.id, item.reported])));
  // The lesson's file, for the pages OCR read with low confidence: feedback citing one of them says so.
  const fileStatus = useQuery(trpc.file.getProcessingStatus.queryOptions({ fileId: lesson.lesson.fileId, ...context }));
  const lowConfidencePages = fileStatus.data?.lowConfidencePages;

  const onReported = useCallback((challengeId: string, value: boolean) => setReported((current) => ({ ...current, [challengeId]: value })), []);
  const { submit, skip, finish, finishRun, report, unreport } = useLessonRequests({ lesson, context, dispatch, onReported });
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
  }, [challenge, submission, state.phase, state.shownAt, submit, runId, context]);
  const skipChallenge = useCallback(() => {
    if (!challenge || state.phase !== 'answering') return;
    dispatch({ type: 'skip' });
    skip.mutate({ challengeId: challenge.id, runId, timeToCompleteMs: Date.now() - state.shownAt, ...context });
  }, [challenge, state.phase, state.shownAt, skip, runId, context]);
  const next = useCallback(() => dispatch({ type: 'continue', now: Date.now() }), []);
  const leave = useCallback(() => void navigate({ to: '/learn', search: context }), [navigate, context]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownedByControl(event.target, event.key)) return;
      if (event.key === 'Enter') {
        if (state.phase === 'answering' && submission) {
          event.preventDefault();
          check();
        } else if (state.phase === 'feedback') {
          event.preventDefault();
          next();
        } else if (state.phase === 'finished') {
          event.preventDefault();
          leave();
        }
        return;
      }
      if (state.phase !== 'answering' || !challenge || !draft) return;
      const digit = Number(event.key);
      if (!Number.isInteger(digit) || digit < 1) return;
      if (challenge.type === 'multiple_choice' && draft.type === 'multiple_choice' && digit <= challenge.options.length) {
        setDraft({ ...draft, optionId: challenge.options[digit - 1]!.id });
      } else if (challenge.type === 'true_false' && draft.type === 'true_false' && digit <= 2) {
        setDraft({ ...draft, value: digit === 1 ? 'true' : 'false' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.phase, submission, check, next, leave, challenge, draft, setDraft]);

  if (state.phase === 'finished' && state.result) {
    return <FinishScreen result={state.result} challengeCount={challenges.length} onContinue={leave} />;
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

  const isReported = challenge ? (reported[challenge.id] ?? false) : false;
  const busy = state.phase === 'checking' || state.phase === 'skipping';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 md:px-8" data-testid="lesson-player" data-phase={state.phase}>
      <div className="flex items-center gap-3 py-4 md:py-6">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/learn" search={context} aria-label={t('player.quit')} title={t('player.quit')} data-testid="lesson-quit">
            <X aria-hidden="true" className="!size-5" />
          </Link>
        </Button>
        <div
          className="h-3.5 flex-1 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progressPercent(state)}
          aria-label={t('player.progress')}
          data-testid="lesson-progress"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${progressPercent(state)}%` }} />
        </div>
        <HeartsBadge hearts={state.hearts} unlimited={state.unlimited} practice={state.practice} />
      </div>

      {challenge && draft && (
        <section className="flex flex-1 flex-col pb-6" aria-labelledby="challenge-heading" data-testid="lesson-challenge" data-type={challenge.type}>
          <div className="flex items-center justify-between gap-3">
            <p id="challenge-heading" className="text-xs font-bold tracking-wide text-primary uppercase">
              {lesson.practice ? t('player.practice') : t('player.challengeOf', { current: state.index + 1, total: challenges.length })}
              <span className="text-muted-foreground"> · {t(`player.type.${challenge.type}`)}</span>
            </p>
            <ReportControl
              reported={isReported}
              pending={report.isPending || unreport.isPending}
              onReport={() => report.mutate({ challengeId: challenge.id, ...reportContext(context) })}
              onUnreport={() => unreport.mutate({ challengeId: challenge.id, ...reportContext(context) })}
            />
          </div>
          <div className="mt-3">
            <ChallengeQuestion challenge={challenge} draft={draft} reported={isReported} />
          </div>
          <div className="mt-7">
            <ChallengeBody challenge={challenge} draft={draft} onDraft={setDraft} locked={state.phase !== 'answering'} feedback={state.feedback} />
          </div>
        </section>
      )}

      <footer
        className={cn(
          // Above the phone's bottom tab bar (h-16), at the edge from md up where the bar is gone.
          'sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] -mx-4 border-t px-4 py-4 backdrop-blur md:bottom-0 md:-mx-8 md:px-8 md:py-6',
          state.phase === 'feedback' && state.feedback
            ? state.feedback.correct
              ? 'border-emerald-500/30 bg-emerald-50/95 dark:bg-emerald-950/90'
              : state.skippedLast
                ? 'border-border bg-muted/95'
                : 'border-rose-500/30 bg-rose-50/95 dark:bg-rose-950/90'
            : 'border-border bg-background/95',
        )}
      >
        {state.phase === 'feedback' && state.feedback ? (
          <FeedbackPanel
            feedback={state.feedback}
            skipped={state.skippedLast}
            challenge={challenge}
            fileId={lesson.lesson.fileId}
            lowConfidencePages={lowConfidencePages}
            onContinue={next}
          />
        ) : (
          <div className="flex items-center justify-between gap-3">
            <Button variant="outline" size="lg" onClick={skipChallenge} disabled={state.phase !== 'answering'} data-testid="lesson-skip">
              {t('player.skip')}
            </Button>
            <Button size="lg" className="min-w-36" onClick={check} disabled={!submission || state.phase !== 'answering'} data-testid="lesson-check">
              {busy ? t('player.checking') : t('player.check')}
            </Button>
          </div>
        )}
      </footer>
      <OutOfHeartsDialog open={state.phase === 'outOfHearts'} onLeave={leave} />
    </div>
  );
}

function HeartsBadge({ hearts, unlimited, practice }: { hearts: number; unlimited: boolean; practice: boolean }) {
  const { t } = useTranslation('learn');
  const label = unlimited ? t('player.heartsUnlimited') : practice ? t('player.heartsPractice', { count: hearts }) : t('player.hearts', { count: hearts });
  return (
    <span className="flex items-center gap-1.5 text-base font-extrabold text-heart tabular-nums" title={label} data-testid="lesson-hearts">
      <Heart aria-hidden="true" className="size-6 fill-heart text-heart" />
      {unlimited ? <InfinityIcon aria-hidden="true" className="size-5" data-testid="lesson-hearts-unlimited" /> : <span aria-hidden="true">{hearts}</span>}
      <span className="sr-only">{label}</span>
    </span>
  );
}

function ReportControl({ reported, pending, onReport, onUnreport }: { reported: boolean; pending: boolean; onReport: () => void; onUnreport: () => void }) {
  const { t } = useTranslation('learn');
  if (!reported) {
    return (
      <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={onReport} disabled={pending} data-testid="lesson-report">
        <Flag aria-hidden="true" />
        {t('player.report')}
      </Button>
    );
  }
  return (
    <span className="flex items-center gap-1">
      <span className="flex h-8 items-center gap-1.5 px-2 text-sm font-semibold text-muted-foreground line-through" aria-disabled="true" data-testid="lesson-reported">
        <Flag aria-hidden="true" className="size-4 fill-current" />
        {t('player.reportedMark')}
      </span>
      <Button variant="ghost" size="sm" onClick={onUnreport} disabled={pending} data-testid="lesson-unreport">
        <Undo2 aria-hidden="true" />
        {t('player.unreport')}
      </Button>
    </span>
  );
}

function FeedbackPanel({
  feedback,
  skipped,
  challenge,
  fileId,
  lowConfidencePages,
  onContinue,
}: {
  feedback: AnswerResult;
  skipped: boolean;
  challenge: PlayChallenge | undefined;
  fileId: string;
  lowConfidencePages: readonly number[] | null | undefined;
  onContinue: () => void;
}) {
  const { t } = useTranslation('learn');
  // True/false answers come as 'true' / 'false': shown in the reader's language.
  const rightAnswer =
    challenge?.type === 'true_false' && (feedback.correctAnswer === 'true' || feedback.correctAnswer === 'false') ? t(`player.${feedback.correctAnswer}`) : feedback.correctAnswer;
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => continueRef.current?.focus(), []);
  const good = feedback.correct;
  return (
    <section role="status" aria-live="polite" data-testid="lesson-feedback" data-correct={good} data-skipped={skipped}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <p
            className={cn(
              'flex items-center gap-2 text-lg font-extrabold',
              good ? 'text-emerald-700 dark:text-emerald-300' : skipped ? 'text-foreground' : 'text-rose-700 dark:text-rose-300',
            )}
          >
            {good ? (
              <CheckCircle2 aria-hidden="true" className="size-6" />
            ) : skipped ? (
              <SkipForward aria-hidden="true" className="size-6" />
            ) : (
              <XCircle aria-hidden="true" className="size-6" />
            )}
            {good ? t('player.correct') : skipped ? t('player.skipped') : t('player.wrong')}
            {feedback.pointsGained > 0 && <span className="text-sm font-bold text-points">{t('player.pointsGained', { count: feedback.pointsGained })}</span>}
          </p>
          {!good && (
            <p className="mt-1 text-sm" data-testid="lesson-correct-answer">
              <span className="font-semibold">{t('player.correctAnswer')}</span> <span className="whitespace-pre-line">{rightAnswer}</span>
            </p>
          )}
          {feedback.explanation && <p className="mt-1 text-sm text-foreground/80" data-testid="lesson-explanation">{feedback.explanation}</p>}
          {feedback.page !== null && (
            <div className="mt-1.5 flex items-center gap-1.5">
              <button
                type="button"
                onClick={() => openFileViewer({ fileId, page: feedback.page ?? undefined })}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-4 hover:underline"
                data-testid="lesson-source"
              >
                <BookOpen aria-hidden="true" className="size-4" />
                {t('player.sourcePage', { page: feedback.page })}
              </button>
              {isFromLowConfidencePage(lowConfidencePages, feedback.page) && <LowConfidenceMark page={feedback.page} />}
            </div>
          )}
        </div>
        <Button
          ref={continueRef}
          size="lg"
          className={cn('min-w-36', !good && !skipped && 'bg-rose-600 text-white hover:bg-rose-600/90')}
          onClick={onContinue}
          data-testid="lesson-continue"
        >
          {t('player.continue')}
        </Button>
      </div>
    </section>
  );
}
