import { Download, FileCode2, FileImage, FoldHorizontal, Keyboard, Network, Scan, UnfoldHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import type { StudyFile } from '../../lib/use-study-file';
import { downloadBlob, exportFileName, serializeMap, svgToPng } from './export';
import { keyAction } from './keyboard';
import {
  allBranches,
  ancestorsOf,
  findNode,
  collapsedBelow,
  openingCollapsed,
  layoutMindmap,
  type Bounds,
  type LayoutNode,
  type MindmapLayout,
  type MindmapNode,
} from './layout';
import { MapScene } from './map-scene';
import { createCanvasMeasure } from './measure';
import './mindmap.css';
import { NodePanel } from './node-panel';
import { usePanZoom } from './use-pan-zoom';
import { fitTransform, panIntoView, zoomAt, ZOOM_STEP, type Size, type Transform } from './viewport';

export interface MindmapData {
  fileId: string;
  fileName: string;
  root: MindmapNode;
  nodeCount: number;
}

/** Below this width the map is laid out for a phone: fewer ideas open at first, a bottom sheet for details. */
const NARROW = 640;
/** The side panel's width (22rem) and its margin. */
const PANEL_ROOM = 352 + 24;
const DOT_SPACING = 22;

/** A level opens at first only if the fitted map stays at least this large (phones: labels stay readable). */
const OPENING_SCALE = { narrow: 0.6, wide: 0.7 };

/**
 * The interactive mind map (loaded lazily with d3-hierarchy): the tree drawn in SVG, panned by dragging, zoomed by
 * wheel, pinch, buttons and keys, branches opened and closed, every node reachable by keyboard, a node's details in a
 * side panel (bottom sheet on phones), and export as PNG or SVG.
 */
export default function MindmapView({ file, map }: { file: StudyFile; map: MindmapData }) {
  const { t } = useTranslation('mindmap');
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const contentRef = useRef<SVGGElement>(null);
  const size = useElementSize(containerRef);
  const narrow = (size?.width ?? NARROW) < NARROW;
  const measure = useMeasure();

  /** null: as the map opens, chosen for the canvas's size; set once the student opens or closes a branch. */
  const [collapsedState, setCollapsed] = useState<Set<string> | null>(null);
  const opening = useMemo(
    () => (size ? openingCollapsed(map.root, size, narrow ? OPENING_SCALE.narrow : OPENING_SCALE.wide, measure, narrow) : null),
    [map.root, size, narrow, measure],
  );
  const collapsed = collapsedState ?? opening ?? collapsedBelow(map.root, 1);
  const layout = useMemo(() => layoutMindmap(map.root, collapsed, measure, narrow), [map.root, collapsed, measure, narrow]);
  /** null: fitted to the canvas (again after "Fit"); set once the student pans, zooms or opens a branch. */
  const [transform, setTransform] = useState<Transform | null>(null);
  const fitted = useMemo(() => (size ? fitLayout(layout, size, narrow) : null), [layout, size, narrow]);
  const view = transform ?? fitted;

  const [focusedId, setFocusedId] = useState(map.root.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panelFocus, setPanelFocus] = useState(false);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    svgRef.current?.querySelector<SVGGElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  });

  const freeArea = (panelOpen: boolean): Bounds => {
    const width = size?.width ?? 0;
    const height = size?.height ?? 0;
    if (!panelOpen) return { x: 0, y: 0, width, height };
    return narrow ? { x: 0, y: 0, width, height: height * 0.42 } : { x: 0, y: 0, width: Math.max(200, width - PANEL_ROOM), height };
  };

  const reveal = (rect: Bounds, base: Transform | null, panelOpen: boolean): Transform | null => {
    if (!base || !size) return base;
    return panIntoView(base, rect, freeArea(panelOpen));
  };

  const toggle = useStableCallback((id: string) => {
    const next = new Set(collapsed);
    const opening = next.has(id);
    if (opening) next.delete(id);
    else next.add(id);
    const nextLayout = layoutMindmap(map.root, next, measure, narrow);
    const before = layout.byId.get(id);
    const after = nextLayout.byId.get(id);
    let base = view;
    // The node stays where it is on screen; an opened branch is then brought into view.
    if (base && before && after) base = { ...base, x: base.x - (after.x - before.x) * base.k, y: base.y - (after.y - before.y) * base.k };
    if (opening && after) base = reveal(unionOf([after, ...after.childIds.map((child) => nextLayout.byId.get(child)!)]), base, selectedId !== null);
    if (base) setTransform(base);
    setCollapsed(next);
    if (!nextLayout.byId.has(focusedId)) {
      setFocusedId(id);
      if (containerRef.current?.contains(document.activeElement)) pendingFocus.current = id;
    }
  });

  const select = useStableCallback((id: string) => {
    setSelectedId(id);
    setFocusedId(id);
    setPanelFocus(false);
    const node = layout.byId.get(id);
    if (node) {
      const next = reveal(node, view, true);
      if (next && next !== view) setTransform(next);
    }
  });

  const onFocusNode = useStableCallback((id: string) => {
    setFocusedId(id);
    // Once open, the details follow the focus.
    if (selectedId !== null && selectedId !== id) {
      setSelectedId(id);
      setPanelFocus(false);
    }
  });

  const closePanel = () => {
    if (selectedId === null) return;
    setSelectedId(null);
    pendingFocus.current = selectedId && layout.byId.has(selectedId) ? selectedId : focusedId;
  };

  const zoomBy = (factor: number) => {
    if (!view || !size) return;
    const area = freeArea(selectedId !== null);
    setTransform(zoomAt(view, factor, { x: area.width / 2, y: area.height / 2 }));
  };

  const onNodeKeyDown = useStableCallback((event: KeyboardEvent<SVGGElement>, id: string) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = keyAction(event.key, id, layout);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    switch (action.type) {
      case 'focus': {
        setFocusedId(action.id);
        pendingFocus.current = action.id;
        if (selectedId !== null) setSelectedId(action.id);
        const node = layout.byId.get(action.id);
        const next = node ? reveal(node, view, selectedId !== null) : view;
        if (next && next !== view) setTransform(next);
        break;
      }
      case 'toggle':
      case 'expand':
        toggle(action.id);
        break;
      case 'details': {
        setSelectedId(action.id);
        setPanelFocus(true);
        const node = layout.byId.get(action.id);
        const next = node ? reveal(node, view, true) : view;
        if (next && next !== view) setTransform(next);
        break;
      }
      case 'closeDetails':
        closePanel();
        break;
      case 'zoomIn':
        zoomBy(ZOOM_STEP);
        break;
      case 'zoomOut':
        zoomBy(1 / ZOOM_STEP);
        break;
      case 'fit':
        setTransform(null);
        break;
    }
  });

  /** Keys anywhere in the map area (the zoom buttons, the panel): zoom, fit, and Escape to close the details. */
  const onAreaKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.key === 'Escape' && selectedId !== null) {
      event.preventDefault();
      closePanel();
    } else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') setTransform(null);
  };

  const panZoom = usePanZoom(svgRef, () => view, setTransform);

  const exportMap = async (format: 'svg' | 'png') => {
    const content = contentRef.current;
    const container = containerRef.current;
    if (!content || !container) return;
    const background = getComputedStyle(container).backgroundColor;
    // The file shows the map, not the current selection.
    const selected = content.querySelector('[aria-selected="true"]');
    selected?.setAttribute('aria-selected', 'false');
    let svg: string;
    try {
      svg = serializeMap(content, layout.bounds, background, map.root.label);
    } finally {
      selected?.setAttribute('aria-selected', 'true');
    }
    try {
      const name = exportFileName(file.name, t('export.suffix'), format);
      const blob = format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg, background);
      downloadBlob(blob, name);
      toast.success(t('export.done', { format: format.toUpperCase() }));
    } catch {
      toast.error(t('export.failed'));
    }
  };

  const selectedNode = selectedId ? findNode(map.root, selectedId) : undefined;
  const sections = map.root.children.length;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="mindmap-view">
      <header className="flex items-center gap-3 border-b border-border bg-background px-4 py-2.5 md:px-6">
        <div aria-hidden="true" className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary sm:flex">
          <Network className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase">{t('title')}</p>
          <h1 className="truncate text-base leading-tight font-bold tracking-tight md:text-lg" data-testid="mindmap-title" title={map.root.label}>
            {map.root.label}
          </h1>
          <p className="sr-only" data-testid="mindmap-stats">{t('stats', { ideas: t('ideas', { count: map.nodeCount }), branches: t('branches', { count: sections }) })}</p>
        </div>
        <div role="toolbar" aria-label={t('toolbar.label')} className="flex shrink-0 items-center gap-1.5">
          <span className="mr-2 hidden text-xs text-muted-foreground lg:inline" aria-hidden="true">
            {t('stats', { ideas: t('ideas', { count: map.nodeCount }), branches: t('branches', { count: sections }) })}
          </span>
          <ToolbarButton label={t('toolbar.expandAll')} testId="mindmap-expand-all" onClick={() => { setCollapsed(new Set()); setTransform(null); }}>
            <UnfoldHorizontal aria-hidden="true" />
          </ToolbarButton>
          <ToolbarButton label={t('toolbar.collapseAll')} testId="mindmap-collapse-all" onClick={() => { setCollapsed(allBranches(map.root)); setTransform(null); setFocusedId(map.root.id); }}>
            <FoldHorizontal aria-hidden="true" />
          </ToolbarButton>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" className="h-10 min-w-10 px-3" data-testid="mindmap-export" aria-label={t('toolbar.export')}>
                <Download aria-hidden="true" />
                <span className="hidden sm:inline">{t('toolbar.export')}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem className="min-h-10" data-testid="mindmap-export-png" onSelect={() => void exportMap('png')}>
                <FileImage aria-hidden="true" />
                {t('toolbar.exportPng')}
              </DropdownMenuItem>
              <DropdownMenuItem className="min-h-10" data-testid="mindmap-export-svg" onSelect={() => void exportMap('svg')}>
                <FileCode2 aria-hidden="true" />
                {t('toolbar.exportSvg')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </header>

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
          {...panZoom}
        >
          {view && (
            <g
              ref={contentRef}
              transform={`translate(${view.x} ${view.y}) scale(${view.k})`}
              role="tree"
              aria-label={t('map.label', { title: map.root.label })}
              aria-describedby="mindmap-keys"
            >
              <MapScene
                layout={layout}
                lowConfidencePages={file.lowConfidencePages}
                focusedId={layout.byId.has(focusedId) ? focusedId : layout.rootId}
                selectedId={selectedId}
                onSelect={select}
                onToggle={toggle}
                onFocusNode={onFocusNode}
                onNodeKeyDown={onNodeKeyDown}
              />
            </g>
          )}
        </svg>
        <p id="mindmap-keys" className="sr-only">
          {t('keys.summary')}
        </p>

        <div className="pointer-events-none absolute bottom-3 left-4 hidden items-center gap-2 md:flex">
          <Tooltip content={<KeyList />} side="top">
            <button
              type="button"
              className="pointer-events-auto flex size-9 items-center justify-center rounded-lg border border-border bg-card/90 text-muted-foreground shadow-sm backdrop-blur hover:text-foreground"
              aria-label={t('toolbar.keyboard')}
            >
              <Keyboard aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
          <p className="rounded-md bg-background/80 px-2 py-1 text-xs text-muted-foreground backdrop-blur">{t('map.hint')}</p>
        </div>

        <div
          className={cn(
            'absolute right-3 bottom-3 flex flex-col items-center overflow-hidden rounded-xl border border-border bg-card/95 shadow-md backdrop-blur',
            selectedId && !narrow && 'right-[calc(22rem+1.5rem)]',
          )}
          role="group"
          aria-label={t('toolbar.zoom')}
        >
          <ZoomButton label={t('toolbar.zoomIn')} testId="mindmap-zoom-in" onClick={() => zoomBy(ZOOM_STEP)}>
            <ZoomIn aria-hidden="true" />
          </ZoomButton>
          <span className="py-0.5 text-[0.6875rem] font-semibold text-muted-foreground tabular-nums" data-testid="mindmap-zoom-level" aria-live="polite">
            {t('toolbar.zoomLevel', { percent: Math.round((view?.k ?? 1) * 100) })}
          </span>
          <ZoomButton label={t('toolbar.zoomOut')} testId="mindmap-zoom-out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            <ZoomOut aria-hidden="true" />
          </ZoomButton>
          <div className="h-px w-8 bg-border" />
          <ZoomButton label={t('toolbar.fit')} testId="mindmap-fit" onClick={() => setTransform(null)}>
            <Scan aria-hidden="true" />
          </ZoomButton>
        </div>

        {selectedNode && (
          <NodePanel
            file={file}
            node={selectedNode}
            layoutNode={layout.byId.get(selectedNode.id)}
            ancestors={ancestorsOf(map.root, selectedNode.id)}
            narrow={narrow}
            focusOnOpen={panelFocus}
            onClose={closePanel}
            onToggle={toggle}
          />
        )}
      </div>
    </div>
  );
}

