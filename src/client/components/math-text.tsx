import { Fragment, useMemo, useSyncExternalStore } from 'react';
import { type MathSegment, mathSegments } from '../lib/math-syntax';

// The app's one rule for formulas, from here, so that every screen with maths shares one small chunk.
export { escapeCurrency, mayHaveMath, withoutMathDelimiters } from '../lib/math-syntax';
import type * as MathRender from './math-render';

type MathModule = typeof MathRender;

/** KaTeX's chunk, once loaded: shared by every text with a formula, which are drawn again when it arrives. */
let loaded: MathModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads KaTeX's chunk once; if it cannot be loaded, formulas stay as their source and the next text asks again. */
function loadMath(): void {
  if (loaded || loading) return;
  loading = import('./math-render').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loadMath();
  return () => listeners.delete(listener);
}

const current = () => loaded;
const none = () => null;
const noSubscription = () => () => {};

/**
 * KaTeX for a text that has a formula (`wanted`): null until its chunk is in (the caller shows the source meanwhile),
 * then the module, at once for every later text. Never loads anything for a text without one, and never suspends.
 */
export function useMath(wanted: boolean): MathModule | null {
  const module = useSyncExternalStore(wanted ? subscribe : noSubscription, current, none);
  return wanted ? module : null;
}

function Formula({ segment, math }: { segment: Extract<MathSegment, { kind: 'math' }>; math: MathModule | null }) {
  const html = useMemo(() => math?.renderMath(segment.tex, segment.display), [math, segment.tex, segment.display]);
  if (html === undefined) return <>{segment.source}</>;
  return (
    <span
      className={segment.display ? 'my-2 block max-w-full overflow-x-auto overflow-y-hidden' : undefined}
      data-math={segment.display ? 'display' : 'inline'}
      // KaTeX's own markup for the formula, which KaTeX escapes; trust: false keeps links and HTML out (math-render.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Whether the segment at `index` is a display formula (a block of its own, which the text beside does not indent). */
const isDisplay = (segments: MathSegment[], index: number) => {
  const segment = segments[index];
  return segment?.kind === 'math' && segment.display;
};

function Formulas({ segments }: { segments: MathSegment[] }) {
  const math = useMath(true);
  return segments.map((segment, index) => {
    if (segment.kind === 'math') return <Formula key={index} segment={segment} math={math} />;
    // Beside a drawn display formula, the spaces and line breaks that set it apart in the source would show (items keep
    // their line breaks) as a blank line or an indent.
    let text = segment.text;
    if (math && isDisplay(segments, index - 1)) text = text.replace(/^\s+/, '');
    if (math && isDisplay(segments, index + 1)) text = text.replace(/\s+$/, '');
    return <Fragment key={index}>{text}</Fragment>;
  });
}

/**
 * A plain text (a card's side, a challenge, an option, a node's label, a quote) with its `$…$` and `$$…$$` formulas
 * drawn by KaTeX and everything else as the text it is — no markdown, no markup. A text without a formula renders as
 * the bare string, at once; with one, its source shows until KaTeX's chunk is in (no Suspense, nothing flashes away).
 * Currency ("$5 and $10") is text, by the same rule as the Summary tab's markdown (lib/math-syntax.ts).
 */
export function MathText({ text }: { text: string }) {
  const segments = useMemo(() => mathSegments(text), [text]);
  if (!segments) return <>{text}</>;
  return <Formulas segments={segments} />;
}
