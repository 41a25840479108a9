import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, CheckCircle2, CloudOff, Loader2, RotateCcw, Undo2, X } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RATING_NAMES, type CardRating } from '../../../shared/decks';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { openFileViewer } from '../../lib/file-viewer';
import { passageHint } from '../../../shared/passage-match';
import { isFromLowConfidencePage } from '../../lib/ocr';
import { useTRPC, useTRPCClient, type TrpcClient } from '../../lib/trpc';
import { CountBadges } from './count-badges';
import { Notice } from '../../components/ui/notice';
import { deckTitle, type DeckCounts, type DecksFile, type SessionCard, type SharedContext } from './decks-data';
import { Flashcard } from './flashcard';
import { intervalParts, relativeDue } from './format';
import { SessionSummary } from './session-summary';
import { keepRating, keepSession, keptSession } from '../../lib/offline/kept-sessions';
import { cancelQueued, isConnectionFailure, submitReview } from '../../lib/offline/outbox';
import { useOffline } from '../../lib/offline/use-offline';
import { sessionQueryOptions } from '../../lib/session';
import { comesBack, initialSession, requeueAfter, sessionProgress, sessionReducer, type SessionState } from './session-state';

/**
 * A study session over one deck: the cards due now and today's new ones, one at a time. Space (or a click) turns a
 * card over, 1–4 (or the buttons) rate it, Z undoes the last rating. Cards in their first learning steps come back
 * later in the same session. At the end, a summary.
 */
