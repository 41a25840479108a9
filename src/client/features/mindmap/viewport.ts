import type { Bounds } from './layout';

/**
 * Pan and zoom as one transform: a map point p shows at (p.x · k + x, p.y · k + y) on screen. Pure functions, so the
 * maths of zooming about a point, fitting and keeping a node in view is tested without a browser.
 */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.15;
export const MAX_SCALE = 2.5;
/** One press of + or − (or a zoom button). */
export const ZOOM_STEP = 1.25;

export function clampScale(k: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
}

/** Zooms by `factor` keeping the screen point `at` over the same map point. */
export function zoomAt(transform: Transform, factor: number, at: { x: number; y: number }): Transform {
  const k = clampScale(transform.k * factor);
  const ratio = k / transform.k;
  return { k, x: at.x - (at.x - transform.x) * ratio, y: at.y - (at.y - transform.y) * ratio };
}

/**
 * The lowest zoom a fit goes to: labels stay readable. The boxes' fonts are 18 px (root), 15 px (sections), 14 px
 * (concepts) and 13 px (fact sentences), so at 0.8 the root and section labels show at 14.4 and 12 px, concepts at
 * about 11 px and the fact sentences at about 10.4 px: the smallest a student still reads comfortably, while the whole
 * width of a fully opened four-level map (about 1,130 map units) still fits a 1366 px laptop's canvas. Below it a fit
 * keeps the labels at this size and the student pans to the rest (the old floor, 0.3, made 4 px text).
 */
export const READABLE_SCALE = 0.8;

export interface FitOptions {
  padding?: number;
  /** Never zoom in further than this to fit a small map. */
  maxScale?: number;
  /** Never zoom out further than this (labels stay readable); what does not fit then starts at `anchor`. */
  minScale?: number;
  /** The map point kept in view when the map's height does not fit (the root's centre). */
  anchor?: { x: number; y: number };
}

/**
 * The one fit of the map (as it opens, on "Fit", after Expand all): into `area`, the part of the canvas nothing covers
 * (screen coordinates, see freeArea). The whole map if that keeps it at `minScale` or larger; otherwise its width
 * (never below `minScale`, never above `maxScale`), the student then scrolling up and down, with `anchor` (the root) in
 * view. A map narrower than the area is centred in it; a wider one (at the floor) starts at its left edge.
 */
export function fitTransform(bounds: Bounds, area: Bounds, options: FitOptions = {}): Transform {
  const { padding = 24, maxScale = 1, minScale = READABLE_SCALE } = options;
  const room = { width: Math.max(1, area.width - 2 * padding), height: Math.max(1, area.height - 2 * padding) };
  const widthFit = Math.min(maxScale, room.width / Math.max(1, bounds.width));
  const whole = Math.min(widthFit, room.height / Math.max(1, bounds.height));
  const k = clampScale(whole >= minScale ? whole : Math.max(minScale, widthFit));
  const centred = (start: number, size: number, mapStart: number, length: number) => start + (size - length * k) / 2 - mapStart * k;
  let x = centred(area.x, area.width, bounds.x, bounds.width);
  let y = centred(area.y, area.height, bounds.y, bounds.height);
  if (bounds.width * k > room.width + 0.5) x = area.x + padding - bounds.x * k;
  if (bounds.height * k > room.height + 0.5) {
    const anchorY = options.anchor?.y ?? bounds.y;
    y = area.y + area.height / 2 - anchorY * k;
    // Not past the map's own top or bottom edge.
    y = Math.min(area.y + padding - bounds.y * k, Math.max(area.y + area.height - padding - (bounds.y + bounds.height) * k, y));
  }
  return { x, y, k };
}

/** The zoom buttons' column in the canvas's bottom-right corner (map-zoom-controls.tsx): 0.75rem from the edge, 44 px wide. */
export const CONTROLS_ROOM = 12 + 44 + 8;
/** The side panel (node-panel.tsx): 22rem wide, 0.75rem from the canvas's edge; the zoom buttons move left of it. */
export const SIDE_PANEL_WIDTH = 352;
export const SIDE_PANEL_ROOM = 12 + SIDE_PANEL_WIDTH + 12;
/** A phone's bottom sheet is at most 58 % of the canvas's height (node-panel.tsx), covering the zoom buttons. */
export const SHEET_SHARE = 0.58;
/** Wider than a phone, the keys button and the hint beside it (map-key-help.tsx): a 36 px row 0.75rem from the bottom. */
export const HINT_ROOM = 12 + 36 + 8;

/**
 * The part of the canvas (screen coordinates) that neither the details panel nor the zoom buttons (nor, wider than a
 * phone, the hint along the bottom) cover: what the map is fitted into and a selected node is brought into. Beside
 * the zoom buttons' column; with the details open, left of the side panel and the buttons beside it, or on a phone
 * above the bottom sheet (which covers the buttons).
 */
export function freeArea(size: Size, { narrow, panelOpen }: { narrow: boolean; panelOpen: boolean }): Bounds {
  const { width, height } = size;
  if (panelOpen && narrow) return { x: 0, y: 0, width, height: Math.round(height * (1 - SHEET_SHARE)) };
  const right = panelOpen ? SIDE_PANEL_ROOM + CONTROLS_ROOM - 12 : CONTROLS_ROOM;
  const bottom = narrow ? 0 : HINT_ROOM;
  const keep = (length: number, inset: number) => Math.max(Math.min(length, 160), length - inset);
  return { x: 0, y: 0, width: keep(width, right), height: keep(height, bottom) };
}

/**
 * The least pan that brings `rect` (map coordinates) inside `area` (screen coordinates, e.g. the part of the canvas
 * the details panel leaves free), with `margin`. A rect larger than the area is aligned at its top-left.
 */
export function panIntoView(transform: Transform, rect: Bounds, area: Bounds, margin = 24): Transform {
  const { k } = transform;
  const left = rect.x * k + transform.x;
  const top = rect.y * k + transform.y;
  const right = left + rect.width * k;
  const bottom = top + rect.height * k;
  const shift = (start: number, end: number, areaStart: number, areaEnd: number) => {
    if (end - start > areaEnd - areaStart - 2 * margin) return areaStart + margin - start;
    if (start < areaStart + margin) return areaStart + margin - start;
    if (end > areaEnd - margin) return areaEnd - margin - end;
    return 0;
  };
  const dx = shift(left, right, area.x, area.x + area.width);
  const dy = shift(top, bottom, area.y, area.y + area.height);
  return dx === 0 && dy === 0 ? transform : { ...transform, x: transform.x + dx, y: transform.y + dy };
}

/** The zoom factor of a wheel event: smooth for trackpads and pinch (ctrl + wheel), one step per mouse notch. */
export function wheelFactor(deltaY: number, deltaMode: number, ctrlKey: boolean): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const speed = ctrlKey ? 0.01 : 0.0022;
  return Math.exp(-Math.max(-120, Math.min(120, pixels)) * speed);
}
