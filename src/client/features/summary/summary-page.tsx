import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Hourglass, RotateCcw } from 'lucide-react';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useTRPC } from '../../lib/trpc';
import type { SummaryFile } from './summary-data';
import { lazyReadAhead } from '../../lib/read-ahead';

/** The view with its markdown renderer (react-markdown; KaTeX only for a formula, markdown.tsx): its own chunk, read ahead with the page. */
const SummaryView = lazyReadAhead(() => import('./summary-view'));

/**
 * The Summary tab's content for a file whose summary is ready (the study frame shows progress and failures before):
 * loads it, names the browser tab, and shows it — or why it cannot, with a way to try again.
 */
export function SummaryPage({ file, context }: { file: SummaryFile; context: { uuid?: string; id?: string } }) {
  const { t } = useTranslation(['summary', 'shell']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.summary.get.queryOptions({ fileId: file.id, ...context }));
  // Once a new summary is on its way the frame replaces this page by the progress; the old summary leaves the cache
  // with it, so the page that comes back with the new one starts from its skeleton rather than from the old text.
  const replaced = useRef(false);
  useEffect(
    () => () => {
      if (replaced.current) queryClient.removeQueries(trpc.summary.get.queryFilter({ fileId: file.id }));
    },
    [queryClient, trpc, file.id],
  );
  const title = t('shell:documentTitle', { page: t('summary:pageTitle') });
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (query.isPending) return <SummarySkeleton />;
  if (query.isError) {
    return (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} testId="summary-load-failed" title={t('loadFailed.title')} description={t('loadFailed.description')}>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('loadFailed.retry')}
        </Button>
      </Notice>
    );
  }
  if (!query.data) {
    return (
      <Notice icon={<Hourglass aria-hidden="true" className="size-9 text-primary" />} testId="summary-missing" title={t('missing.title')} description={t('missing.description')}>
        <Button className="mt-6" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCcw aria-hidden="true" />
          {t('missing.retry')}
        </Button>
      </Notice>
    );
  }
  return (
    <Suspense fallback={<SummarySkeleton />}>
      <SummaryView
        summary={query.data}
        file={file}
        onRegenerated={() => {
          replaced.current = true;
        }}
      />
    </Suspense>
  );
}

function Notice({ icon, title, description, testId, children }: { icon: ReactNode; title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <section data-testid={testId} className="mx-auto my-10 flex w-[calc(100%-2rem)] max-w-xl flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm md:my-16">
      {icon}
      <h1 className="mt-5 text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

/** The summary's shape while it loads: title, actions, overview, a section. */
export function SummarySkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 md:px-8 md:pt-10" data-testid="summary-loading" aria-busy="true">
      <div className="mx-auto max-w-3xl xl:mx-0">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-4 h-9 w-3/4" />
        <Skeleton className="mt-3 h-4 w-52" />
        <div className="mt-5 flex gap-2">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-8 w-28" />
        </div>
        <Skeleton className="mt-8 h-28 w-full rounded-2xl" />
        <Skeleton className="mt-10 h-7 w-1/2" />
        <div className="mt-5 space-y-3 md:pl-10">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      </div>
    </div>
  );
}
