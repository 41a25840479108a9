import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../components/math-text';
import { Tooltip } from '../../components/ui/tooltip';
import { openFileViewer } from '../../lib/file-viewer';
import type { ChatCitation } from './chat-types';

/** The file's name without its extension, for a chip ("Lecture 3.pdf" → "Lecture 3"). */
const shortName = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '');

/** A source under an answer: "file · p. N", its quote on hover, opening the viewer at the page. */
export function CitationChip({ number, citation }: { number: number; citation: ChatCitation }) {
  const { t } = useTranslation('chat');
  const file = shortName(citation.fileName);
  return (
    <Tooltip
      content={
        <span className="block max-w-xs">
          <MathText text={citation.quote} />
        </span>
      }
    >
      <button
        type="button"
        data-testid="chat-citation"
        data-page={citation.page}
        onClick={() => openFileViewer({ fileId: citation.fileId, page: citation.page, passage: citation.quote })}
        aria-label={t('citationLabel', { file, page: citation.page })}
        className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-background px-2.5 py-1 text-xs font-medium text-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="grid size-4 shrink-0 place-items-center rounded-full bg-primary/15 text-[0.65rem] font-bold text-primary">{number}</span>
        <FileText aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="truncate">{t('citation', { file, page: citation.page })}</span>
      </button>
    </Tooltip>
  );
}

/** A marker inside an answer's text: a small numbered chip opening the cited page. */
export function CitationMarker({ number, citation }: { number: number; citation: ChatCitation }) {
  const { t } = useTranslation('chat');
  const file = shortName(citation.fileName);
  return (
    <button
      type="button"
      data-testid="chat-citation-marker"
      onClick={() => openFileViewer({ fileId: citation.fileId, page: citation.page, passage: citation.quote })}
      aria-label={t('citationLabel', { file, page: citation.page })}
      title={t('citation', { file, page: citation.page })}
      className="mx-0.5 inline-grid h-[1.15rem] min-w-[1.15rem] -translate-y-px place-items-center rounded-full bg-primary/15 px-1 align-middle text-[0.7rem] font-bold text-primary not-italic transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {number}
    </button>
  );
}
