import { useSyncExternalStore } from 'react';

/**
 * One value held at module level for the whole app, such as which of the app's single dialogs or overlays is open, so
 * any page, callback or router hook can change it without being inside a provider. `useValue` re-renders its readers
 * on each change; `initial` is also what a server render sees.
 */
export function createModuleStore<T>(initial: T) {
  let current = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: (): T => current,
    set: (next: T) => {
      current = next;
      for (const listener of listeners) listener();
    },
    useValue: (): T =>
      useSyncExternalStore(
        subscribe,
        () => current,
        () => initial,
      ),
  };
}
