import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_HINT_MS, shareLinkPath } from '../../../shared/sharing';
import { copyText } from '../../lib/clipboard';

/** The full share link of a space (spec §2 /space/{uuid}) on this app's origin. */
export const shareLink = (uuid: string) => `${window.location.origin}${shareLinkPath(uuid)}`;

export function copyShareLink(uuid: string): Promise<void> {
  return copyText(shareLink(uuid));
}

/**
 * Copies a space's link; `copied` is true (the hint shows) for COPY_HINT_MS after each copy (spec §9: 5 s), and a
 * second copy restarts the wait. Rejects when the browser refuses to copy.
 */
export function useCopyLink(uuid: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(async () => {
    await copyShareLink(uuid);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_HINT_MS);
  }, [uuid]);
  return { copied, copy };
}
