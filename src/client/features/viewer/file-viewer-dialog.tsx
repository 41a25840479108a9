import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FileImage, FileQuestion, FileText, FileType, LoaderCircle, NotebookPen, Presentation, RotateCcw, Video, X, type LucideIcon } from 'lucide-react';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { errorData, errorMessage } from '../../lib/errors';
import { closeFileViewer, useFileViewerState, type FileViewerState } from '../../lib/file-viewer';
import { useTRPC } from '../../lib/trpc';
import { ImageView } from './image-view';
import { TextLoading } from './text-view-states';
import { TextPagesView } from './text-pages-view';
import { VideoView } from './video-view';
import { DownloadButton, PageSkeleton, ViewerMessage } from './viewer-layout';
import { filePagesInput, isExtracting, viewerKind, type ViewerFile, type ViewerKind } from './viewer-kind';

/** pdf.js is large: its code arrives only when a PDF is opened, never with the app's first load. */
const loadPdfViewer = () => import('./pdf-viewer');
let PdfViewer = lazy(loadPdfViewer);
/** So are the Markdown parsers, the sanitiser and KaTeX: they arrive when a Markdown note is opened. */
const loadMarkdownNoteView = () => import('./markdown-note-view');
let MarkdownNoteView = lazy(loadMarkdownNoteView);

/** While a file is still being read, its state is asked again this often. */
const STATUS_POLL_MS = 3_000;

/**
 * The fullscreen file viewer of spec §2, mounted once by the app layout and opened through `openFileViewer` (lib/
 * file-viewer.ts). Escape and the close button close it; the focus goes back where it was.
 */
export function FileViewerDialog() {
  const state = useFileViewerState();
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) closeFileViewer();
      }}
    >
      {state && <ViewerFrame key={state.openingId} request={state} />}
    </Dialog>
  );
}

const KIND_ICON: Record<ViewerKind, LucideIcon> = {
  pdf: FileText,
  image: FileImage,
  text: FileType,
  markdown: NotebookPen,
  video: Video,
  unsupported: FileQuestion,
};

