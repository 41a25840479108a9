import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { AlertTriangle, FileText, Link2Off, Loader2, RotateCcw, Sparkles, Upload } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { StudyArtefactKind } from '../../../server/db/schema';
import { TOO_LITTLE_TEXT_ERROR_KEYS } from '../../../shared/artefacts';
import { useReadingPageText } from '../file-reading';
import { Button } from '../ui/button';
import { closeLoadingOverlay, openLoadingOverlay, type LoadingOverlayType } from '../ui/loading-overlay-store';
import { Skeleton } from '../ui/skeleton';
import { errorMessage } from '../../lib/errors';
import { fileFailureReason } from '../../lib/file-failure';
import { isProcessing, useRetryProcessing } from '../../lib/file-processing';
import { ocrProgressOf, type ReadingProgress } from '../../lib/ocr';
import { useTRPC } from '../../lib/trpc';
import { useStudyFile, type StudyFile } from '../../lib/use-study-file';

/** The study tabs the frame serves, with the artefact each shows and the overlay skeleton that matches it. */
export type StudyPage = 'summary' | 'mindmap' | 'chat' | 'decks' | 'learn';

const ARTEFACT_OF: Record<StudyPage, StudyArtefactKind> = {
  summary: 'summary',
  mindmap: 'mindmap',
  chat: 'chunks',
  decks: 'flashcards',
  learn: 'learn_path',
};

const OVERLAY_OF: Record<StudyPage, LoadingOverlayType> = {
  summary: 'summary',
  mindmap: 'mindmap',
  chat: 'chat',
  decks: 'default',
  learn: 'default',
};

/** Failures a bigger plan lifts: they offer the plans next to Retry. */
const QUOTA_KEYS = new Set(['mindMapQuota', 'deckQuota']);

/**
 * Failures that say the file itself has too little text (the local engine's, the model engine's): making it again
 * gives the same answer, so the student is told once what to do instead of being offered Retry.
 */
const TOO_LITTLE_TEXT_KEYS = new Set<string>(TOO_LITTLE_TEXT_ERROR_KEYS);

/** How often a tab asks for progress while its file is read or its artefact made. */
const POLL_MS = 1_500;

/**
 * What every study tab does before it has something to show: no open file → the tab's empty state; the file being
 * read or its artefact being made → the progress, with the matching loading overlay when it starts; a failure → the
 * reason in the reader's language and a retry (and the plans, for a used-up allowance); ready → `children`.
 */
export function ArtefactFrame({
  page,
  noFile,
  whileGenerating,
  children,
}: {
  page: StudyPage;
  /** What the tab shows with no file open (the route passes the shell's empty state). */
  noFile: ReactNode;
  /** What the tab shows while its file is read or its artefact made, given the progress the frame would show alone. */
  whileGenerating?: (file: StudyFile, progress: ReactNode) => ReactNode;
  children: (file: StudyFile) => ReactNode;
}) {
  const { file, loading, sharedUnavailable } = useStudyFile();
  const sharedCourse = Boolean(useSearch({ strict: false }).uuid);
  if (loading) return <FrameSkeleton />;
  if (sharedUnavailable) return sharedCourse ? <SharedUnavailable /> : <OwnFileUnavailable />;
  if (!file) return <>{noFile}</>;
  return (
    <ArtefactGate page={page} file={file} whileGenerating={whileGenerating}>
      {children}
    </ArtefactGate>
  );
}

function ArtefactGate({
  page,
  file,
  whileGenerating,
  children,
}: {
  page: StudyPage;
  file: StudyFile;
  whileGenerating: ((file: StudyFile, progress: ReactNode) => ReactNode) | undefined;
  children: (file: StudyFile) => ReactNode;
}) {
  const trpc = useTRPC();
  const kind = ARTEFACT_OF[page];
  const status = useQuery({
    ...trpc.file.getProcessingStatus.queryOptions({ fileId: file.id, ...file.shared }),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const artefact = data.artefacts[kind].status;
      const waiting = isProcessing(data.status) || artefact === null || artefact === 'queued' || artefact === 'running';
      return waiting && data.status !== 'failed' ? POLL_MS : false;
    },
  });
  const data = status.data;
  const artefact = data?.artefacts[kind];
  const generating =
    !!data && data.status !== 'failed' && (isProcessing(data.status) || !artefact?.status || artefact.status === 'queued' || artefact.status === 'running');
  useGeneratingOverlay(generating, OVERLAY_OF[page]);

  if (status.isPending) return <FrameSkeleton />;
  if (status.isError || !data || !artefact) return <FrameError page={page} onRetry={() => void status.refetch()} />;
  if (data.status === 'failed') return <FileFailed file={{ ...data, id: file.id }} />;
  if (generating) {
    const progress = <Generating page={page} reading={isProcessing(data.status)} progress={ocrProgressOf(data)} states={data.artefacts} />;
    return whileGenerating ? <>{whileGenerating(file, progress)}</> : progress;
  }
  if (artefact.status === 'failed' && artefact.errorKey && TOO_LITTLE_TEXT_KEYS.has(artefact.errorKey)) return <TooLittleText file={file} />;
  if (artefact.status === 'failed' && artefact.errorKey === 'noFlashcards') {
    // Nothing in the file reads as a card (no definitions, no key sentences): making it again gives the same. The
    // student's own decks and cards still work here, so the tab opens, saying why there is no generated deck.
    return (
      <>
        <NoGeneratedCards />
        {children(file)}
      </>
    );
  }
  if (artefact.status === 'failed') {
    return (
      <ArtefactFailed
        page={page}
        fileId={file.id}
        kind={kind}
        errorKey={artefact.errorKey}
        error={artefact.error}
        params={artefact.errorParams}
        canRetry={file.canRegenerate}
      />
    );
  }
  return <>{children(file)}</>;
}

