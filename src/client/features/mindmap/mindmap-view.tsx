import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutMathDelimiters } from '../../components/math-text';
import type { StudyFile } from '../../lib/use-study-file';
import { ancestorsOf, findNode, type MindmapNode } from './layout';
import { MapHeader } from './map-header';
import { KEYS_SUMMARY_ID, MapKeyHelp } from './map-key-help';
import { MapScene } from './map-scene';
import { MapZoomControls } from './map-zoom-controls';
import { useLabelMeasure } from './measure';
import './mindmap.css';
import { NodePanel } from './node-panel';
import { useElementSize } from './use-element-size';
import { useMapActions } from './use-map-actions';
import { useMapExpansion } from './use-map-expansion';
import { useMapExport } from './use-map-export';
import { useMapKeyboard } from './use-map-keyboard';
import { useMapSelection } from './use-map-selection';
import { useMapViewport } from './use-map-viewport';
import { ZOOM_STEP } from './viewport';

export interface MindmapData {
  fileId: string;
  fileName: string;
  root: MindmapNode;
  nodeCount: number;
}

/** Below this width the map is laid out for a phone: fewer ideas open at first, a bottom sheet for details. */
const NARROW = 640;
/** The canvas's dot grid, in map units: it moves and scales with the map. */
const DOT_SPACING = 22;

/**
 * The interactive mind map (loaded lazily with d3-hierarchy): the tree drawn in SVG, panned by dragging, zoomed by
 * wheel, pinch, buttons and keys, branches opened and closed, every node reachable by keyboard, a node's details in a
 * side panel (bottom sheet on phones), and export as PNG or SVG. This composes the parts: open branches and layout
 * (useMapExpansion), focus and selection (useMapSelection), pan and zoom (useMapViewport), what acting on a node does
 * (useMapActions), the keys (useMapKeyboard), the export (useMapExport), and the header, zoom buttons and key help.
 */
export default function MindmapView({ file, map }: { file: StudyFile; map: MindmapData }) {
  const { t } = useTranslation('mindmap');
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const contentRef = useRef<SVGGElement>(null);
  const size = useElementSize(containerRef);
  const narrow = (size?.width ?? NARROW) < NARROW;
  const measure = useLabelMeasure();

  const expansion = useMapExpansion(map.root, size, narrow, measure);
  const { layout } = expansion;
  const selection = useMapSelection(map.root.id, svgRef);
  const { focusedId, selectedId } = selection;
  const viewport = useMapViewport({ svgRef, layout, size, narrow, panelOpen: selectedId !== null });
  const { view } = viewport;
  const actions = useMapActions({ root: map.root, containerRef, expansion, selection, viewport });
  const { onNodeKeyDown, onAreaKeyDown } = useMapKeyboard(layout, actions, viewport);
  const exportMap = useMapExport({ contentRef, containerRef, bounds: layout.bounds, title: withoutMathDelimiters(map.root.label), fileName: file.name });

  const selectedNode = selectedId ? findNode(map.root, selectedId) : undefined;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="mindmap-view">
      <MapHeader
        title={map.root.label}
        nodeCount={map.nodeCount}
        branchCount={map.root.children.length}
        onExpandAll={actions.expandAll}
        onCollapseAll={actions.collapseAll}
        onExport={exportMap}
      />

      <div
        ref={containerRef}
        className="mm mm-canvas relative min-h-0 flex-1 overflow-hidden"
        style={view ? { backgroundSize: `${DOT_SPACING * view.k}px ${DOT_SPACING * view.k}px`, backgroundPosition: `${view.x}px ${view.y}px` } : undefined}
        onKeyDown={onAreaKeyDown}
      >
        <svg
          ref={svgRef}
          className="absolute inset-0 size-full cursor-grab touch-none select-none active:cursor-grabbing"
          data-testid="mindmap-canvas"
          {...viewport.gestures}
        >
          {view && (
            <g
              ref={contentRef}
              transform={`translate(${view.x} ${view.y}) scale(${view.k})`}
              data-scale={view.k.toFixed(3)}
              role="tree"
              aria-label={t('map.label', { title: map.root.label })}
              aria-describedby={KEYS_SUMMARY_ID}
            >
              <MapScene
                layout={layout}
                lowConfidencePages={file.lowConfidencePages}
                focusedId={layout.byId.has(focusedId) ? focusedId : layout.rootId}
                selectedId={selectedId}
                onActivate={actions.activate}
                onDetails={actions.select}
                onToggle={actions.toggle}
                onFocusNode={actions.onFocusNode}
                onNodeKeyDown={onNodeKeyDown}
              />
            </g>
          )}
        </svg>
        <MapKeyHelp />

        <MapZoomControls
          scale={view?.k ?? 1}
          besidePanel={Boolean(selectedId) && !narrow}
          onZoomIn={() => viewport.zoomBy(ZOOM_STEP)}
          onZoomOut={() => viewport.zoomBy(1 / ZOOM_STEP)}
          onFit={viewport.fit}
        />

        {selectedNode && (
          <NodePanel
            file={file}
            node={selectedNode}
            layoutNode={layout.byId.get(selectedNode.id)}
            ancestors={ancestorsOf(map.root, selectedNode.id)}
            narrow={narrow}
            focusOnOpen={selection.panelFocus}
            onClose={actions.closePanel}
            onToggle={actions.toggle}
          />
        )}
      </div>
    </div>
  );
}
