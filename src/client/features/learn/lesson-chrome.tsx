import { Link } from '@tanstack/react-router';
import { BookOpen, CheckCircle2, Flag, Heart, Infinity as InfinityIcon, SkipForward, Undo2, X, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, PlayChallenge } from '../../../shared/learn';
import { MathText } from '../../components/math-text';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { openFileViewer } from '../../lib/file-viewer';
import { passageHint } from '../../../shared/passage-match';
import { isFromLowConfidencePage } from '../../lib/ocr';
import type { SharedContext } from './learn-data';
import { progressPercent, type PlayerState } from './player-state';

/** The lesson's top bar: leave the lesson, the progress through its challenges, and the hearts left. */
/** `onLeave`: where quitting goes when not the learn path (a lesson replayed offline goes back to the offline page). */
export function LessonHeader({ context, state, onLeave }: { context: SharedContext; state: PlayerState; onLeave?: (() => void) | undefined }) {
  const { t } = useTranslation('learn');
  return (
    <div className="flex items-center gap-3 py-4 md:py-6">
      {onLeave ? (
        <Button variant="ghost" size="icon" onClick={onLeave} aria-label={t('player.quit')} title={t('player.quit')} data-testid="lesson-quit">
          <X aria-hidden="true" className="!size-5" />
        </Button>
      ) : (
        <Button variant="ghost" size="icon" asChild>
          <Link to="/learn" search={context} aria-label={t('player.quit')} title={t('player.quit')} data-testid="lesson-quit">
            <X aria-hidden="true" className="!size-5" />
          </Link>
        </Button>
      )}
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
  );
}

/**
 * The lesson's bottom bar, kept in reach while the challenge scrolls: Skip and Check while answering, then the feedback
 * on the answer (green when right, red when wrong, grey when skipped) with Continue.
 */
export function LessonFooter({
  state,
  challenge,
  fileId,
  lowConfidencePages,
  canCheck,
  onSkip,
  onCheck,
  onContinue,
}: {
  state: PlayerState;
  challenge: PlayChallenge | undefined;
  fileId: string;
  lowConfidencePages: readonly number[] | null | undefined;
  canCheck: boolean;
  onSkip: () => void;
  onCheck: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('learn');
  const busy = state.phase === 'checking' || state.phase === 'skipping';
  return (
    <footer
      data-testid="lesson-footer"
      className={cn(
        // At the screen's edge (no tab bar over a lesson), clear of a phone's home indicator.
        'sticky bottom-0 -mx-4 border-t px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] backdrop-blur md:-mx-8 md:px-8 md:py-6',
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
          fileId={fileId}
          lowConfidencePages={lowConfidencePages}
          onContinue={onContinue}
        />
      ) : (
        <div className="flex items-center justify-between gap-3">
          <Button variant="outline" size="lg" onClick={onSkip} disabled={state.phase !== 'answering'} data-testid="lesson-skip">
            {t('player.skip')}
          </Button>
          <Button size="lg" className="min-w-36" onClick={onCheck} disabled={!canCheck || state.phase !== 'answering'} data-testid="lesson-check">
            {busy ? t('player.checking') : t('player.check')}
          </Button>
        </div>
      )}
    </footer>
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

export function ReportControl({ reported, pending, onReport, onUnreport }: { reported: boolean; pending: boolean; onReport: () => void; onUnreport: () => void }) {
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
        {/* On a phone a long explanation scrolls inside the banner, leaving the answers above it room to show. */}
        <div className="max-h-[36dvh] min-w-0 flex-1 overflow-y-auto overscroll-contain md:max-h-none md:overflow-visible">
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
              <span className="font-semibold">{t('player.correctAnswer')}</span> <span className="whitespace-pre-line">
                <MathText text={rightAnswer} />
              </span>
            </p>
          )}
          {feedback.explanation && <p className="mt-1 text-sm text-foreground/80" data-testid="lesson-explanation">
              <MathText text={feedback.explanation} />
            </p>}
          {feedback.page !== null && (
            <div className="mt-1.5 flex items-center gap-1.5">
              <button
                type="button"
                onClick={() =>
                  openFileViewer({
                    fileId,
                    page: feedback.page ?? undefined,
                    // A true/false answer ('true') says nothing about where on the page it stands.
                    passage: passageHint(challenge?.question, challenge?.type === 'true_false' ? null : feedback.correctAnswer, feedback.explanation),
                  })
                }
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
