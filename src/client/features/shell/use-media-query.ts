import { useCallback, useSyncExternalStore } from 'react';
import { minWidthMatches } from '../../../shared/viewport-cookie';

/** Tailwind's md and lg breakpoints, for the parts of the shell that render on one side of them only. */
export const MEDIUM_UP = '(min-width: 48rem)';
export const LARGE_UP = '(min-width: 64rem)';

/**
 * The window width a render without a window (on the server, at build time) lays the shell out for: the desktop's
 * unless a server render for a known phone sets it (server-render.tsx; renders there take turns, so one value serves).
 */
let renderWidth = Number.POSITIVE_INFINITY;

export function setRenderWidth(width: number | undefined): void {
  renderWidth = width ?? Number.POSITIVE_INFINITY;
}

/**
 * Whether a media query matches, kept in sync with the window. The shell renders either the desktop or the phone
 * variant of a control, never both hidden by CSS, so every test id and landmark exists once in the document.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  // Environments without matchMedia (jsdom) get the desktop layout.
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => minWidthMatches(query, renderWidth) ?? true,
  );
}