/** Opens the tab's loading overlay once when generation is first seen; it closes by itself (spec §2 Loading). */
function useGeneratingOverlay(generating: boolean, type: LoadingOverlayType) {
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (generating && opened.current === null) opened.current = openLoadingOverlay(type, { autoCloseMs: 5_000 });
    if (!generating && opened.current !== null) {
      closeLoadingOverlay(opened.current);
      opened.current = null;
    }
  }, [generating, type]);
  useEffect(
    () => () => {
      if (opened.current !== null) closeLoadingOverlay(opened.current);
    },
    [],
  );
}

/** A shared course's file the student may not study (unknown link, hidden file, access lost): said plainly. */
/** A file the tab may not show: what happened in plain words, and the ways on. */
function Unavailable({ testId, icon, title, description, children }: { testId: string; icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Panel testId={testId}>
      {icon}
      <h1 className="mt-5 text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </Panel>
  );
}

function SharedUnavailable() {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <Unavailable
      testId="study-shared-unavailable"
      icon={<Link2Off aria-hidden="true" className="size-9 text-muted-foreground" />}
      title={t('landing.notFoundTitle')}
      description={t('landing.notFoundDescription')}
    >
      <Button asChild>
        <Link to="/courses">{t('landing.findCourse')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/dashboard">{t('landing.dashboard')}</Link>
      </Button>
    </Unavailable>
  );
}

/** An address naming a file that is not (or no longer) the student's own: said plainly, with the way back. */
function OwnFileUnavailable() {
  const { t } = useTranslation(['study', 'sharing']);
  return (
    <Unavailable
      testId="study-file-unavailable"
      icon={<FileText aria-hidden="true" className="size-9 text-muted-foreground" />}
      title={t('frame.fileUnavailable.title')}
      description={t('frame.fileUnavailable.description')}
    >
      <Button asChild>
        <Link to="/dashboard">{t('sharing:landing.dashboard')}</Link>
      </Button>
    </Unavailable>
  );
}

function FrameSkeleton() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-8 md:px-8" data-testid="study-frame-loading">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function Panel({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <section data-testid={testId} className="mx-4 my-10 flex max-w-xl flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm sm:mx-auto sm:w-full md:my-16">
      {children}
    </section>
  );
}

const STEP_ORDER: StudyArtefactKind[] = ['chunks', 'summary', 'mindmap', 'flashcards', 'learn_path'];

