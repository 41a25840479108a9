import type { TFunction } from 'i18next';
import { ChevronLeft, ChevronRight, Flame, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StreakDay } from '../../../shared/gamification';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { calendarWeeks, formatDay, monthName, weekdayNames, type CalendarCell } from './gamification-format';

function dayLabel(cell: CalendarCell, locale: string | undefined, t: TFunction): string {
  const date = formatDay(cell.date, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const state = cell.frozen ? t('calendar.dayFrozen') : cell.active ? t('calendar.dayActive') : null;
  const text = state ? t('calendar.dayWithState', { date, state }) : date;
  return cell.today ? t('calendar.dayToday', { day: text }) : text;
}

/**
 * A month of the streak: Monday-first weeks, days studied in flame colour, days a freeze covered in ice, today
 * outlined. Months change with the arrows (never past the user's current month).
 */
export function StreakCalendar({
  month,
  days,
  today,
  onMonthChange,
  loading = false,
}: {
  month: string;
  days: readonly StreakDay[];
  today: string;
  onMonthChange: (month: string, by: number) => void;
  loading?: boolean;
}) {
  const { t, i18n } = useTranslation('gamification');
  const locale = i18n.resolvedLanguage;
  const weeks = calendarWeeks(month, days, today);
  const weekdays = weekdayNames(locale);
  const isCurrentMonth = month >= today.slice(0, 7);
  return (
    <div data-testid="streak-calendar" data-month={month} aria-busy={loading || undefined}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-lg font-extrabold tracking-tight capitalize" aria-live="polite" data-testid="streak-calendar-month">
          {monthName(month, locale)}
        </h2>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={t('calendar.previous')} onClick={() => onMonthChange(month, -1)} data-testid="streak-calendar-previous">
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t('calendar.next')} disabled={isCurrentMonth} onClick={() => onMonthChange(month, 1)} data-testid="streak-calendar-next">
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <table className={cn('w-full table-fixed border-separate border-spacing-y-1.5 transition-opacity', loading && 'opacity-60')} aria-label={t('calendar.label')}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" className="pb-1 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.date}>
              {week.map((cell, index) => (
                <td key={cell?.date ?? `blank-${index}`} className="p-0 text-center">
                  {cell && <DayCell cell={cell} label={dayLabel(cell, locale, t)} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs font-medium text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-streak text-white">
            <Flame className="size-3" />
          </span>
          {t('calendar.active')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-sky-500 text-white">
            <Snowflake className="size-3" />
          </span>
          {t('calendar.frozen')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-5 rounded-full ring-2 ring-primary ring-inset" />
          {t('calendar.today')}
        </li>
      </ul>
    </div>
  );
}

function DayCell({ cell, label }: { cell: CalendarCell; label: string }) {
  const state = cell.frozen ? 'frozen' : cell.active ? 'active' : 'none';
  return (
    <span
      role="img"
      aria-label={label}
      data-testid="streak-day"
      data-date={cell.date}
      data-state={state}
      data-today={cell.today || undefined}
      aria-current={cell.today ? 'date' : undefined}
      className={cn(
        'relative mx-auto flex size-9 items-center justify-center rounded-full text-sm font-semibold tabular-nums md:size-11',
        state === 'active' && 'bg-streak text-white shadow-sm shadow-streak/30',
        state === 'frozen' && 'bg-sky-500 text-white shadow-sm shadow-sky-500/30',
        state === 'none' && (cell.future ? 'text-muted-foreground/45' : 'text-foreground/80'),
        cell.today && 'ring-2 ring-primary ring-offset-2 ring-offset-card',
      )}
    >
      {state === 'frozen' ? <Snowflake aria-hidden="true" className="size-4 md:size-5" /> : cell.day}
    </span>
  );
}
