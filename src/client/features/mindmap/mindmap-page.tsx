import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { StudyFile } from '../../lib/use-study-file';
import { lazyReadAhead } from '../../lib/read-ahead';

/** The drawing, d3-hierarchy and the export live in their own chunk, read ahead with the page. */
const MindmapView = lazyReadAhead(() => import('./mindmap-view'));

/** Until measured: the viewport less the phone's top and bottom bars, or the header with its tabs. */
const PAGE_HEIGHT = 'h-[calc(100dvh-3.5rem-1px-5rem)] md:h-[calc(100dvh-6.75rem)]';
/** Below this the map gets too cramped to use; the page scrolls instead. */
const MIN_HEIGHT = 380;

function subscribeToResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** Without a window (a render on the server): no height yet, as before the canvas is placed. */
const serverFillHeight = (): null => null;

/**
 * The height that fills the window from the element's top down to the bottom of <main> less its bottom padding (the
 * room kept for the phone's tab bar), so the canvas fills the screen whatever the shell's header holds.
 */
function useFillHeight(element: HTMLElement | null): number | null {
  return useSyncExternalStore(subscribeToResize, () => {
    if (!element) return null;
    const main = element.closest('main');
    const padding = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
    const top = element.getBoundingClientRect().top + window.scrollY;
    return Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - padding));
  }, serverFillHeight);
}

/** The Mindmap tab of an open file whose mind map is ready (the study frame waits for that). */
export function MindmapPage({ file }: { file: StudyFile }) {
  const { t } = useTranslation(['mindmap', 'errors']);
  const trpc = useTRPC();
  const query = useQuery(trpc.mindmap.get.queryOptions({ fileId: file.id }));
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const height = useFillHeight(element);
  return (
    <div ref={setElement} className={height ? undefined : PAGE_HEIGHT} style={height ? { height } : undefined} data-testid="page-mindmap-ready">
      {query.isPending ? (
        <MapSkeleton />
      ) : query.isError ? (
        <section data-testid="mindmap-error" className="mx-auto my-10 flex max-w-xl flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm md:my-16">
          <AlertTriangle aria-hidden="true" className="size-9 text-destructive" />
          <h1 className="mt-5 text-xl font-bold tracking-tight">{t('loadFailed')}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{errorMessage(query.error, t, t('loadFailedHint'))}</p>
          <Button className="mt-6" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('retry')}
          </Button>
        </section>
      ) : (
        <Suspense fallback={<MapSkeleton />}>
          {/* A map made again (other ids) starts afresh. */}
          <MindmapView key={String(query.data.createdAt)} file={file} map={query.data} />
        </Suspense>
      )}
    </div>
  );
}

function MapSkeleton() {
  const { t } = useTranslation('mindmap');
  return (
    <div className="flex h-full flex-col" data-testid="mindmap-loading" aria-busy="true">
      <span className="sr-only" role="status">
        {t('loading')}
      </span>
      <div className="flex items-center gap-3 border-b border-border px-4 py-3 md:px-6">
        <Skeleton className="size-10 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-5 w-56" />
        </div>
        <Skeleton className="size-10" />
        <Skeleton className="size-10" />
        <Skeleton className="h-10 w-24" />
      </div>
      <div className="flex flex-1 items-center gap-10 overflow-hidden px-8">
        <Skeleton className="h-14 w-40 shrink-0 rounded-2xl" />
        <div className="space-y-6">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-10 w-36 rounded-xl" />
          ))}
        </div>
        <div className="hidden space-y-3 md:block">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} className="h-8 w-44 rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
