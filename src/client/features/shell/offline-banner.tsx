import { Link, useRouterState } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useOffline } from '../../lib/offline/use-offline';
import { whenIdle } from '../../lib/when-idle';

/**
 * The signed-in user's ratings outbox (lib/offline/outbox.ts), started once the page is idle: ratings left from a
 * visit that ended offline are sent, and any the server refused for good (their card was deleted since) are reported.
 * And the app page kept for starting offline, with this user signed in (lib/offline/service-worker.ts).
 */
function useOutbox(userId: string | undefined) {
  const { t } = useTranslation('shell');
  const reported = useRef(0);
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () =>
      void import('../../lib/offline/outbox').then(({ startOutbox, subscribeOutbox }) => {
        if (cancelled) return;
        stop = subscribeOutbox((status) => {
          if (status.dropped <= reported.current) return;
          toast.error(t('offline.dropped', { count: status.dropped - reported.current }));
          reported.current = status.dropped;
        });
        void startOutbox(userId);
      });
    const keepPage = () =>
      void import('../../lib/offline/service-worker').then(({ keepAppPage }) => (cancelled ? undefined : keepAppPage())).catch(() => undefined);
    const both = () => {
      start();
      keepPage();
    };
    const cancelIdle = whenIdle(both, { timeout: 3000, fallbackMs: 1000 });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [t, userId]);
}

/**
 * A line above the page while there is no connection: what still works (flashcards kept on this device) and the way
 * there. Not on the offline review itself, which says so in its own words.
 */
export function OfflineBanner({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation('shell');
  const offline = useOffline();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useOutbox(userId);
  if (!offline || !userId || pathname === '/offline') return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-muted px-4 py-2 text-sm" data-testid="offline-banner">
      <CloudOff aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 text-muted-foreground">{t('offline.banner')}</span>
      <Link to="/offline" className="font-semibold text-primary-tint-foreground underline-offset-4 hover:underline" data-testid="offline-review-link">
        {t('offline.review')}
      </Link>
    </div>
  );
}
