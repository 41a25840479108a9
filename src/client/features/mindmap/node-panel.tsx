import { useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronRight, FileSearch, Minus, Plus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText, withoutMathDelimiters } from '../../components/math-text';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useFileViewer } from '../../lib/file-viewer';
import { isFromLowConfidencePage } from '../../lib/ocr';
import { useTRPC } from '../../lib/trpc';
import type { StudyFile } from '../../lib/use-study-file';
import { BRANCH_COLOURS, type LayoutNode, type MindmapNode } from './layout';

/**
 * The details of the chosen node: where it sits (its ancestors), its full label, its source passage with the sentence
 * that supports it marked, its page (said to be read with low confidence where OCR was unsure of it), and a button
 * opening the file viewer at that page. A side panel on wide screens, a bottom sheet on phones.
 */
export function NodePanel({
  file,
  node,
  layoutNode,
  ancestors,
  narrow,
  focusOnOpen,
  onClose,
  onToggle,
}: {
  file: StudyFile;
  node: MindmapNode;
  layoutNode: LayoutNode | undefined;
  ancestors: MindmapNode[];
  narrow: boolean;
  /** Moves focus into the panel when it opens (it was opened from the keyboard or by a click, not by moving focus). */
  focusOnOpen: boolean;
  onClose: () => void;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation(['mindmap', 'errors']);
  const heading = useRef<HTMLHeadingElement>(null);
  const { viewFile } = useFileViewer();
  const passage = usePassage(file.id, node.id);
  // The sentence the map's own passage finder marked, else the node's label: the viewer marks it on the page.
  const hint = passage.data?.passage?.highlight
    ? passage.data.passage.text.slice(passage.data.passage.highlight.start, passage.data.passage.highlight.end)
    : node.label;
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus({ preventScroll: true });
  }, [focusOnOpen, node.id]);

  const hasChildren = node.children.length > 0;
  const collapsed = layoutNode?.collapsed ?? true;
  const branch = layoutNode?.branch ?? -1;
  return (
    <aside
      data-testid="mindmap-panel"
      aria-labelledby="mindmap-panel-title"
      className={cn(
        'mm absolute z-10 flex flex-col border border-border bg-card text-card-foreground shadow-2xl',
        narrow
          ? 'inset-x-0 bottom-0 max-h-[58%] rounded-t-3xl border-b-0 pb-[env(safe-area-inset-bottom)]'
          : 'top-3 right-3 bottom-3 w-[22rem] rounded-2xl',
      )}
    >
      {narrow && <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-10 shrink-0 rounded-full bg-muted-foreground/30" />}
      <div className="flex items-start gap-2 px-5 pt-4 pb-2">
        <div className="min-w-0 flex-1">
          {ancestors.length > 0 && (
            <ol aria-label={t('panel.path')} className="flex min-w-0 flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
              {ancestors.map((ancestor, index) => (
                <li key={ancestor.id} className="flex min-w-0 items-center gap-1">
                  {index > 0 && <ChevronRight aria-hidden="true" className="size-3 shrink-0" />}
                  <span className="max-w-[10rem] truncate">{withoutMathDelimiters(ancestor.label)}</span>
                </li>
              ))}
            </ol>
          )}
          <h2
            id="mindmap-panel-title"
            ref={heading}
            tabIndex={-1}
            data-testid="mindmap-panel-title"
            className="mt-1.5 text-lg leading-snug font-bold tracking-tight text-balance break-words focus:outline-none"
          >
            <span aria-hidden="true" className={cn('mr-2 inline-block size-2.5 -translate-y-0.5 rounded-full', branch < 0 ? 'bg-primary' : `mm-dot-${branch % BRANCH_COLOURS}`)} />
            <MathText text={node.label} />
          </h2>
        </div>
        <Button variant="ghost" size="icon" className="-mt-1 -mr-2 size-11 shrink-0" onClick={onClose} aria-label={t('panel.close')} data-testid="mindmap-panel-close">
          <X aria-hidden="true" className="size-5!" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-4" data-panel-scroll>
        <Passage fileId={file.id} nodeId={node.id} page={node.page} />
        {isFromLowConfidencePage(file.lowConfidencePages, node.page) && <LowConfidenceMark page={node.page} variant="text" className="mt-3" />}
      </div>
      <div className="flex flex-wrap gap-2 border-t border-border px-5 py-3">
        <Button className="min-h-11 flex-1" onClick={() => viewFile(file, node.page, hint)} data-testid="mindmap-open-page">
          <BookOpen aria-hidden="true" />
          {t('panel.openPage', { page: node.page })}
        </Button>
        {hasChildren && (
          <Button variant="outline" className="min-h-11" onClick={() => onToggle(node.id)} data-testid="mindmap-panel-toggle">
            {collapsed ? <Plus aria-hidden="true" /> : <Minus aria-hidden="true" />}
            {collapsed ? t('panel.expand', { count: layoutNode?.hiddenCount ?? node.children.length }) : t('panel.collapse')}
          </Button>
        )}
      </div>
    </aside>
  );
}

