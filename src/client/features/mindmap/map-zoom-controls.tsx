import { Scan, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';

/**
 * The zoom buttons in the canvas's bottom-right corner: zoom in, the zoom level (announced as it changes), zoom out
 * and Fit. Beside an open side panel they move left of it, so the panel never covers them.
 */
export function MapZoomControls({
  scale,
  besidePanel,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  /** The map's scale, 1 at 100 %. */
  scale: number;
  besidePanel: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const { t } = useTranslation('mindmap');
  return (
    <div
      className={cn(
        'absolute right-3 bottom-3 flex flex-col items-center overflow-hidden rounded-xl border border-border bg-card/95 shadow-md backdrop-blur',
        besidePanel && 'right-[calc(22rem+1.5rem)]',
      )}
      role="group"
      aria-label={t('toolbar.zoom')}
    >
      <ZoomButton label={t('toolbar.zoomIn')} testId="mindmap-zoom-in" onClick={onZoomIn}>
        <ZoomIn aria-hidden="true" />
      </ZoomButton>
      <span className="py-0.5 text-[0.6875rem] font-semibold text-muted-foreground tabular-nums" data-testid="mindmap-zoom-level" aria-live="polite">
        {t('toolbar.zoomLevel', { percent: Math.round(scale * 100) })}
      </span>
      <ZoomButton label={t('toolbar.zoomOut')} testId="mindmap-zoom-out" onClick={onZoomOut}>
        <ZoomOut aria-hidden="true" />
      </ZoomButton>
      <div className="h-px w-8 bg-border" />
      <ZoomButton label={t('toolbar.fit')} testId="mindmap-fit" onClick={onFit}>
        <Scan aria-hidden="true" />
      </ZoomButton>
    </div>
  );
}

function ZoomButton({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label} side="left">
      <button
        type="button"
        className="flex size-11 items-center justify-center text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:bg-muted [&_svg]:size-5"
        aria-label={label}
        data-testid={testId}
        onClick={onClick}
      >
        {children}
      </button>
    </Tooltip>
  );
}
