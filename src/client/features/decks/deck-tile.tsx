import { Download, FileSpreadsheet, List, MoreHorizontal, PenLine, Play, Plus, RefreshCw, Sparkles } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { CountBadges } from './count-badges';
import { deckTitle, type DeckSummary } from './decks-data';
import { relativeDue } from './format';
import type { ExportFormat } from './use-deck-actions';

/** One deck on the tab: what it is, the caller's counts, and Study, Cards and the deck's menu. */
export function DeckTile({
  deck,
  onStudy,
  onManage,
  onAddCard,
  onExport,
  onRegenerate,
  exporting,
}: {
  deck: DeckSummary;
  onStudy: () => void;
  onManage: () => void;
  onAddCard: () => void;
  onExport: (format: ExportFormat) => void;
  onRegenerate: () => void;
  exporting: ExportFormat | null;
}) {
  const { t, i18n } = useTranslation('decks');
  const { counts } = deck;
  const title = deckTitle(deck, t);
  const Icon = deck.generated ? Sparkles : PenLine;
  return (
    <article
      data-testid="deck"
      data-generated={deck.generated}
      aria-labelledby={`deck-${deck.id}-title`}
      className="flex min-w-0 flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={
            deck.generated
              ? 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary'
              : 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-500/12 text-sky-700 dark:text-sky-300'
          }
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`deck-${deck.id}-title`} className="truncate text-lg leading-tight font-bold" data-testid="deck-title" title={title}>
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="deck-total">
            {deck.generated ? t('deck.generated') : t('deck.own')} · {t('deck.cardCount', { count: counts.total })}
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('deck.menu', { deck: title })} data-testid="deck-menu">
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>{t('export.label')}</DropdownMenuLabel>
            <DropdownMenuItem data-testid="deck-export-csv" disabled={counts.total === 0 || exporting !== null} onSelect={() => onExport('csv')}>
              <FileSpreadsheet aria-hidden="true" />
              {t('export.csv')}
            </DropdownMenuItem>
            <DropdownMenuItem data-testid="deck-export-anki" disabled={counts.total === 0 || exporting !== null} onSelect={() => onExport('anki')}>
              <Download aria-hidden="true" />
              {t('export.anki')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem data-testid="deck-add-card" onSelect={onAddCard}>
              <Plus aria-hidden="true" />
              {t('addCard')}
            </DropdownMenuItem>
            {deck.generated && (
              <DropdownMenuItem data-testid="deck-regenerate" onSelect={onRegenerate}>
                <RefreshCw aria-hidden="true" />
                {t('regenerate.action')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {counts.total === 0 ? (
        <div className="mt-5 flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-6 text-center" data-testid="deck-empty">
          <p className="text-sm font-semibold">{t('deck.emptyTitle')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('deck.emptyHint')}</p>
          <Button size="sm" className="mt-4" onClick={onAddCard} data-testid="deck-empty-add">
            <Plus aria-hidden="true" />
            {t('addCard')}
          </Button>
        </div>
      ) : (
        <>
          <CountBadges counts={counts.toStudyBy} className="mt-5" />
          <DeckProgress counts={counts} />
          <p className="mt-3 text-sm text-muted-foreground" data-testid="deck-status">
            {deckStatus(counts, t, i18n.language)}
          </p>
        </>
      )}

      <div className="mt-auto flex gap-2 pt-5">
        <Button className="flex-1" disabled={counts.toStudy === 0} onClick={onStudy} data-testid="deck-study">
          <Play aria-hidden="true" />
          {t('deck.study')}
        </Button>
        <Button variant="outline" onClick={onManage} data-testid="deck-cards">
          <List aria-hidden="true" />
          {t('deck.cards')}
        </Button>
      </div>
    </article>
  );
}

/** What studying the deck looks like now: cards waiting, today's new cards done, or when the next one is due. */
function deckStatus(counts: DeckSummary['counts'], t: TFunction, language: string): string {
  if (counts.toStudy > 0) return t('deck.toStudy', { count: counts.toStudy });
  if (counts.new > 0 && counts.newLeftToday === 0) return t('deck.newTomorrow');
  if (counts.nextDue) return t('deck.caughtUpNext', { when: relativeDue(counts.nextDue, new Date(), language) });
  return t('deck.caughtUp');
}

/** How much of the deck this user has learned: a bar split into new, learning, due and learned. */
function DeckProgress({ counts }: { counts: DeckSummary['counts'] }) {
  const { t } = useTranslation('decks');
  const learned = Math.max(0, counts.total - counts.new - counts.learning - counts.due);
  const parts = [
    { key: 'learned', value: learned, className: 'bg-primary' },
    { key: 'due', value: counts.due, className: 'bg-primary/45' },
    { key: 'learning', value: counts.learning, className: 'bg-amber-500/70' },
  ];
  const seen = counts.total - counts.new;
  return (
    <div className="mt-4">
      <div
        className="flex h-2 overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={t('deck.progress', { seen, total: counts.total })}
      >
        {parts.map((part) =>
          part.value > 0 ? <span key={part.key} className={part.className} style={{ width: `${(part.value / counts.total) * 100}%` }} /> : null,
        )}
      </div>
    </div>
  );
}
