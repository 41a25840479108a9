import { cn } from '../../lib/cn';
import { Markdown } from './markdown';
import { PageLink } from './page-link';
import type { SummaryFile } from './summary-data';

/** A section's key point with its source page, in the summary and in the draft shown while a long file is read. */
export function SummaryPoint({ point, file }: { point: { text: string; page: number }; file: SummaryFile }) {
  return (
    <li className="flex gap-3" data-testid="summary-point">
      {/* A table of the document (a point that is a Markdown table) stands without a bullet, in line with the text. */}
      <span aria-hidden="true" className={cn('mt-[0.7rem] size-1.5 shrink-0 rounded-full bg-primary/70', point.text.startsWith('|') && 'invisible')} />
      <Markdown text={point.text} className="flex-1 text-[0.9375rem] leading-7 md:text-base" />
      <PageLink file={file} page={point.page} passage={point.text} className="mt-0.5" />
    </li>
  );
}
