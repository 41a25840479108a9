import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { downloadBlob, exportFileName, serializeMap, svgToPng } from './export';
import type { Bounds } from './layout';

/**
 * Downloads the map as drawn (the branches open now) as an SVG or PNG file named after the document, and says in a
 * toast whether it worked. export.ts makes the file; this takes it from the live drawing and the canvas's colour.
 */
export function useMapExport({
  contentRef,
  containerRef,
  bounds,
  title,
  fileName,
}: {
  /** The group holding the drawn links and nodes. */
  contentRef: RefObject<SVGGElement | null>;
  /** The canvas, whose background colour the file takes. */
  containerRef: RefObject<HTMLElement | null>;
  bounds: Bounds;
  title: string;
  fileName: string;
}) {
  const { t } = useTranslation('mindmap');
  return async (format: 'svg' | 'png') => {
    const content = contentRef.current;
    const container = containerRef.current;
    if (!content || !container) return;
    const background = getComputedStyle(container).backgroundColor;
    // The file shows the map, not the current selection.
    const selected = content.querySelector('[aria-selected="true"]');
    selected?.setAttribute('aria-selected', 'false');
    let svg: string;
    try {
      svg = serializeMap(content, bounds, background, title);
    } finally {
      selected?.setAttribute('aria-selected', 'true');
    }
    try {
      const name = exportFileName(fileName, t('export.suffix'), format);
      const blob = format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg, background);
      downloadBlob(blob, name);
      toast.success(t('export.done', { format: format.toUpperCase() }));
    } catch {
      toast.error(t('export.failed'));
    }
  };
}