function Generating({
  page,
  reading,
  progress,
  states,
}: {
  page: StudyPage;
  reading: boolean;
  /** While OCR reads a scan or a photo page by page: how far it has come. */
  progress: ReadingProgress | null;
  states: Record<StudyArtefactKind, { status: string | null }>;
}) {
  const { t } = useTranslation(['study', 'errors']);
  const readingPageText = useReadingPageText();
  const done = STEP_ORDER.filter((kind) => states[kind].status === 'ready' || states[kind].status === 'failed').length;
  // Reading is the first tenth of the way; page by page when OCR says how far it is.
  const readPercent = progress ? Math.max(1, Math.round((progress.done / progress.total) * 10)) : 5;
  const percent = reading ? readPercent : Math.round(10 + (done / STEP_ORDER.length) * 90);
  return (
    <Panel testId="study-generating">
      <Loader2 aria-hidden="true" className="size-9 animate-spin text-primary" />
      <h1 className="mt-5 text-xl font-bold tracking-tight">{reading ? t('frame.reading') : t(`frame.making.${page}`)}</h1>
      {reading && progress && (
        <p className="mt-2 text-sm font-medium text-sky-700 dark:text-sky-400" aria-live="polite" data-testid="study-reading-progress">
          {readingPageText(progress)}
        </p>
      )}
      <p className="mt-2 text-sm text-muted-foreground">{t('frame.makingHint')}</p>
      <div
        className="mt-6 h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('frame.progress')}
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-6 grid w-full gap-2 text-left text-sm">
        {STEP_ORDER.map((kind) => {
          const state = reading ? null : states[kind].status;
          return (
            <li key={kind} className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2" data-testid={`study-step-${kind}`}>
              <span>{t(`frame.artefact.${kind}`)}</span>
              <span className="text-muted-foreground">{t(`frame.state.${state ?? 'waiting'}`)}</span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function FileFailed({ file }: { file: { id: string; error: string | null; errorKey: string | null; errorParams: unknown } }) {
  // The failure's reason is an ingest message key (lib/file-failure).
  const { t } = useTranslation(['study', 'ingest', 'errors']);
  const { retry, retryingId } = useRetryProcessing();
  return (
    <Panel testId="study-file-failed">
      <AlertTriangle aria-hidden="true" className="size-9 text-destructive" />
      <h1 className="mt-5 text-xl font-bold tracking-tight">{t('frame.fileFailed')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{fileFailureReason(file, t)}</p>
      <Button className="mt-6" onClick={() => retry(file.id)} disabled={retryingId === file.id}>
        <RotateCcw aria-hidden="true" />
        {t('frame.retry')}
      </Button>
    </Panel>
  );
}

/**
 * The file has too little running text for this tab (and so for the others): one message about the file, the same
 * on every tab, with what helps — a longer document — and no Retry, which would make the same nothing again.
 */
function NoGeneratedCards() {
  const { t } = useTranslation('study');
  return (
    // As wide as the Flashcards tab's own content below it.
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 md:px-8 md:pt-10">
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200"
        data-testid="study-no-generated-cards"
      >
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('frame.noGeneratedCards')}
      </p>
    </div>
  );
}

function TooLittleText({ file }: { file: StudyFile }) {
  const { t } = useTranslation(['study', 'errors']);
  return (
    <Panel testId="study-too-little-text">
      <FileText aria-hidden="true" className="size-9 text-muted-foreground" />
      <h1 className="mt-5 text-xl font-bold tracking-tight">{t('frame.tooLittleText.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('frame.tooLittleText.description', { name: file.name })}</p>
      {file.canRegenerate && !file.shared && (
        <Button asChild className="mt-6">
          <Link to="/dashboard/upload" search={{ directoryId: file.directory.id }}>
            <Upload aria-hidden="true" />
            {t('frame.tooLittleText.upload')}
          </Link>
        </Button>
      )}
    </Panel>
  );
}

function ArtefactFailed({
  page,
  fileId,
  kind,
  errorKey,
  error,
  params,
  canRetry,
}: {
  page: StudyPage;
  fileId: string;
  kind: StudyArtefactKind;
  errorKey: string | null;
  error: string | null;
  params: Record<string, string | number> | null;
  /** Only the file's owner makes an artefact again; a member of a shared course is told so. */
  canRetry: boolean;
}) {
  const { t } = useTranslation(['study', 'common', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const regenerate = useMutation(
    trpc.file.regenerateArtefact.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.file.getProcessingStatus.queryFilter({ fileId })),
      onError: (failure) => toast.error(errorMessage(failure, t, t('frame.retryFailed'))),
    }),
  );
  const reason = errorKey ? t(errorKey, { ...(params ?? {}), defaultValue: error ?? t('frame.failedUnknown') }) : (error ?? t('frame.failedUnknown'));
  return (
    <Panel testId="study-artefact-failed">
      <AlertTriangle aria-hidden="true" className="size-9 text-destructive" />
      <h1 className="mt-5 text-xl font-bold tracking-tight">{t(`frame.failed.${page}`)}</h1>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="study-failure-reason">
        {reason}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {canRetry ? (
          <Button onClick={() => regenerate.mutate({ fileId, artefact: kind })} disabled={regenerate.isPending}>
            <RotateCcw aria-hidden="true" />
            {t('frame.retry')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="study-owner-retries">
            {t('frame.ownerRetries')}
          </p>
        )}
        {errorKey && QUOTA_KEYS.has(errorKey) && (
          <Button asChild variant="outline">
            <Link to="/settings" search={{ mode: 'plans' }}>
              <Sparkles aria-hidden="true" />
              {t('frame.upgrade')}
            </Link>
          </Button>
        )}
      </div>
    </Panel>
  );
}

function FrameError({ page, onRetry }: { page: StudyPage; onRetry: () => void }) {
  const { t } = useTranslation(['study', 'errors']);
  return (
    <Panel testId="study-frame-error">
      <AlertTriangle aria-hidden="true" className="size-9 text-destructive" />
      <h1 className="mt-5 text-xl font-bold tracking-tight">{t(`frame.failed.${page}`)}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('frame.loadFailed')}</p>
      <Button className="mt-6" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {t('frame.retry')}
      </Button>
    </Panel>
  );
}
