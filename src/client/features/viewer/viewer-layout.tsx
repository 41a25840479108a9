import { Download, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { fileContentUrl, type ViewerFile } from './viewer-kind';

/**
 * The viewer is one grid (see FileViewerDialog): title and actions on top; the page controls beside them on wide
 * screens and in a bar at the bottom on phones, within thumb reach; the content fills the rest. Every body (PDF, text,
 * video, messages) renders its parts into these areas.
 */
export function ViewerContent({
  children,
  className,
  scrollRef,
  label,
  testId,
}: {
  children: ReactNode;
  className?: string;
  /** Given for the scrolling document: it becomes focusable and takes the focus when the viewer opens. */
  scrollRef?: (node: HTMLDivElement | null) => void;
  label?: string;
  testId?: string;
}) {
  const own = useRef<HTMLDivElement | null>(null);
  const scrolls = scrollRef !== undefined;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      scrollRef?.(node);
    },
    [scrollRef],
  );
  useEffect(() => {
    const node = own.current;
    // The dialog focuses itself on opening; hand the focus on so arrows, Page Up/Down and Space scroll the document.
    if (scrolls && node && document.activeElement === node.closest('[role="dialog"]')) node.focus({ preventScroll: true });
  }, [scrolls]);
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      role={label ? 'region' : undefined}
      aria-label={label}
      data-testid={testId}
      className={cn(
        'relative min-h-0 overflow-auto overscroll-contain bg-muted/60 [grid-area:content] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function ViewerControls({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      data-testid="viewer-controls"
      className="flex items-center justify-center gap-1 border-t border-border bg-card px-2 py-1.5 [grid-area:controls] sm:border-t-0 sm:bg-transparent sm:px-0 sm:py-0"
    >
      {children}
    </div>
  );
}

/** A centred state of the viewer: loading, not ready, failed, unsupported. */
export function ViewerMessage({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'neutral',
  busy = false,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  busy?: boolean;
  testId?: string;
}) {
  return (
    <ViewerContent className="flex items-center justify-center p-6">
      <div
        role={tone === 'error' ? 'alert' : 'status'}
        data-testid={testId}
        className="flex max-w-md flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-8 text-center shadow-sm"
      >
        <span
          className={cn(
            'flex size-12 items-center justify-center rounded-full',
            tone === 'error' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
          )}
        >
          <Icon aria-hidden="true" className={cn('size-6', busy && 'animate-spin')} />
        </span>
        <p className="text-base font-bold text-foreground">{title}</p>
        {children && <div className="text-sm leading-relaxed text-muted-foreground">{children}</div>}
        {actions && <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{actions}</div>}
      </div>
    </ViewerContent>
  );
}

/** The file's stored bytes, saved under its own name (same origin, so the `download` attribute applies). */
export function DownloadButton({ file, compact = false }: { file: Pick<ViewerFile, 'id' | 'uuid' | 'name'>; compact?: boolean }) {
  const name = file.name;
  const { t } = useTranslation('viewer');
  return (
    <Button asChild variant="outline" size="sm" className={cn(compact && 'max-sm:w-8 max-sm:px-0')}>
      <a href={fileContentUrl(file)} download={name} aria-label={t('downloadFile', { name })} data-testid="viewer-download">
        <Download aria-hidden="true" />
        <span className={cn(compact && 'max-sm:sr-only')}>{t('download')}</span>
      </a>
    </Button>
  );
}

/** A blank page while a document loads (also the fallback while the PDF viewer's code arrives). */
export function PageSkeleton() {
  const { t } = useTranslation('viewer');
  return (
    <ViewerContent>
      <div className="flex justify-center px-2 py-3 sm:px-6 sm:py-6" role="status" aria-label={t('loading')} data-testid="viewer-loading">
        <div className="flex aspect-[1/1.414] w-full max-w-[min(100%,800px)] flex-col gap-4 rounded-sm bg-white p-[8%] shadow-md">
          <Skeleton className="h-6 w-3/5 bg-slate-200" />
          <Skeleton className="h-3 w-full bg-slate-100" />
          <Skeleton className="h-3 w-11/12 bg-slate-100" />
          <Skeleton className="h-3 w-full bg-slate-100" />
          <Skeleton className="h-3 w-4/5 bg-slate-100" />
          <Skeleton className="mt-4 h-3 w-full bg-slate-100" />
          <Skeleton className="h-3 w-10/12 bg-slate-100" />
        </div>
      </div>
    </ViewerContent>
  );
}
