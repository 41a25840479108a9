import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../lib/trpc';
import { whenIdle } from '../../lib/when-idle';

/** The browser's IANA time zone ('Europe/Berlin'), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const KEPT_ZONE_KEY = 'studypath.timeZone';
/** How long a zone read from the browser is trusted before it is read again (a traveller's next check). */
export const ZONE_FRESH_MS = 6 * 60 * 60 * 1000;

/**
 * The browser's time zone, read at most every six hours and kept in localStorage between: the first
 * Intl.DateTimeFormat of a page costs about 30 ms of a phone's main thread (120 ms at Lighthouse's 4× slowdown).
 */
export function currentTimeZone(now = Date.now()): string | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT_ZONE_KEY) ?? 'null') as { zone?: unknown; at?: unknown } | null;
    if (kept && typeof kept.zone === 'string' && typeof kept.at === 'number' && now - kept.at >= 0 && now - kept.at < ZONE_FRESH_MS) return kept.zone;
  } catch {
    // Storage refused or a value not ours: read the zone.
  }
  const zone = browserTimeZone();
  try {
    if (zone) window.localStorage.setItem(KEPT_ZONE_KEY, JSON.stringify({ zone, at: now }));
  } catch {
    // Storage full or refused: read again next time.
  }
  return zone;
}

/**
 * Tells the server the browser's time zone once per session when it differs from the one the user's days are counted
 * in (streaks and quests reset at the user's midnight). Renders nothing. A refusal (an unknown zone) is not retried.
 */
export function TimeZoneReporter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const progress = useQuery(trpc.gamification.getProgress.queryOptions());
  const reported = useRef(false);
  const setTimeZone = useMutation(
    trpc.user.setTimeZone.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.gamification.pathFilter());
      },
    }),
  );
  const serverZone = progress.data?.timeZone;
  const { mutate } = setTimeZone;
  useEffect(() => {
    if (reported.current || !serverZone) return;
    // Once the page is idle: reading the zone is a first Intl.DateTimeFormat, slow on a phone during the first render.
    return whenIdle(
      () => {
        const zone = currentTimeZone();
        if (reported.current || !zone || zone === serverZone) return;
        reported.current = true;
        mutate({ timeZone: zone });
      },
      { timeout: 3000, fallbackMs: 500 },
    );
  }, [serverZone, mutate]);
  return null;
}