function ViewerFrame({ request }: { request: FileViewerState }) {
  const { t } = useTranslation(['viewer', 'errors']);
  const trpc = useTRPC();
  const uuid = request.uuid;
  const query = useQuery({
    ...trpc.file.getFilePages.queryOptions({ ...filePagesInput({ id: request.fileId, uuid }), withText: false }),
    // Asked afresh on every opening (it is small): a file renamed, deleted or read meanwhile shows as it is now.
    staleTime: 0,
    refetchInterval: (current) => (current.state.data && isExtracting(current.state.data.file.status) ? STATUS_POLL_MS : false),
  });
  const file: ViewerFile | undefined = query.data ? { ...query.data.file, uuid } : undefined;
  const kind = file ? viewerKind(file) : undefined;
  const Icon = kind ? (file?.extension === 'pptx' ? Presentation : KIND_ICON[kind]) : FileText;
  // Opened from anywhere (not a DialogTrigger): closing gives the focus back to what had it, if it is still there.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  return (
    <DialogContent
      hideClose
      aria-describedby={undefined}
      data-testid="file-viewer"
      data-kind={kind}
      onOpenAutoFocus={(event) => {
        // Focus the dialog itself rather than its first button; the document takes it over once it is there.
        event.preventDefault();
        (event.currentTarget as HTMLElement | null)?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (opener instanceof HTMLElement && opener.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
      className="inset-0 top-0 left-0 grid h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 grid-cols-[minmax(0,1fr)_auto] grid-rows-[auto_minmax(0,1fr)_auto] gap-0 overflow-hidden rounded-none border-0 bg-background p-0 shadow-none [grid-template-areas:'title_actions'_'content_content'_'controls_controls'] focus:outline-none sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:grid-rows-[auto_minmax(0,1fr)] sm:[grid-template-areas:'title_controls_actions'_'content_content_content']"
    >
      <div aria-hidden="true" className="border-b border-border bg-card shadow-sm [grid-area:1/1/2/-1]" />
      <div className="relative flex min-h-14 min-w-0 items-center gap-3 py-2 pr-2 pl-3 [grid-area:title] sm:pl-5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="flex min-w-0 flex-col">
          <DialogTitle className="truncate text-sm leading-tight font-bold sm:text-base" data-testid="viewer-title">
            {file?.name ?? t('dialogLabel')}
          </DialogTitle>
          {file && (
            <span className="truncate text-xs text-muted-foreground uppercase" data-testid="viewer-subtitle">
              {kind === 'video'
                ? t('video.title')
                : file.pageCount && kind !== 'image'
                  ? t('subtitle', { ext: file.extension, count: file.pageCount })
                  : file.extension}
            </span>
          )}
        </div>
      </div>
      <div className="relative flex items-center justify-end gap-1.5 pr-2 [grid-area:actions] sm:gap-2 sm:pl-2 sm:pr-4">
        {file?.stored && <DownloadButton file={file} compact />}
        <DialogClose asChild>
          <Button variant="ghost" size="icon" aria-label={t('close')} data-testid="viewer-close">
            <X aria-hidden="true" className="size-5!" />
          </Button>
        </DialogClose>
      </div>
      <ViewerBody query={query} file={file} kind={kind} initialPage={request.page} passage={request.passage} />
    </DialogContent>
  );
}

function ViewerBody({
  query,
  file,
  kind,
  initialPage,
  passage,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  file: ViewerFile | undefined;
  kind: ViewerKind | undefined;
  initialPage: number | undefined;
  /** The passage to mark on the initial page (decision 014). */
  passage: string | undefined;
}) {
  const { t } = useTranslation(['viewer', 'errors']);
  if (query.isPending) {
    return <ViewerMessage icon={LoaderCircle} busy title={t('loading')} testId="viewer-loading" />;
  }
  if (query.isError || !file || !kind) {
    const notFound = errorData(query.error)?.httpStatus === 404;
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('loadFailed')}
        testId="viewer-error"
        actions={
          !notFound && (
            <Button size="sm" onClick={() => void query.refetch()} data-testid="viewer-retry">
              <RotateCcw aria-hidden="true" />
              {t('retry')}
            </Button>
          )
        }
      >
        {notFound ? errorMessage(query.error, t, t('loadFailedHint')) : t('loadFailedHint')}
      </ViewerMessage>
    );
  }
  switch (kind) {
    case 'pdf':
      return (
        <ChunkBoundary
          title={t('pdf.loadFailed')}
          testId="viewer-pdf-error"
          onRetry={() => {
            PdfViewer = lazy(loadPdfViewer);
          }}
        >
          <Suspense fallback={<PageSkeleton />}>
            <PdfViewer file={file} initialPage={initialPage} passage={passage} />
          </Suspense>
        </ChunkBoundary>
      );
    case 'markdown':
      return (
        <ChunkBoundary
          title={t('markdown.loadFailed')}
          testId="viewer-markdown-error"
          onRetry={() => {
            MarkdownNoteView = lazy(loadMarkdownNoteView);
          }}
        >
          <Suspense fallback={<TextLoading />}>
            <MarkdownNoteView file={file} initialPage={initialPage} passage={passage} />
          </Suspense>
        </ChunkBoundary>
      );
    case 'image':
      return <ImageView file={file} />;
    case 'video':
      return <VideoView file={file} />;
    case 'text':
      return <TextPagesView file={file} initialPage={initialPage} passage={passage} />;
    case 'unsupported':
      return (
        <ViewerMessage
          icon={FileQuestion}
          title={t('unsupported')}
          testId="viewer-unsupported"
          actions={file.stored && <DownloadButton file={file} />}
        >
          {t('unsupportedHint')}
        </ViewerMessage>
      );
  }
}

/**
 * A lazily loaded view's code could not be fetched (offline, or a new version deployed meanwhile): say so and offer to
 * try again; `onRetry` makes the view import its code afresh.
 */
class ChunkBoundary extends Component<{ children: ReactNode; title: string; testId: string; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ChunkFailed
        title={this.props.title}
        testId={this.props.testId}
        onRetry={() => {
          this.props.onRetry();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

function ChunkFailed({ title, testId, onRetry }: { title: string; testId: string; onRetry: () => void }) {
  const { t } = useTranslation(['viewer', 'errors']);
  return (
    <ViewerMessage
      icon={AlertTriangle}
      tone="error"
      title={title}
      testId={testId}
      actions={
        <Button size="sm" onClick={onRetry} data-testid="viewer-retry">
          <RotateCcw aria-hidden="true" />
          {t('retry')}
        </Button>
      }
    >
      {t('pdf.network')}
    </ViewerMessage>
  );
}
