import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Lightbulb, PenLine, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useTRPC } from '../../lib/trpc';
import { CardFormDialog } from './card-form-dialog';
import { Notice } from '../../components/ui/notice';
import { DecksSkeleton } from './decks-layout';
import { deckTitle, type DecksFile, type DeckSummary, type SharedContext } from './decks-data';
import { DeckTile } from './deck-tile';
import { useCardEditing, useExportDeck, useRegenerateDeck } from './use-deck-actions';

/** Counts move as cards come due: the list is read again each minute while it is shown. */
const REFRESH_MS = 60_000;

type AddTarget = { deckId: string; name: string } | { fileId: string; name: string };

/** The tab's first view: the file's decks with their counts, and adding a card to "My cards". */
export function DeckOverview({
  file,
  context,
  onStudy,
  onManage,
}: {
  file: DecksFile;
  context: SharedContext;
  onStudy: (deckId: string) => void;
  onManage: (deckId: string) => void;
}) {
  const { t } = useTranslation('decks');
  const trpc = useTRPC();
  const decks = useQuery({ ...trpc.decks.list.queryOptions({ fileId: file.id, ...context }), refetchInterval: REFRESH_MS });
  const { addCard } = useCardEditing(context);
  const { exportDeck, exporting } = useExportDeck(context);
  const regenerate = useRegenerateDeck(file.id);
  const [adding, setAdding] = useState<AddTarget | null>(null);
  const [regenerating, setRegenerating] = useState(false);

  if (decks.isPending) return <DecksSkeleton />;
  if (decks.isError) {
    return (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} title={t('loadFailed.title')} description={t('loadFailed.description')} testId="decks-load-failed">
        <Button className="mt-6" onClick={() => void decks.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('loadFailed.retry')}
        </Button>
      </Notice>
    );
  }

  const own = decks.data.find((deck) => !deck.generated);
  const addToOwn = (): AddTarget => (own ? { deckId: own.id, name: deckTitle(own, t) } : { fileId: file.id, name: t('myCards') });
  const toStudy = decks.data.reduce((sum, deck) => sum + deck.counts.toStudy, 0);
  // No card at all (nothing generated, none written yet): "all caught up" would be untrue.
  const cardCount = decks.data.reduce((sum, deck) => sum + deck.counts.total, 0);
  const exportingOf = (deck: DeckSummary) => (exporting?.startsWith(`${deck.id}:`) ? (exporting.split(':')[1] as 'csv' | 'anki') : null);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-8 md:py-10" data-testid="decks-overview">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-muted-foreground">{file.name}</p>
          <h1 className="mt-1 text-2xl font-extrabold tracking-tight md:text-3xl">{t('title')}</h1>
          <p className="mt-1.5 text-sm text-muted-foreground" data-testid="decks-summary">
            {toStudy > 0 ? t('overview.toStudy', { count: toStudy }) : cardCount === 0 ? t('overview.noCardsYet') : t('overview.caughtUp')}
          </p>
        </div>
        <Button variant="outline" onClick={() => setAdding(addToOwn())} data-testid="decks-add-card">
          <Plus aria-hidden="true" />
          {t('addCard')}
        </Button>
      </header>

      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
        {decks.data.map((deck) => (
          <DeckTile
            key={deck.id}
            deck={deck}
            onStudy={() => onStudy(deck.id)}
            onManage={() => onManage(deck.id)}
            onAddCard={() => setAdding({ deckId: deck.id, name: deckTitle(deck, t) })}
            onExport={(format) => void exportDeck(deck.id, format)}
            onRegenerate={() => setRegenerating(true)}
            exporting={exportingOf(deck)}
          />
        ))}
        {!own && (
          <section className="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-border px-6 py-8 text-center" data-testid="own-deck-placeholder">
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-sky-500/12 text-sky-700 dark:text-sky-300">
              <PenLine className="size-5" />
            </span>
            <h2 className="mt-4 font-bold">{t('own.title')}</h2>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('own.description')}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => setAdding(addToOwn())}>
              <Plus aria-hidden="true" />
              {t('addCard')}
            </Button>
          </section>
        )}
      </div>

      <aside className="mt-8 flex gap-3 rounded-xl bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
        <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p data-testid="decks-tip">
          {/* Keys mean nothing on a touch screen: the tip there is only how to rate. */}
          <span className="touch:hidden" data-testid="decks-keys-tip">
            {t('overview.keys')}{' '}
          </span>
          {t('overview.tip')}
        </p>
      </aside>

      <CardFormDialog
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        mode="add"
        deckName={adding?.name ?? ''}
        onSubmit={(values) => {
          if (!adding) return Promise.resolve();
          return addCard('deckId' in adding ? { deckId: adding.deckId } : { fileId: adding.fileId }, values);
        }}
      />
      <ConfirmDialog
        open={regenerating}
        onOpenChange={setRegenerating}
        severity="medium"
        title={t('regenerate.title')}
        description={t('regenerate.description')}
        confirmLabel={t('regenerate.confirm')}
        onConfirm={() => regenerate.mutateAsync({ fileId: file.id, ...context })}
      />
    </div>
  );
}
