import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** Spec §2 "Statistics dialog content": charts are 210 px tall. */
export const CHART_HEIGHT = 210;
const MIN_SLOTS = 8;

export interface ChartSeries {
  key: string;
  label: string;
  /** SVG fill class of the bars or stroke class of the donut segment (full Tailwind class names). */
  paint: string;
  /** Background class of the legend dot. */
  dot: string;
}

/** The chart's values for screen readers: a visually hidden table next to the picture. */
function ValuesTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={`${index}-${column}`} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Legend({ items }: { items: { key: string; label: string; dot: string; value?: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key} className="inline-flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', item.dot)} />
          <span>{item.label}</span>
          {item.value !== undefined && <span className="font-semibold text-foreground tabular-nums">{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}

export interface DonutSegment extends ChartSeries {
  value: number;
}

/** A ring of segments (hand-made SVG), its total or headline in the middle. */
export function DonutChart({
  label,
  segments,
  center,
  centerCaption,
  testId,
}: {
  label: string;
  segments: DonutSegment[];
  center: string;
  centerCaption?: string;
  testId?: string;
}) {
  const { t } = useTranslation('stats');
  const radius = 40;
  const circumference = 2 * Math.PI * radius;
  const total = segments.reduce((sum, segment) => sum + Math.max(0, segment.value), 0);
  const arcs = segments.reduce<{ key: string; paint: string; length: number; offset: number }[]>((done, segment) => {
    const previous = done.at(-1);
    const offset = previous ? previous.offset + previous.length : 0;
    const length = total > 0 ? (Math.max(0, segment.value) / total) * circumference : 0;
    return [...done, { key: segment.key, paint: segment.paint, length, offset }];
  }, []);
  const summary = segments.map((segment) => t('common.valuePair', { series: segment.label, value: segment.value })).join(', ');
  return (
    <figure className="flex flex-col items-center gap-3" data-testid={testId}>
      <div className="relative" style={{ height: CHART_HEIGHT, width: CHART_HEIGHT }}>
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" role="img" aria-label={`${label}: ${summary}`}>
          <title>{`${label}: ${summary}`}</title>
          <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="12" className="stroke-muted" />
          {arcs
            .filter((arc) => arc.length > 0)
            .map((arc) => (
              <circle
                key={arc.key}
                cx="50"
                cy="50"
                r={radius}
                fill="none"
                strokeWidth="12"
                className={cn(arc.paint, 'transition-[stroke-dasharray] duration-500')}
                strokeDasharray={`${arc.length} ${circumference - arc.length}`}
                strokeDashoffset={-arc.offset}
                data-segment={arc.key}
              />
            ))}
        </svg>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center" aria-hidden="true">
          <span className="text-3xl font-extrabold tabular-nums">{center}</span>
          {centerCaption && <span className="max-w-[8rem] text-xs text-muted-foreground">{centerCaption}</span>}
        </div>
      </div>
      <Legend items={segments.map((segment) => ({ key: segment.key, label: segment.label, dot: segment.dot, value: String(segment.value) }))} />
      <ValuesTable
        caption={t('common.chartTable', { chart: label })}
        columns={['', label]}
        rows={segments.map((segment) => ({ key: segment.key, cells: [segment.label, String(segment.value)] }))}
      />
    </figure>
  );
}

export interface BarDatum {
  key: string;
  /** The axis label under the bar (short). */
  label: string;
  /** The full name for tooltips and the values table (defaults to the label). */
  name?: string;
  /** One value per series, stacked bottom-up in series order. */
  values: number[];
  /** Tooltip text; defaults to the name and each series' value. */
  title?: string;
}

/** A (stacked) bar chart in hand-made SVG, 210 px tall, with a light grid, axis labels and a hidden values table. */
export function BarChart({
  label,
  series,
  data,
  maxValue,
  formatValue = String,
  testId,
}: {
  label: string;
  series: ChartSeries[];
  data: BarDatum[];
  /** Fixed top of the scale (e.g. 100 for percentages); otherwise the largest stack. */
  maxValue?: number;
  formatValue?: (value: number) => string;
  testId?: string;
}) {
  const { t } = useTranslation('stats');
  const clipId = useId();
  const largest = Math.max(0, ...data.map((datum) => datum.values.reduce((sum, value) => sum + Math.max(0, value), 0)));
  const top = maxValue ?? niceCeiling(largest);
  const slot = 10;
  const barWidth = data.length > 20 ? 7 : 6;
  // A few bars stay slim and centred: the scale has room for at least MIN_SLOTS of them.
  const slots = Math.max(MIN_SLOTS, data.length);
  const lead = (slots - data.length) / 2;
  const width = slots * slot;
  // Every label fits on a few bars; with many days only every n-th one is written.
  const step = Math.max(1, Math.ceil(data.length / 6));
  const titleOf = (datum: BarDatum) =>
    datum.title ??
    t('common.barTitle', {
      label: datum.name ?? datum.label,
      values: series.map((item, index) => t('common.valuePair', { series: item.label, value: formatValue(datum.values[index] ?? 0) })).join(', '),
    });

  return (
    <figure className="flex flex-col gap-2" data-testid={testId}>
      <div className="flex gap-2" style={{ height: CHART_HEIGHT }}>
        <div className="flex w-8 shrink-0 flex-col justify-between pb-6 text-right text-[0.65rem] text-muted-foreground tabular-nums" aria-hidden="true">
          <span>{formatValue(top)}</span>
          <span>{formatValue(Math.round(top / 2))}</span>
          <span>{formatValue(0)}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex-1">
            <div className="pointer-events-none absolute inset-0 flex flex-col justify-between" aria-hidden="true">
              <span className="border-t border-dashed border-border" />
              <span className="border-t border-dashed border-border" />
              <span className="border-t border-border" />
            </div>
            <svg
              viewBox={`0 0 ${width} 100`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
              role="img"
              aria-label={label}
            >
              <title>{label}</title>
              <clipPath id={clipId}>
                <rect x="0" y="0" width={width} height="100" />
              </clipPath>
              <g clipPath={`url(#${clipId})`}>
                {data.map((datum, index) => {
                  let base = 100;
                  const x = (lead + index) * slot + (slot - barWidth) / 2;
                  return (
                    <g key={datum.key} data-bar={datum.key} className="[&:hover>rect]:opacity-80">
                      <title>{titleOf(datum)}</title>
                      <rect x={(lead + index) * slot} y="0" width={slot} height="100" fill="transparent" />
                      {series.map((item, seriesIndex) => {
                        const value = Math.max(0, datum.values[seriesIndex] ?? 0);
                        const height = top > 0 ? (value / top) * 100 : 0;
                        base -= height;
                        if (height <= 0) return null;
                        return <rect key={item.key} x={x} y={base} width={barWidth} height={height} rx="0.8" className={item.paint} />;
                      })}
                    </g>
                  );
                })}
              </g>
            </svg>
          </div>
          <div className="relative h-6 text-[0.65rem] text-muted-foreground" aria-hidden="true">
            {data.map((datum, index) =>
              index % step === 0 ? (
                <span
                  key={datum.key}
                  // On a phone only every other label is written.
                  className={cn('absolute bottom-0 -translate-x-1/2 whitespace-nowrap', (index / step) % 2 === 1 && 'max-sm:hidden')}
                  style={{ left: `${((lead + index + 0.5) / slots) * 100}%` }}
                >
                  {datum.label}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      {series.length > 1 && <Legend items={series} />}
      <ValuesTable
        caption={t('common.chartTable', { chart: label })}
        columns={['', ...series.map((item) => item.label)]}
        rows={data.map((datum) => ({ key: datum.key, cells: [datum.name ?? datum.label, ...series.map((_, index) => formatValue(datum.values[index] ?? 0))] }))}
      />
    </figure>
  );
}

/** A round top for the scale (1, 2, 2.5, 4, 5, 6, 8 × 10ⁿ; whole numbers, at least 1). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  if (value <= 10) return Math.max(1, Math.ceil(value / 2) * 2);
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 2.5, 4, 5, 6, 8, 10]) if (factor * power >= value) return factor * power;
  return 10 * power;
}
