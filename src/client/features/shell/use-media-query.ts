import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's md and lg breakpoints, for the parts of the shell that render on one side of them only. */
export const MEDIUM_UP = '(min-width: 48rem)';
export const LARGE_UP = '(min-width: 64rem)';

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
    () => true,
  );
}
