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

export interface FitOptions {
  padding?: number;
  /** Never zoom in further than this to fit a small map. */
  maxScale?: number;
  /** Never zoom out further than this (a phone keeps labels readable); what does not fit then starts at `anchor`. */
  minScale?: number;
  /** The map point kept in view when the map does not fit at minScale (the root's centre). */
  anchor?: { x: number; y: number };
}

/** The transform that shows all of `bounds` centred in `viewport`, within the scale limits. */
export function fitTransform(bounds: Bounds, viewport: Size, options: FitOptions = {}): Transform {
  const { padding = 24, maxScale = 1, minScale = MIN_SCALE } = options;
  const room = { width: Math.max(1, viewport.width - 2 * padding), height: Math.max(1, viewport.height - 2 * padding) };
  const fit = Math.min(room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height));
  const k = clampScale(Math.min(maxScale, Math.max(minScale, fit)));
  const centred = (size: number, start: number, length: number) => (size - length * k) / 2 - start * k;
  let x = centred(viewport.width, bounds.x, bounds.width);
  let y = centred(viewport.height, bounds.y, bounds.height);
  if (bounds.width * k > room.width) x = padding - bounds.x * k;
  if (bounds.height * k > room.height) {
    const anchorY = options.anchor?.y ?? bounds.y + bounds.height / 2;
    y = viewport.height / 2 - anchorY * k;
    // Not past the map's own top or bottom edge.
    y = Math.min(padding - bounds.y * k, Math.max(viewport.height - padding - (bounds.y + bounds.height) * k, y));
  }
  return { x, y, k };
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