/** The node's source passage on its page, as the server finds it (asked once per node, shared by the panel's parts). */
function usePassage(fileId: string, nodeId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.mindmap.getPassage.queryOptions({ fileId, nodeId }), staleTime: 5 * 60_000 });
}

function Passage({ fileId, nodeId, page }: { fileId: string; nodeId: string; page: number }) {
  const { t } = useTranslation(['mindmap', 'errors']);
  const query = usePassage(fileId, nodeId);
  return (
    <section aria-labelledby="mindmap-source-title" className="mt-2" aria-busy={query.isPending}>
      <div className="flex items-center justify-between gap-3">
        <h3 id="mindmap-source-title" className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <FileSearch aria-hidden="true" className="size-3.5" />
          {t('panel.source')}
        </h3>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground" data-testid="mindmap-panel-page">
          {t('panel.page', { page })}
        </span>
      </div>
      {query.isPending ? (
        <div className="mt-3 space-y-2" data-testid="mindmap-passage-loading">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/6" />
        </div>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-destructive" role="alert">
          {errorMessage(query.error, t, t('panel.passageFailed'))}
        </p>
      ) : !query.data.passage ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('panel.noPassage', { page })}</p>
      ) : (
        <>
          {query.data.heading && <p className="mt-3 text-sm font-semibold">{query.data.heading}</p>}
          <blockquote
            data-testid="mindmap-passage"
            className="mt-2 rounded-xl border-l-4 border-primary/50 bg-muted/50 px-4 py-3 text-[0.9375rem] leading-relaxed"
          >
            <HighlightedText text={query.data.passage.text} highlight={query.data.passage.highlight} />
          </blockquote>
          {!query.data.passage.matched && <p className="mt-2 text-xs text-muted-foreground">{t('panel.unmatched', { page })}</p>}
        </>
      )}
    </section>
  );
}

function HighlightedText({ text, highlight }: { text: string; highlight: { start: number; end: number } | null }) {
  const mark = useRef<HTMLElement>(null);
  // A short panel (a phone's sheet) scrolls the marked sentence into view.
  useEffect(() => {
    const element = mark.current;
    const scroller = element?.closest<HTMLElement>('[data-panel-scroll]');
    if (!element || !scroller) return;
    const top = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    if (top + element.offsetHeight > scroller.clientHeight) scroller.scrollTop += top - scroller.clientHeight / 4;
  }, [text, highlight]);
  if (!highlight) return <MathText text={text} />;
  return (
    <>
      <MathText text={text.slice(0, highlight.start)} />
      <mark ref={mark} className="rounded bg-primary/15 px-0.5 text-foreground dark:bg-primary/25">
        <MathText text={text.slice(highlight.start, highlight.end)} />
      </mark>
      <MathText text={text.slice(highlight.end)} />
    </>
  );
}
