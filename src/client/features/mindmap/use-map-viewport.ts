import { useMemo, useState, type RefObject } from 'react';
import type { Bounds, LayoutNode, MindmapLayout } from './layout';
import { usePanZoom } from './use-pan-zoom';
import { fitTransform, freeArea, panIntoView, zoomAt, type Size, type Transform } from './viewport';

/**
 * Where the map shows on its canvas (pan and zoom as one transform): fitted (readably, see fitTransform) into the part
 * of the canvas the zoom buttons and the details panel leave free until the student pans or zooms (by drag, wheel,
 * pinch, button or key), and moved the least to keep a node in sight in that part. `panelOpen` says whether the details
 * panel is open.
 */
export function useMapViewport({
  svgRef,
  layout,
  size,
  narrow,
  panelOpen,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  layout: MindmapLayout;
  size: Size | null;
  narrow: boolean;
  panelOpen: boolean;
}) {
  /** null: fitted to the canvas (again after "Fit"); set once the student pans, zooms or opens a branch. */
  const [transform, setTransform] = useState<Transform | null>(null);
  const fitted = useMemo(() => (size ? fitLayout(layout, size, narrow, panelOpen) : null), [layout, size, narrow, panelOpen]);
  /** The transform in effect; null until the canvas has been measured. */
  const view = transform ?? fitted;
  const gestures = usePanZoom(svgRef, () => view, setTransform);

  const reveal = (rect: Bounds, base: Transform | null, withPanel: boolean): Transform | null => {
    if (!base || !size) return base;
    return panIntoView(base, rect, freeArea(size, { narrow, panelOpen: withPanel }));
  };

  return {
    view,
    /** The handlers for the canvas: drag to pan, pinch and wheel to zoom. */
    gestures,
    /** Back to the whole map fitted to the canvas; it stays fitted (as the canvas resizes) until the next pan, zoom or toggle. */
    fit: () => setTransform(null),
    /** Zooms about the middle of the free part of the canvas. */
    zoomBy: (factor: number) => {
      if (!view || !size) return;
      const area = freeArea(size, { narrow, panelOpen });
      setTransform(zoomAt(view, factor, { x: area.x + area.width / 2, y: area.y + area.height / 2 }));
    },
    /**
     * Pans the least that shows `rect` (map coordinates) clear of the zoom buttons, and of the panel if `withPanel`.
     * The view stops following the fit, so the panel opening does not move the map under the student's eyes.
     */
    bringIntoView: (rect: Bounds, withPanel: boolean) => {
      const next = reveal(rect, view, withPanel);
      if (next) setTransform(next);
    },
    /**
     * After the branch `id` opened or closed (`next` is the layout it leads to): the node stays where it is on screen,
     * and an opened branch is then brought into view. The view no longer follows the fit from here on.
     */
    followToggle: (id: string, next: MindmapLayout, opened: boolean) => {
      const before = layout.byId.get(id);
      const after = next.byId.get(id);
      let base = view;
      if (base && before && after) base = { ...base, x: base.x - (after.x - before.x) * base.k, y: base.y - (after.y - before.y) * base.k };
      if (opened && after) base = reveal(unionOf([after, ...after.childIds.map((child) => next.byId.get(child)!)]), base, panelOpen);
      if (base) setTransform(base);
    },
  };
}

export type MapViewport = ReturnType<typeof useMapViewport>;

function fitLayout(layout: MindmapLayout, size: Size, narrow: boolean, panelOpen: boolean): Transform {
  const root = layout.byId.get(layout.rootId);
  return fitTransform(layout.bounds, freeArea(size, { narrow, panelOpen }), {
    padding: narrow ? 16 : 24,
    anchor: root ? { x: root.x + root.width / 2, y: root.y + root.height / 2 } : undefined,
  });
}

function unionOf(nodes: LayoutNode[]): Bounds {
  const left = Math.min(...nodes.map((node) => node.x));
  const top = Math.min(...nodes.map((node) => node.y));
  const right = Math.max(...nodes.map((node) => node.x + node.width));
  const bottom = Math.max(...nodes.map((node) => node.y + node.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
