import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, BookOpen, Layers, Pencil, Play, Plus, RotateCcw, Search, Trash2, X } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../components/math-text';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { openFileViewer } from '../../lib/file-viewer';
import { passageHint } from '../../../shared/passage-match';
import { isFromLowConfidencePage } from '../../lib/ocr';
import { useTRPC } from '../../lib/trpc';
import { CardFormDialog } from './card-form-dialog';
import { COUNT_LOOK } from './count-badges';
import { Notice } from '../../components/ui/notice';
import { deckTitle, type DeckCard, type DecksFile, type SharedContext } from './decks-data';
import { useCardEditing } from './use-deck-actions';

const PHASE_LOOK: Record<DeckCard['phase'], string> = {
  new: COUNT_LOOK.new,
  learning: COUNT_LOOK.learning,
  relearning: COUNT_LOOK.learning,
  review: COUNT_LOOK.due,
};

/** Search folds case and accents, so "uber" finds "Über". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** A deck's cards: search, add, edit and delete (with a confirmation). */
export function CardManager({
  file,
  deckId,
  context,
  onBack,
  onStudy,
}: {
  file: DecksFile;
  deckId: string;
  context: SharedContext;
  onBack: () => void;
  onStudy: () => void;
}) {
  const { t } = useTranslation('decks');
  const trpc = useTRPC();
  const cards = useQuery(trpc.decks.getCards.queryOptions({ deckId, ...context }));
  const decks = useQuery(trpc.decks.list.queryOptions({ fileId: file.id, ...context }));
  const { addCard, saveCard, deleteCard } = useCardEditing(context);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<DeckCard | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeckCard | null>(null);

  const shown = useMemo(() => {
    const all = cards.data?.cards ?? [];
    const needle = folded(deferredQuery.trim());
    return needle ? all.filter((card) => folded(`${card.front}\n${card.back}`).includes(needle)) : all;
  }, [cards.data, deferredQuery]);

  if (cards.isPending) return <CardsSkeleton />;
  if (cards.isError) {
    return (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} title={t('loadFailed.title')} description={t('loadFailed.description')} testId="cards-load-failed">
        <div className="mt-6 flex gap-3">
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            {t('backToDecks')}
          </Button>
          <Button onClick={() => void cards.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('loadFailed.retry')}
          </Button>
        </div>
      </Notice>
    );
  }

  const { deck } = cards.data;
  const title = deckTitle(deck, t);
  const total = cards.data.cards.length;
  const toStudy = decks.data?.find((item) => item.id === deckId)?.counts.toStudy ?? 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-8 md:py-10" data-testid="card-manager">
      <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={onBack} data-testid="back-to-decks">
        <ArrowLeft aria-hidden="true" />
        {t('backToDecks')}
      </Button>
      <header className="mt-3 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0 md:flex-1">
          <h1 className="truncate text-2xl font-extrabold tracking-tight md:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('deck.cardCount', { count: total })}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={onStudy} disabled={toStudy === 0}>
            <Play aria-hidden="true" />
            {t('deck.study')}
          </Button>
          <Button onClick={() => setEditing('new')} data-testid="cards-add">
            <Plus aria-hidden="true" />
            {t('addCard')}
          </Button>
        </div>
      </header>

      {total === 0 ? (
        <section className="mt-8 flex flex-col items-center rounded-2xl border-2 border-dashed border-border px-6 py-12 text-center" data-testid="cards-empty">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-2xl bg-primary/12 text-primary">
            <Layers className="size-6" />
          </span>
          <h2 className="mt-4 text-lg font-bold">{t('cards.emptyTitle')}</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t('cards.emptyDescription')}</p>
          <Button className="mt-5" onClick={() => setEditing('new')} data-testid="cards-empty-add">
            <Plus aria-hidden="true" />
            {t('addCard')}
          </Button>
        </section>
      ) : (
        <>
          <div className="relative mt-6">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('cards.search')}
              aria-label={t('cards.search')}
              className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
              data-testid="cards-search"
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                aria-label={t('cards.clearSearch')}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>
          <p className="mt-3 text-xs font-medium text-muted-foreground" aria-live="polite" data-testid="cards-result-count">
            {deferredQuery.trim() ? t('cards.matches', { count: shown.length, total }) : t('cards.all', { count: total })}
          </p>
          {shown.length === 0 ? (
            <p className="mt-6 rounded-xl bg-muted/60 px-4 py-8 text-center text-sm text-muted-foreground" data-testid="cards-no-match">
              {t('cards.noMatch', { query: deferredQuery.trim() })}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card" data-testid="cards-list">
              {shown.map((card, index) => (
                <CardRow
                  key={card.id}
                  card={card}
                  number={index + 1}
                  onEdit={() => setEditing(card)}
                  onDelete={() => setDeleting(card)}
                  sourceLowConfidence={isFromLowConfidencePage(file.lowConfidencePages, card.page)}
                  onOpenPage={(page) => openFileViewer({ fileId: file.id, page, passage: passageHint(card.front, card.back) })}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <CardFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        mode={editing === 'new' ? 'add' : 'edit'}
        deckName={title}
        initial={editing && editing !== 'new' ? { front: editing.front, back: editing.back } : undefined}
        onSubmit={(values) => (editing === 'new' || !editing ? addCard({ deckId }, values) : saveCard(editing.id, values))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        severity="medium"
        title={t('cards.deleteTitle')}
        description={t('cards.deleteDescription', { front: deleting ? excerpt(deleting.front) : '' })}
        confirmLabel={t('cards.delete')}
        onConfirm={() => (deleting ? deleteCard(deleting.id) : undefined)}
      />
    </div>
  );
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function CardRow({
  card,
  number,
  onEdit,
  onDelete,
  sourceLowConfidence,
  onOpenPage,
}: {
  card: DeckCard;
  number: number;
  onEdit: () => void;
  onDelete: () => void;
  /** The card's source page is one OCR read with low confidence. */
  sourceLowConfidence: boolean;
  onOpenPage: (page: number) => void;
}) {
  const { t } = useTranslation('decks');
  return (
    <li className="grid gap-3 px-4 py-4 md:grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)_14rem] md:items-start md:gap-5 md:px-5" data-testid="card-row">
      <span aria-hidden="true" className="hidden pt-0.5 text-xs font-semibold text-muted-foreground tabular-nums md:block">
        {number}
      </span>
      <div className="min-w-0">
        <p className="text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase md:hidden">{t('form.front')}</p>
        <p className="line-clamp-4 font-medium break-words whitespace-pre-wrap" data-testid="card-row-front">
          <MathText text={card.front} />
        </p>
      </div>
      <div className="min-w-0">
        <p className="text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase md:hidden">{t('form.back')}</p>
        <p className="line-clamp-4 text-sm break-words whitespace-pre-wrap text-muted-foreground" data-testid="card-row-back">
          <MathText text={card.back} />
        </p>
      </div>
      <div className="flex items-center gap-1.5 md:justify-end">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', PHASE_LOOK[card.phase])}>{t(`phase.${card.phase}`)}</span>
        {card.page !== null && (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onOpenPage(card.page ?? 1)} aria-label={t('page.open', { page: card.page })}>
            <BookOpen aria-hidden="true" />
            {t('page.short', { page: card.page })}
          </Button>
        )}
        {card.page !== null && sourceLowConfidence && <LowConfidenceMark page={card.page} />}
        <span className="flex-1 md:hidden" />
        <Button variant="ghost" size="icon" className="size-8" onClick={onEdit} aria-label={t('cards.edit')} data-testid="card-edit">
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-destructive"
          onClick={onDelete}
          aria-label={t('cards.delete')}
          data-testid="card-delete"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function CardsSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:px-8 md:py-10" data-testid="cards-loading">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="mt-5 h-8 w-64" />
      <Skeleton className="mt-8 h-10 w-full" />
      <div className="mt-4 space-y-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    </div>
  );
}
