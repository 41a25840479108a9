import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { bringPassageIntoView, PASSAGE_MARK_ATTRIBUTE } from './passage-mark';

/** Where in the scroll area a page counts as the one being read: a third of the way down. */
const READING_LINE = 0.35;
/** Room left above a page scrolled to, so its top edge stays in view under the toolbar's shadow. */
const SCROLL_MARGIN = 16;

function slotsOf(container: HTMLElement) {
  return container.querySelectorAll<HTMLElement>('[data-page-slot]');
}

/** The page whose slot crosses the reading line (binary search: slots are in page order, top to bottom). */
function pageAtReadingLine(container: HTMLElement): number | null {
  const slots = slotsOf(container);
  if (slots.length === 0) return null;
  const atBottom = container.scrollTop + container.clientHeight >= container.scrollHeight - 2;
  const last = slots[slots.length - 1];
  if (atBottom && container.scrollTop > 0 && last) return Number(last.dataset.pageSlot);
  const line = container.getBoundingClientRect().top + container.clientHeight * READING_LINE;
  let low = 0;
  let high = slots.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const slot = slots[middle];
    if (slot && slot.getBoundingClientRect().top <= line) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return Number(slots[found]?.dataset.pageSlot ?? 1);
}

/**
 * The page being read in a scrolling column of pages (elements marked `data-page-slot={n}`), and a way to scroll to
 * one. Shared by the PDF and the text view, so "Page x of n" behaves the same in both.
 */
export function usePageTracking(total: number) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(1);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || total === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const page = pageAtReadingLine(container);
      if (page !== null) setCurrent(page);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      container.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [total]);

  const scrollToPage = useCallback((page: number, behavior: ScrollBehavior = 'auto') => {
    const container = containerRef.current;
    const slot = container?.querySelector<HTMLElement>(`[data-page-slot="${page}"]`);
    if (!container || !slot) return;
    const offset = slot.getBoundingClientRect().top - container.getBoundingClientRect().top;
    const top = container.scrollTop + offset - SCROLL_MARGIN;
    if (behavior === 'smooth' && typeof container.scrollTo === 'function') container.scrollTo({ top, behavior });
    else container.scrollTop = top;
    setCurrent(page);
  }, []);

  /** The scroll area's ref callback. */
  const attach = useCallback((node: HTMLDivElement | null) => {
    containerRef.current = node;
  }, []);

  return { containerRef, attach, current, scrollToPage };
}

/**
 * Once a column of `total` pages is there: scrolls to the page the viewer was opened at (when past the first), then
 * brings the cited passage, when one is marked (`[data-passage-mark="first"]`), to the middle of the view. Once per
 * opening; the text and the Markdown view share it.
 */
export function useOpeningScroll({
  total,
  initialPage,
  containerRef,
  scrollToPage,
}: {
  total: number;
  initialPage: number | undefined;
  containerRef: RefObject<HTMLDivElement | null>;
  scrollToPage: (page: number) => void;
}) {
  const scrolledTo = useRef(false);
  useLayoutEffect(() => {
    if (scrolledTo.current || total === 0) return;
    scrolledTo.current = true;
    if (initialPage && initialPage > 1) scrollToPage(Math.min(initialPage, total));
    const scroller = containerRef.current;
    const mark = scroller?.querySelector(`[${PASSAGE_MARK_ATTRIBUTE}="first"]`);
    if (scroller && mark) bringPassageIntoView(scroller, mark);
  }, [total, initialPage, scrollToPage, containerRef]);
}