function fitLayout(layout: MindmapLayout, size: Size, narrow: boolean): Transform {
  const root = layout.byId.get(layout.rootId);
  return fitTransform(layout.bounds, size, {
    padding: narrow ? 16 : 40,
    maxScale: 1.1,
    minScale: narrow ? 0.5 : 0.3,
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

function KeyList() {
  const { t } = useTranslation('mindmap');
  const rows = ['arrows', 'enter', 'details', 'zoom', 'fit', 'escape'] as const;
  return (
    <div className="py-0.5">
      <p className="mb-1 font-semibold">{t('toolbar.keyboard')}</p>
      <ul className="space-y-0.5">
        {rows.map((row) => (
          <li key={row}>{t(`keys.${row}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** An icon with its name beside it on wide screens; the name as a tooltip where only the icon fits. */
function ToolbarButton({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label}>
      <Button variant="outline" size="sm" className="h-10 min-w-10 px-2.5 xl:px-3" aria-label={label} data-testid={testId} onClick={onClick}>
        {children}
        <span className="hidden xl:inline">{label}</span>
      </Button>
    </Tooltip>
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

function useElementSize(ref: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width === 0 || height === 0) return;
      setSize((previous) => (previous && previous.width === width && previous.height === height ? previous : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Label widths measured in the page's font, measured again once the web font has loaded. */
function useMeasure() {
  const [measure, setMeasure] = useState(createCanvasMeasure);
  useEffect(() => {
    if (typeof document.fonts === 'undefined' || document.fonts.status === 'loaded') return;
    let live = true;
    void document.fonts.ready.then(() => {
      if (live) setMeasure(() => createCanvasMeasure());
    });
    return () => {
      live = false;
    };
  }, []);
  return measure;
}

/** A callback with a stable identity that always runs the latest render's code (the memoised drawing keeps it). */
function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
