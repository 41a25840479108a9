import { ChevronLeft, ChevronRight, Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { parsePageInput } from './viewer-kind';

/**
 * "Page [x] of n" with previous and next: the field takes a page number and goes there on Enter (or when it loses
 * focus); while it is not being edited it follows the page being read.
 */
export function PageControls({
  current,
  total,
  unit = 'page',
  onGoTo,
}: {
  current: number;
  total: number;
  unit?: 'page' | 'slide';
  onGoTo: (page: number) => void;
}) {
  const { t } = useTranslation('viewer');
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const go = (page: number) => {
    setDraft(null);
    if (page >= 1 && page <= total) onGoTo(page);
  };
  const commit = () => {
    if (draft === null) return;
    const page = parsePageInput(draft, total);
    setDraft(null);
    if (page !== null) onGoTo(page);
  };
  const slide = unit === 'slide';
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => go(current - 1)}
        disabled={current <= 1}
        aria-label={t(slide ? 'controls.previousSlide' : 'controls.previousPage')}
        data-testid="viewer-previous-page"
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <label htmlFor={inputId} className="flex items-center gap-1.5 text-sm whitespace-nowrap text-muted-foreground">
        <span>{t(slide ? 'controls.slide' : 'controls.page')}</span>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          enterKeyHint="go"
          autoComplete="off"
          aria-label={t(slide ? 'controls.slideInput' : 'controls.pageInput')}
          data-testid="viewer-page-input"
          value={draft ?? String(current)}
          onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 6))}
          onFocus={(event) => event.target.select()}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape' && draft !== null) {
              // The first Escape abandons the edit; the next one closes the viewer.
              event.preventDefault();
              event.stopPropagation();
              setDraft(null);
            }
          }}
          style={{ width: `${Math.max(String(total).length, 1) + 2}ch` }}
          className="h-8 rounded-md border border-input bg-background px-1 text-center font-semibold text-foreground tabular-nums focus-visible:outline-2 focus-visible:outline-ring"
        />
        <span className="tabular-nums">{t('controls.of', { count: total })}</span>
      </label>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => go(current + 1)}
        disabled={current >= total}
        aria-label={t(slide ? 'controls.nextSlide' : 'controls.nextPage')}
        data-testid="viewer-next-page"
      >
        <ChevronRight aria-hidden="true" />
      </Button>
      <span className="sr-only" aria-live="polite" data-testid="viewer-page-status">
        {t(slide ? 'controls.slidePosition' : 'controls.pagePosition', { page: current, count: total })}
      </span>
    </div>
  );
}

/** Zoom out, the zoom level (which fits the page to the width again), zoom in. */
export function ZoomControls({
  percent,
  canZoomIn,
  canZoomOut,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  percent: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const { t } = useTranslation('viewer');
  return (
    <div className="flex items-center gap-0.5 border-l border-border pl-1.5 sm:ml-1">
      <Button variant="ghost" size="icon" className="size-8" onClick={onZoomOut} disabled={!canZoomOut} aria-label={t('controls.zoomOut')} data-testid="viewer-zoom-out">
        <Minus aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 min-w-14 px-1.5 text-xs tabular-nums"
        onClick={onFit}
        aria-label={t('controls.fitWidth', { percent })}
        data-testid="viewer-zoom-level"
      >
        {t('controls.zoomPercent', { percent })}
      </Button>
      <Button variant="ghost" size="icon" className="size-8" onClick={onZoomIn} disabled={!canZoomIn} aria-label={t('controls.zoomIn')} data-testid="viewer-zoom-in">
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
