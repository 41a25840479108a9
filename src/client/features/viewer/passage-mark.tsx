import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { locatePassage } from '../../../shared/passage-match';

/**
 * The cited passage marked on a page (issue 22, decision 014): the viewer is opened with a passage hint (a chat quote,
 * a summary point, a card...) and marks the sentence of the page that matches it — in the text view as <mark>s in the
 * page's paragraphs, in the PDF view over the text layer's spans. A screen reader hears "Cited passage" where the mark
 * starts. Where nothing on the page matches well enough, nothing is marked.
 */

export const PASSAGE_MARK_ATTRIBUTE = 'data-passage-mark';

/** Where a passage scrolled to stands: a bit above the page tracker's reading line, so "Page n" stays its page. */
const PASSAGE_VIEW_LINE = 0.3;

/** Scrolls the column so the passage's first mark is in view (near the top third), unless it is in view already. */
export function bringPassageIntoView(scroller: HTMLElement, mark: Element): void {
  const view = scroller.getBoundingClientRect();
  const box = mark.getBoundingClientRect();
  if (box.top >= view.top && box.bottom <= view.bottom) return;
  scroller.scrollTop += box.top - view.top - view.height * PASSAGE_VIEW_LINE;
}

/** A part of one paragraph to mark, in that paragraph's offsets. */
export interface ParagraphMark {
  start: number;
  end: number;
}

const PARAGRAPH_BREAK = '\n\n';

/** Where the passage is in a page's paragraphs: one part per paragraph it covers, null for the others. */
export function markParagraphs(paragraphs: readonly string[], passage: string | undefined): Array<ParagraphMark | null> {
  const none = paragraphs.map(() => null);
  if (!passage) return none;
  const range = locatePassage(paragraphs.join(PARAGRAPH_BREAK), passage);
  if (!range) return none;
  let offset = 0;
  return paragraphs.map((paragraph) => {
    const start = Math.max(range.start - offset, 0);
    const end = Math.min(range.end - offset, paragraph.length);
    offset += paragraph.length + PARAGRAPH_BREAK.length;
    return end > start ? { start, end } : null;
  });
}

const MARK_LOOK =
  'rounded-[3px] bg-amber-200/80 px-0.5 -mx-0.5 text-foreground [box-decoration-break:clone] ring-1 ring-amber-400/60 dark:bg-amber-400/25 dark:ring-amber-300/40';

/** One part of the passage, marked; the first part says what the mark is to a screen reader. */
export function PassageMark({ first, children }: { first: boolean; children: ReactNode }): ReactNode {
  const { t } = useTranslation('viewer');
  return (
    <mark className={MARK_LOOK} data-testid="viewer-passage" {...{ [PASSAGE_MARK_ATTRIBUTE]: first ? 'first' : 'more' }}>
      {first && <span className="sr-only select-none">{`${t('passage.label')}: `}</span>}
      {children}
    </mark>
  );
}

/** A paragraph's text with its part of the passage marked. */
export function MarkedParagraph({ text, mark, first }: { text: string; mark: ParagraphMark | null; first: boolean }): ReactNode {
  if (!mark) return text;
  return (
    <Fragment>
      {text.slice(0, mark.start)}
      <PassageMark first={first}>{text.slice(mark.start, mark.end)}</PassageMark>
      {text.slice(mark.end)}
    </Fragment>
  );
}

/** One text item of a pdf.js text layer: its string, whether a line ends after it, and the span showing it. */
export interface TextLayerItem {
  str: string;
  hasEOL: boolean;
  div: HTMLElement | undefined;
}

/**
 * Marks the passage over a rendered pdf.js text layer. pdf.js cuts a page's text into items anywhere (a line, part of
 * a line, a single word), so the passage is located in the items' text joined as the page reads (a line break after
 * an item ending a line) and each item it covers gets its covered part wrapped in a <mark>. Returns the first mark,
 * or null when the passage is not on the page.
 */
export function markTextLayer(items: readonly TextLayerItem[], passage: string, label: string): HTMLElement | null {
  let text = '';
  const starts: number[] = [];
  for (const item of items) {
    starts.push(text.length);
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  const range = locatePassage(text, passage);
  if (!range) return null;
  let first: HTMLElement | null = null;
  items.forEach((item, index) => {
    const itemStart = starts[index] ?? 0;
    const start = Math.max(range.start - itemStart, 0);
    const end = Math.min(range.end - itemStart, item.str.length);
    const div = item.div;
    if (end <= start || !div || div.textContent !== item.str) return;
    const mark = document.createElement('mark');
    mark.className = 'pdf-passage';
    mark.setAttribute('data-testid', 'viewer-passage');
    mark.setAttribute(PASSAGE_MARK_ATTRIBUTE, first ? 'more' : 'first');
    if (!first) {
      const said = document.createElement('span');
      said.className = 'sr-only select-none';
      said.textContent = `${label}: `;
      mark.append(said);
    }
    mark.append(item.str.slice(start, end));
    div.replaceChildren(item.str.slice(0, start), mark, item.str.slice(end));
    first ??= mark;
  });
  return first;
}
