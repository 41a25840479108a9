import type { RefObject } from 'react';
import { clickAction } from './keyboard';
import type { MindmapNode } from './layout';
import type { MapExpansion } from './use-map-expansion';
import type { MapSelection } from './use-map-selection';
import type { MapViewport } from './use-map-viewport';
import { useStableCallback } from './use-stable-callback';

/**
 * What the student does to the map's nodes (by pointer, focus or key): open and close branches, move the focus, open
 * and close a node's details. Each action changes the open branches, the focus and selection and the view together,
 * so the node acted on stays in sight and the keyboard focus is never lost in a branch that closed. The handlers given
 * to the memoised drawing keep their identity across renders.
 */
export function useMapActions({
  root,
  containerRef,
  expansion,
  selection,
  viewport,
}: {
  root: MindmapNode;
  containerRef: RefObject<HTMLElement | null>;
  expansion: MapExpansion;
  selection: MapSelection;
  viewport: MapViewport;
}) {
  const { layout } = expansion;
  const { focusedId, selectedId, setFocusedId, setSelectedId, setPanelFocus, focusAfterRender } = selection;
  const panelOpen = selectedId !== null;

  const toggle = useStableCallback((id: string) => {
    const next = expansion.toggle(id);
    viewport.followToggle(id, next.layout, next.opened);
    // The focused node went into a closed branch: the focus moves to that branch.
    if (!next.layout.byId.has(focusedId)) {
      setFocusedId(id);
      if (containerRef.current?.contains(document.activeElement)) focusAfterRender(id);
    }
  });

  /** A node's details button (or a click on a leaf): its details open, the focus stays on the map. */
  const select = useStableCallback((id: string) => {
    setSelectedId(id);
    setFocusedId(id);
    setPanelFocus(false);
    const node = layout.byId.get(id);
    if (node) viewport.bringIntoView(node, true);
  });

  /** A click or tap on a node: a branch opens or closes and becomes the current node, a leaf shows its details. */
  const activate = useStableCallback((id: string) => {
    const node = layout.byId.get(id);
    if (!node) return;
    const action = clickAction(node);
    if (action.type === 'details') {
      select(id);
      return;
    }
    setFocusedId(id);
    toggle(id);
  });

  const onFocusNode = useStableCallback((id: string) => {
    setFocusedId(id);
    // Once open, the details follow the focus.
    if (selectedId !== null && selectedId !== id) {
      setSelectedId(id);
      setPanelFocus(false);
    }
  });

  /** The focus moved by key: the node takes the browser's focus, is brought into view, and open details follow it. */
  const moveFocus = (id: string) => {
    setFocusedId(id);
    focusAfterRender(id);
    if (panelOpen) setSelectedId(id);
    const node = layout.byId.get(id);
    if (node) viewport.bringIntoView(node, panelOpen);
  };

  /** The details opened by key: the panel takes the focus. */
  const openDetails = (id: string) => {
    setSelectedId(id);
    setPanelFocus(true);
    const node = layout.byId.get(id);
    if (node) viewport.bringIntoView(node, true);
  };

  /** Closes the details; the focus goes back to their node (or, where that is hidden now, the focused one). */
  const closePanel = () => {
    if (selectedId === null) return;
    setSelectedId(null);
    focusAfterRender(selectedId && layout.byId.has(selectedId) ? selectedId : focusedId);
  };

  const expandAll = () => {
    expansion.expandAll();
    viewport.fit();
  };

  const collapseAll = () => {
    expansion.collapseAll();
    viewport.fit();
    setFocusedId(root.id);
  };

  return { panelOpen, toggle, select, activate, onFocusNode, moveFocus, openDetails, closePanel, expandAll, collapseAll };
}

export type MapActions = ReturnType<typeof useMapActions>;
