import { ArrowLeft, Clock, CloudOff, Layers, PartyPopper, RotateCcw, Undo2, CalendarClock } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatSessionTime, relativeDue } from './format';
import { cardsStudied, type SessionState } from './session-state';

/** The end of a session: what was done, how long it took, when the next card is due, and what next. */
export function SessionSummary({
  state,
  canUndo,
  onUndo,
  onExit,
  onMore,
}: {
  state: SessionState;
  canUndo: boolean;
  onUndo: () => void;
  onExit: () => void;
  onMore: () => void;
}) {
  const { t, i18n } = useTranslation('decks');
  const studied = cardsStudied(state);
  const now = new Date();
  const { nextDue, toStudy } = state.counts;
  const stats: Array<{ icon: LucideIcon; label: string; value: string; testId: string }> = [
    { icon: Layers, label: t('summary.studied'), value: String(studied), testId: 'summary-studied' },
    { icon: RotateCcw, label: t('summary.again'), value: String(state.again), testId: 'summary-again' },
    { icon: Clock, label: t('summary.time'), value: formatSessionTime((state.finishedAt ?? now.getTime()) - state.startedAt), testId: 'summary-time' },
    {
      icon: CalendarClock,
      label: t('summary.nextDue'),
      value: toStudy > 0 ? t('summary.dueNow') : nextDue ? relativeDue(nextDue, now, i18n.language) : t('summary.nothingScheduled'),
      testId: 'summary-next',
    },
  ];
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8 md:py-14" data-testid="session-summary" aria-labelledby="session-summary-title">
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-primary/12 text-primary">
          <PartyPopper className="size-8" />
        </span>
        <h1 id="session-summary-title" className="mt-5 text-2xl font-extrabold tracking-tight">
          {t('summary.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('summary.description', { count: state.ratings })}</p>
        {state.parked.length > 0 && (
          <p role="status" className="mt-4 flex items-start gap-2 rounded-xl bg-muted px-3 py-2 text-left text-sm text-muted-foreground" data-testid="summary-parked">
            <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('summary.parked', { count: state.parked.length })}
          </p>
        )}
      </div>
      <dl className="mt-8 grid grid-cols-2 gap-3">
        {stats.map(({ icon: Icon, label, value, testId }) => (
          <div key={testId} className="rounded-2xl border border-border bg-card p-4">
            <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <Icon aria-hidden="true" className="size-3.5" />
              {label}
            </dt>
            <dd className="mt-1.5 text-xl font-bold tabular-nums first-letter:uppercase" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={onExit} data-testid="summary-back">
          <ArrowLeft aria-hidden="true" />
          {t('backToDecks')}
        </Button>
        {toStudy > 0 && (
          <Button variant="outline" onClick={onMore} data-testid="summary-more">
            <RotateCcw aria-hidden="true" />
            {t('summary.more', { count: toStudy })}
          </Button>
        )}
        {canUndo && (
          <Button variant="ghost" onClick={onUndo} data-testid="summary-undo">
            <Undo2 aria-hidden="true" />
            {t('session.undo')}
          </Button>
        )}
      </div>
    </section>
  );
}
