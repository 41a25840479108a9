/**
 * Runs `work` once the browser is idle (within `timeout` ms at the latest), or after `fallbackMs` where there is no
 * requestIdleCallback (Safari). Answers a function that cancels it if it has not run yet.
 */
export function whenIdle(work: () => void, { timeout, fallbackMs }: { timeout: number; fallbackMs: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(timer);
}
