import type { KeyboardEvent } from 'react';
import { keyAction } from './keyboard';
import type { MindmapLayout } from './layout';
import type { MapActions } from './use-map-actions';
import type { MapViewport } from './use-map-viewport';
import { useStableCallback } from './use-stable-callback';
import { ZOOM_STEP } from './viewport';

/**
 * The keys of the map. On a node, every key keyboard.ts knows (moving between nodes, opening branches and details,
 * zoom and fit); anywhere else in the map area (the zoom buttons, the details panel) only zoom, fit and Escape to close
 * the details. Key combinations with Ctrl, Cmd or Alt are left to the browser.
 */
export function useMapKeyboard(layout: MindmapLayout, actions: MapActions, viewport: MapViewport) {
  const onNodeKeyDown = useStableCallback((event: KeyboardEvent<SVGGElement>, id: string) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = keyAction(event.key, id, layout);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    switch (action.type) {
      case 'focus':
        actions.moveFocus(action.id);
        break;
      case 'toggle':
      case 'expand':
        actions.toggle(action.id);
        break;
      case 'details':
        actions.openDetails(action.id);
        break;
      case 'closeDetails':
        actions.closePanel();
        break;
      case 'zoomIn':
        viewport.zoomBy(ZOOM_STEP);
        break;
      case 'zoomOut':
        viewport.zoomBy(1 / ZOOM_STEP);
        break;
      case 'fit':
        viewport.fit();
        break;
    }
  });

  const onAreaKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.key === 'Escape' && actions.panelOpen) {
      event.preventDefault();
      actions.closePanel();
    } else if (event.key === '+' || event.key === '=') viewport.zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') viewport.zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') viewport.fit();
  };

  return { onNodeKeyDown, onAreaKeyDown };
}
