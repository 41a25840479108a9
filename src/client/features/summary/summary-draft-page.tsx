import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { SummaryFile } from './summary-data';

/** The draft's sections render with the summary's markdown renderer, which arrives only when there is a draft. */
const SummaryDraftView = lazy(() => import('./summary-draft-view'));

/** How often the tab asks for newer sections while a long file is read. */
const POLL_MS = 1_500;

/**
 * The Summary tab while its file is read or its summary made: the sections summarised so far of a long file
 * (summary.getDraft) with how far reading has come, or the frame's progress (`progress`) while there are none. The
 * frame shows the summary itself in their place once it is made.
 */
export function SummaryDraftPage({ file, context, progress }: { file: SummaryFile; context: { uuid?: string; id?: string }; progress: ReactNode }) {
  const trpc = useTRPC();
  const draft = useQuery({ ...trpc.summary.getDraft.queryOptions({ fileId: file.id, ...context }), refetchInterval: POLL_MS });
  if (!draft.data) return <>{progress}</>;
  return (
    <Suspense fallback={progress}>
      <SummaryDraftView draft={draft.data} file={file} />
    </Suspense>
  );
}
