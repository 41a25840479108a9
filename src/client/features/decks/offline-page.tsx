import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, Layers, WifiOff } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { keptSessions, type KeptSession } from '../../lib/offline/kept-sessions';
import { subscribeOutbox, type OutboxStatus } from '../../lib/offline/outbox';
import { sessionQueryOptions } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOffline } from '../../lib/offline/use-offline';
import { deckTitle } from './decks-data';
import { StudySession } from './study-session';

/**
 * Study offline (/offline): the decks whose sessions are kept on this device (each deck opened online keeps its due
 * cards, lib/offline/kept-sessions.ts) with the cards due now, each studied in the same session as in the
 * Flashcards tab. Ratings go through the outbox and reach the server once each when the connection is back.
 */
export function OfflinePage({ lessons }: { lessons?: ReactNode }) {
  const { t } = useTranslation(['decks', 'shell']);
  useDocumentTitle(t('offline.title'));
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const offline = useOffline();
  const queryClient = useQueryClient();
  const [studying, setStudying] = useState<KeptSession | null>(null);
  const [outbox, setOutbox] = useState<OutboxStatus | null>(null);
  useEffect(() => subscribeOutbox(setOutbox), []);
  const kept = useQuery({
    queryKey: ['offline', 'kept-sessions', userId],
    queryFn: () => keptSessions(userId ?? ''),
    enabled: Boolean(userId),
    networkMode: 'always',
    staleTime: 0,
  });

  if (studying) {
    return (
      <StudySession
        file={studying.file}
        deckId={studying.deckId}
        context={studying.context}
        onExit={() => {
          setStudying(null);
          void queryClient.invalidateQueries({ queryKey: ['offline', 'kept-sessions'] });
        }}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:px-8 md:py-10" data-testid="offline-page">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary/12 text-primary">
          {offline ? <WifiOff className="size-5" /> : <CloudOff className="size-5" />}
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">{t('offline.title')}</h1>
          <p className="mt-1 text-muted-foreground" data-testid="offline-state">
            {offline ? t('offline.descriptionOffline') : t('offline.descriptionOnline')}
          </p>
        </div>
      </div>
      {outbox && outbox.waiting > 0 && (
        <p role="status" className="mt-4 rounded-xl bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="offline-waiting">
          {t('offline.waiting', { count: outbox.waiting })}
        </p>
      )}
      <h2 className="mt-8 text-lg font-bold tracking-tight">{t('offline.decksTitle')}</h2>
      {kept.isPending ? (
        <div className="mt-4 flex flex-col gap-3" aria-busy="true" data-testid="offline-loading">
          <div className="h-20 animate-pulse rounded-2xl bg-muted" />
          <div className="h-20 animate-pulse rounded-2xl bg-muted" />
        </div>
      ) : kept.data && kept.data.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3" data-testid="offline-decks">
          {kept.data.map((session) => (
            <li key={session.key} className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4" data-testid="offline-deck">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
                <Layers className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{deckTitle(session.deck, t)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {session.file.name} · {t('offline.cards', { count: session.cards.length })}
                </p>
              </div>
              <Button onClick={() => setStudying(session)} data-testid="offline-study">
                {t('offline.study')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-2xl border border-dashed border-border p-4" data-testid="offline-empty">
          <p className="font-semibold">{t('offline.emptyTitle')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('offline.emptyDescription')}</p>
        </div>
      )}
      {lessons}
    </div>
  );
}
