import { ChevronDown, ListTree } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface TocEntry {
  /** The id of the element the entry scrolls to. */
  id: string;
  label: string;
  /** A section's number ('' for an unnumbered section among numbered ones); the overview and the key terms have none. */
  number?: string;
}

/** Scrolls a section into view (below the sticky header, by its scroll margin) and moves the focus to its heading. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  const heading = target.querySelector<HTMLElement>('[data-toc-heading]');
  heading?.focus({ preventScroll: true });
}

/**
 * The entry being read: the first section whose top part is in view below the header. It stays on the last one seen
 * while a long section fills the screen.
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const order = key.split(' ');
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = order.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      // The band from under the sticky header to 45 % of the screen counts as "being read".
      { rootMargin: '-120px 0px -55% 0px' },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    // At the very bottom the last entries may never reach the band: the last one is then the one being read.
    const atEnd = () => {
      const last = order.at(-1);
      if (last && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4) setActive(last);
    };
    window.addEventListener('scroll', atEnd, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', atEnd);
    };
  }, [key]);
  return active;
}

function TocList({ entries, active, onChoose }: { entries: readonly TocEntry[]; active?: string; onChoose: (id: string) => void }) {
  return (
    <ol className="space-y-0.5">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            onClick={() => onChoose(entry.id)}
            aria-current={entry.id === active ? 'location' : undefined}
            data-testid="summary-toc-entry"
            className="group flex w-full items-start gap-2.5 rounded-md border-l-2 border-transparent py-1.5 pr-2 pl-3 text-left text-sm leading-snug text-muted-foreground transition-colors hover:bg-muted/70 hover:text-foreground aria-[current=location]:border-primary aria-[current=location]:bg-primary/8 aria-[current=location]:font-semibold aria-[current=location]:text-foreground"
          >
            {entry.number !== undefined && (
              <span className="mt-px min-w-4 shrink-0 text-xs font-semibold text-muted-foreground/80 tabular-nums group-aria-[current=location]:text-primary-tint-foreground">
                {entry.number}
              </span>
            )}
            <span className="min-w-0 break-words">{entry.label}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The contents beside the summary on wide screens: stays in view while the page scrolls. */
export function StickyContents({ entries, active }: { entries: readonly TocEntry[]; active?: string }) {
  const { t } = useTranslation('summary');
  return (
    <nav aria-label={t('contents')} data-testid="summary-toc" className="sticky top-32 max-h-[calc(100dvh-9rem)] overflow-y-auto pb-6">
      <p className="mb-3 flex items-center gap-2 pl-3 text-xs font-bold tracking-wider text-muted-foreground uppercase">
        <ListTree aria-hidden="true" className="size-4" />
        {t('contents')}
      </p>
      <TocList entries={entries} active={active} onChoose={scrollToSection} />
    </nav>
  );
}

/** The contents above the summary on phones and narrower screens: closed until asked for, closing again on a choice. */
export function CollapsibleContents({ entries, active, className }: { entries: readonly TocEntry[]; active?: string; className?: string }) {
  const { t } = useTranslation('summary');
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label={t('contents')} data-testid="summary-toc-collapsible" className={cn('rounded-xl border border-border bg-card', className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="summary-toc-toggle"
        className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold"
      >
        <ListTree aria-hidden="true" className="size-4 text-primary" />
        <span className="flex-1">{t('contents')}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">{entries.length}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')} />
      </button>
      <div id={listId} hidden={!open} className="border-t border-border px-1 py-2">
        <TocList
          entries={entries}
          active={active}
          onChoose={(id) => {
            // Folded first, so the scroll lands where the section is once the list is gone.
            flushSync(() => setOpen(false));
            scrollToSection(id);
          }}
        />
      </div>
    </nav>
  );
}
