import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback with a stable identity that always runs the latest render's code. The memoised drawing (MapScene) keeps
 * the handlers it was given, so they must not change from render to render, yet they have to act on the current
 * layout, view and selection.
 */
export function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
