import { useEffect, useRef, useState } from 'react';

/**
 * The milliseconds left until `until` (an ISO instant from the server), ticking every `tickMs` so a countdown stays
 * live. `onElapsed` runs once when the moment passes (say, to fetch the new day's quests).
 */
export function useCountdown(until: string | null | undefined, onElapsed?: () => void, tickMs = 15_000): number | null {
  const [now, setNow] = useState(() => Date.now());
  const target = until ? Date.parse(until) : Number.NaN;
  const elapsedFor = useRef<number | null>(null);
  const elapsedCallback = useRef(onElapsed);
  useEffect(() => {
    elapsedCallback.current = onElapsed;
  }, [onElapsed]);

  useEffect(() => {
    if (Number.isNaN(target)) return;
    const tick = () => setNow(Date.now());
    // A new target is counted from this moment at once (not from the last tick), then every tickMs.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, tickMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [target, tickMs]);

  const remaining = Number.isNaN(target) ? null : target - now;
  useEffect(() => {
    if (remaining !== null && remaining <= 0 && elapsedFor.current !== target) {
      elapsedFor.current = target;
      elapsedCallback.current?.();
    }
  }, [remaining, target]);
  return remaining;
}