export function StudySession({
  file,
  deckId,
  context,
  onExit,
}: {
  file: DecksFile;
  deckId: string;
  context: SharedContext;
  onExit: () => void;
}) {
  const { t, i18n } = useTranslation(['decks', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const trpcClient = useTRPCClient();
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  // A session is a snapshot: it is not refetched behind the student's back, and each round asks afresh. Without a
  // connection it is the one kept on this device (lib/offline/kept-sessions.ts), so the queryFn runs offline too.
  const session = useQuery({
    queryKey: [...trpc.decks.getSession.queryKey({ deckId, ...context }), userId],
    queryFn: () => loadSession({ client: trpcClient, userId: userId ?? '', file, deckId, context }),
    enabled: Boolean(userId),
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const exit = useCallback(() => {
    void queryClient.invalidateQueries(trpc.decks.list.pathFilter());
    void queryClient.invalidateQueries(trpc.decks.getCards.pathFilter());
    onExit();
  }, [onExit, queryClient, trpc]);

  if (session.isPending || session.isFetching) return <SessionSkeleton />;
  if (session.isError) {
    return (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} title={t('loadFailed.title')} description={t('loadFailed.description')} testId="session-load-failed">
        <div className="mt-6 flex gap-3">
          <Button variant="outline" onClick={exit}>
            <ArrowLeft aria-hidden="true" />
            {t('backToDecks')}
          </Button>
          <Button onClick={() => void session.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('loadFailed.retry')}
          </Button>
        </div>
      </Notice>
    );
  }
  const { cards, counts, deck } = session.data;
  if (cards.length === 0) {
    return (
      <Notice
        icon={<CheckCircle2 aria-hidden="true" className="size-10 text-primary" />}
        title={counts.total === 0 ? t('session.emptyDeckTitle') : t('session.nothingTitle')}
        description={
          counts.total === 0
            ? t('session.emptyDeckDescription')
            : counts.nextDue
              ? t('session.nothingNext', { when: relativeDue(counts.nextDue, new Date(), i18n.language) })
              : t('session.nothingDescription')
        }
        testId="session-nothing"
      >
        <Button className="mt-6" onClick={exit}>
          <ArrowLeft aria-hidden="true" />
          {t('backToDecks')}
        </Button>
      </Notice>
    );
  }
  return (
    <SessionRun
      key={round}
      title={deckTitle(deck, t)}
      fileId={file.id}
      lowConfidencePages={file.lowConfidencePages}
      cards={cards}
      counts={counts}
      context={context}
      onExit={exit}
      onMore={() => {
        setRound((value) => value + 1);
        void session.refetch();
      }}
    />
  );
}

/**
 * The deck's session from the server, kept on this device for later; when the server cannot be reached, the session
 * kept last time (its cards due by now). A refusal (the deck is gone, no access) stays an error.
 */
async function loadSession({
  client,
  userId,
  file,
  deckId,
  context,
}: {
  client: TrpcClient;
  userId: string;
  file: DecksFile;
  deckId: string;
  context: SharedContext;
}) {
  try {
    const answer = await client.decks.getSession.query({ deckId, ...context });
    const kept = { id: file.id, name: file.name, lowConfidencePages: file.lowConfidencePages ?? null };
    void keepSession({ userId, deckId, file: kept, context, deck: answer.deck, cards: answer.cards, counts: answer.counts }).catch(() => undefined);
    return answer;
  } catch (error) {
    const kept = isConnectionFailure(error) ? await keptSession(userId, deckId).catch(() => null) : null;
    if (!kept) throw error;
    return { deck: kept.deck, cards: kept.cards, counts: kept.counts, newCardsPerDay: 0 };
  }
}

function SessionRun({
  title,
  fileId,
  lowConfidencePages,
  cards,
  counts,
  context,
  onExit,
  onMore,
}: {
  title: string;
  fileId: string;
  lowConfidencePages: readonly number[] | null | undefined;
  cards: SessionCard[];
  counts: DeckCounts;
  context: SharedContext;
  onExit: () => void;
  onMore: () => void;
}) {
  const { t } = useTranslation(['decks', 'errors']);
  const trpc = useTRPC();
  const [state, dispatch] = useReducer(sessionReducer, { cards, counts }, initialSession);
  const queryClient = useQueryClient();
  // A rating (or its undo) moves the streak, the flashcards quest and maybe the points: the header counters follow. The
  // decks' counts too — also for a rating saved after the session was ended (the overview then shows, and refetches).
  const refreshProgress = useCallback(() => {
    void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
    void queryClient.invalidateQueries(trpc.decks.list.pathFilter());
  }, [queryClient, trpc]);
  const undo = useMutation(trpc.decks.undoReview.mutationOptions({ onSuccess: refreshProgress }));
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const shownAt = useRef(0);
  const cardRef = useRef<HTMLDivElement>(null);
  const current = state.queue[0];
  const finished = !current && state.pending === 0;
  // Offline (the browser says so, or ratings wait for the server): the session goes on and says where ratings go.
  const offline = useOffline() || state.parked.length > 0;

  // The time a card is shown is measured from when it appears; focus follows the card for keyboard and screen readers.
  useEffect(() => {
    shownAt.current = performance.now();
    cardRef.current?.focus({ preventScroll: true });
  }, [current?.id, state.ratings]);

  const rate = useCallback(
    (rating: CardRating) => {
      if (!current || !state.flipped || !userId) return;
      const durationMs = Math.round(performance.now() - shownAt.current);
      const reviewedAt = new Date();
      const reviewId = crypto.randomUUID();
      const requeue = requeueAfter(current, rating, reviewedAt);
      dispatch({ type: 'rated', card: current, rating, reviewId, requeue });
      void keepRating(userId, current.deckId, current.id, requeue).catch(() => undefined);
      // Through the outbox: sent now, or kept on this device and sent once the connection is back (offline).
      submitReview(userId, { cardId: current.id, rating, durationMs, reviewId, reviewedAt, ...context }, {
        onParked: () => dispatch({ type: 'reviewParked', reviewId }),
      }).then(
        (answer) => {
          if (!answer) return;
          dispatch({ type: 'reviewSaved', reviewId, counts: answer.counts });
          refreshProgress();
        },
        (error: unknown) => {
          dispatch({ type: 'reviewFailed', card: current, rating, reviewId });
          toast.error(errorMessage(error, t, t('session.rateFailed')));
        },
      );
    },
    [context, current, refreshProgress, state.flipped, t, userId],
  );

  const last = state.last;
  const canUndo = Boolean(last && last.status !== 'sending') && !undo.isPending;
  const undoLast = useCallback(() => {
    if (!last || last.status === 'sending' || undo.isPending) return;
    if (last.status === 'parked') {
      // Not sent yet: taking it back is taking it out of the outbox (unless it is being sent this moment).
      void cancelQueued(last.reviewId).then((cancelled) => {
        if (!cancelled) return void toast.error(t('session.undoFailed'));
        dispatch({ type: 'undone', card: last.card, rating: last.rating, counts: state.counts });
        toast(t('session.undone'));
      });
      return;
    }
    undo.mutateAsync({ reviewId: last.reviewId, ...context }).then(
      (answer) => {
        dispatch({ type: 'undone', card: answer.card, rating: answer.rating as CardRating, counts: answer.counts });
        toast(t('session.undone'));
      },
      (error: unknown) => {
        dispatch({ type: 'undoUnavailable' });
        toast.error(errorMessage(error, t, t('session.undoFailed')));
      },
    );
  }, [context, last, state.counts, t, undo]);

  useSessionKeys({
    flip: () => current && !state.flipped && dispatch({ type: 'flip' }),
    rate: (rating) => rate(rating),
    undo: undoLast,
  });

  if (finished) {
    return <SessionSummary state={state} canUndo={canUndo} onUndo={undoLast} onExit={onExit} onMore={onMore} />;
  }

  const remaining = {
    new: state.queue.filter((card) => card.phase === 'new').length,
    learning: state.queue.filter((card) => card.phase === 'learning' || card.phase === 'relearning').length,
    due: state.queue.filter((card) => card.phase === 'review').length,
  };
  // Cards left, not ratings: a card a rating brings back is still one of the cards left (the learning count), so the
  // count only goes down, and equals the deck page's "to study now" (studyQueue).
  const progress = sessionProgress(state);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-4 md:px-8 md:py-8" data-testid="study-session">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={onExit} data-testid="session-end">
          <X aria-hidden="true" />
          {t('session.end')}
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-center text-sm font-semibold">{title}</h1>
        <Button variant="ghost" size="sm" onClick={undoLast} disabled={!canUndo} data-testid="session-undo" aria-keyshortcuts="Z">
          <Undo2 aria-hidden="true" />
          {t('session.undo')}
          <Kbd className="hidden md:inline-flex touch:hidden!">Z</Kbd>
        </Button>
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground tabular-nums" data-testid="session-progress" data-left={progress.left} data-rated={state.ratings}>
          {t('session.progress', { left: progress.left, total: progress.total })}
        </p>
        <CountBadges counts={remaining} size="sm" />
      </div>
      {offline && (
        <p role="status" className="mt-3 flex items-start gap-2 rounded-xl bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="session-offline">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('session.offline')}
        </p>
      )}
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t('session.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${progress.total ? (progress.done / progress.total) * 100 : 0}%` }}
        />
      </div>

      <div className="mt-6">
        {current ? (
          <Flashcard
            key={`${current.id}:${state.ratings}`}
            ref={cardRef}
            card={current}
            flipped={state.flipped}
            sourceLowConfidence={isFromLowConfidencePage(lowConfidencePages, current.page)}
            comingBack={comesBack(state, current)}
            onFlip={() => dispatch({ type: 'flip' })}
            onOpenPage={(page) => openFileViewer({ fileId, page, passage: passageHint(current.front, current.back) })}
          />
        ) : (
          <div className="flex min-h-[16rem] items-center justify-center rounded-3xl border border-dashed border-border" data-testid="session-saving">
            <Loader2 aria-hidden="true" className="size-6 animate-spin text-muted-foreground" />
          </div>
        )}
      </div>

      <div className="sticky bottom-20 z-10 mt-6 md:bottom-4">
        {current && !state.flipped && (
          <Button size="lg" className="w-full" onClick={() => dispatch({ type: 'flip' })} data-testid="session-flip" aria-keyshortcuts="Space">
            {t('session.showAnswer')}
            <Kbd className="hidden border-white/30 bg-white/15 text-current md:inline-flex touch:hidden!">{t('session.spaceKey')}</Kbd>
          </Button>
        )}
        {current && state.flipped && <RatingButtons card={current} onRate={rate} />}
      </div>
    </div>
  );
}

const RATING_LOOK: Record<CardRating, string> = {
  1: 'border-red-500/40 text-red-700 hover:bg-red-500/10 dark:text-red-300',
  2: 'border-amber-500/40 text-amber-700 hover:bg-amber-500/10 dark:text-amber-300',
  3: 'border-primary/50 text-primary hover:bg-primary/10',
  4: 'border-sky-500/40 text-sky-700 hover:bg-sky-500/10 dark:text-sky-300',
};

function RatingButtons({ card, onRate }: { card: SessionCard; onRate: (rating: CardRating) => void }) {
  const { t } = useTranslation(['decks', 'errors']);
  const interval = useIntervalLabel();
  return (
    <div className="grid grid-cols-4 gap-2 md:gap-3" role="group" aria-label={t('session.rateLabel')}>
      {([1, 2, 3, 4] as const).map((rating) => {
        const name = RATING_NAMES[rating];
        const label = interval(card.intervals[name]);
        return (
          <button
            key={rating}
            type="button"
            onClick={() => onRate(rating)}
            aria-keyshortcuts={String(rating)}
            aria-label={t('session.rateAria', { rating: t(`rating.${name}`), interval: label })}
            data-testid={`rate-${name}`}
            className={cn(
              'flex flex-col items-center gap-0.5 rounded-xl border-2 bg-card px-1 py-2.5 font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring md:py-3',
              RATING_LOOK[rating],
            )}
          >
            <span className="text-xs font-medium tabular-nums opacity-80" data-testid={`rate-${name}-interval`}>
              {label}
            </span>
            <span className="text-sm md:text-base">{t(`rating.${name}`)}</span>
            <Kbd className="mt-0.5 hidden md:inline-flex touch:hidden!">{String(rating)}</Kbd>
          </button>
        );
      })}
    </div>
  );
}

/** "<10m", "1d", "1.5mo" in the reader's language. */
function useIntervalLabel() {
  const { t, i18n } = useTranslation(['decks', 'errors']);
  return useCallback(
    (ms: number) => {
      const { unit, value, within } = intervalParts(ms);
      const amount = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
      return `${within ? '<' : ''}${t(`interval.${unit}`, { value: amount })}`;
    },
    [i18n.language, t],
  );
}

function Kbd({ children, className }: { children: string; className?: string }) {
  return (
    <kbd className={cn('items-center rounded border border-border bg-muted px-1.5 font-sans text-[0.6875rem] leading-5 font-semibold text-muted-foreground', className)}>
      {children}
    </kbd>
  );
}

/**
 * The session's keys, on the whole page: Space or Enter turns the card, 1–4 rate, Z undoes. Keys typed into a field,
 * inside a dialog or menu, with a modifier, or that activate a focused button are left alone.
 */
function useSessionKeys(handlers: { flip: () => void; rate: (rating: CardRating) => void; undo: () => void }) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const activates = event.key === ' ' || event.key === 'Enter';
      if (activates && target?.closest('button, a[href]')) return;
      if (activates) {
        event.preventDefault();
        latest.current.flip();
      } else if (['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        latest.current.rate(Number(event.key) as CardRating);
      } else if (event.key === 'z' || event.key === 'Z') {
        event.preventDefault();
        latest.current.undo();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

function SessionSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-4 md:px-8 md:py-8" data-testid="session-loading" aria-busy="true">
      <div className="h-8" />
      <div className="mt-3 h-2 animate-pulse rounded-full bg-muted" />
      <div className="mt-6 min-h-[16rem] animate-pulse rounded-3xl bg-muted md:min-h-[20rem]" />
      <div className="mt-6 h-12 animate-pulse rounded-lg bg-muted" />
    </div>
  );
}

export type { SessionState };
