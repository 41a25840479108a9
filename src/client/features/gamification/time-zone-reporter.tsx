import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../lib/trpc';

/** The browser's IANA time zone ('Europe/Berlin'), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
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
    const zone = browserTimeZone();
    if (!zone || zone === serverZone) return;
    reported.current = true;
    mutate({ timeZone: zone });
  }, [serverZone, mutate]);
  return null;
}
