import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the app takes over HTML made at build time (the prerendered landing page and /auth) and on that build's
 * render, true once the page runs: a form waits for it before it can be sent, since a submit before then would be the
 * browser's own (the fields in the address) rather than the app's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
