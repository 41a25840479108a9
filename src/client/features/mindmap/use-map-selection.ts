import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Which node holds the keyboard focus (the one node in the tab order) and which node's details are open in the panel,
 * and moving the browser's focus onto a node after the render that draws it: a node that just appeared, or became the
 * tab stop, can be focused only once React has drawn it.
 */
export function useMapSelection(rootId: string, svgRef: RefObject<SVGSVGElement | null>) {
  const [focusedId, setFocusedId] = useState(rootId);
  /** The node whose details show; null: the panel is closed. */
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** Whether the panel takes the focus as it opens (from the keyboard), or leaves it on the map (a click, a focus move). */
  const [panelFocus, setPanelFocus] = useState(false);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    svgRef.current?.querySelector<SVGGElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  });

  return {
    focusedId,
    setFocusedId,
    selectedId,
    setSelectedId,
    panelFocus,
    setPanelFocus,
    /** Focuses the node `id` once the coming render has drawn it. */
    focusAfterRender: (id: string) => {
      pendingFocus.current = id;
    },
  };
}

export type MapSelection = ReturnType<typeof useMapSelection>;
