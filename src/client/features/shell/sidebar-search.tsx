import { Search, SearchX, X } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../components/ui/input';
import { filterByQuery, splitByQuery } from './search-match';

export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('shell');
  return (
    <div role="search" className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && value && onChange('')}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        data-testid="sidebar-search"
        className="h-9 bg-card pr-8 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );
}

/**
 * An entry of the sidebar search: the text it matches on and how it draws itself with the highlighted label. Other
 * features (courses and files) hand theirs to the shell in this shape.
 */
export interface SidebarSearchItem {
  key: string;
  text: string;
  render: (label: ReactNode) => ReactNode;
}

/** The text with every stretch matching the query marked. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return splitByQuery(text, query).map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-points/35 px-px text-inherit">
        {part.text}
      </mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

/**
 * The items matching the query, each rendered by the caller with its highlighted label; a friendly note when nothing
 * matches. Generic over the item, so files, courses and shared courses all list the same way.
 */
export function SearchResults<T>({
  query,
  items,
  textOf,
  keyOf,
  renderItem,
}: {
  query: string;
  items: readonly T[];
  textOf: (item: T) => string;
  keyOf: (item: T) => string;
  renderItem: (item: T, label: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('shell');
  const matches = filterByQuery(items, query, textOf);
  return (
    <section aria-label={t('search.results')} className="px-2" data-testid="sidebar-search-results">
      <p role="status" className="sr-only">
        {t('search.count', { count: matches.length })}
      </p>
      {matches.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-muted">
            <SearchX aria-hidden="true" className="size-5 text-muted-foreground" />
          </span>
          <p className="text-sm font-semibold break-all">{t('search.noMatches', { query: query.trim() })}</p>
          <p className="text-xs leading-relaxed text-muted-foreground">{t('search.noMatchesHint')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {matches.map((item) => (
            <li key={keyOf(item)}>{renderItem(item, <HighlightedText text={textOf(item)} query={query} />)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
