import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

/** A stored summary as summary.get answers it (null there while it has not been made). */
export type SummaryData = NonNullable<inferRouterOutputs<AppRouter>['summary']['get']>;

/** The sections summarised so far while a long file is read, as summary.getDraft answers them (null there when none). */
export type SummaryDraftData = NonNullable<inferRouterOutputs<AppRouter>['summary']['getDraft']>;

/** What the summary needs of its file: the viewer opens it at cited pages, which may be marked as read with low confidence. */
export interface SummaryFile {
  id: string;
  name: string;
  extension: string;
  /** False for a member of a shared course: only the owner regenerates. */
  canRegenerate?: boolean;
  /** Pages OCR read with low confidence: points and terms from them say so. */
  lowConfidencePages?: readonly number[] | null;
}
