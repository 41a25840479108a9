import { describe, expect, it } from 'vitest';
import {
  clampScale,
  CONTROLS_ROOM,
  fitTransform,
  freeArea,
  HINT_ROOM,
  MAX_SCALE,
  MIN_SCALE,
  panIntoView,
  READABLE_SCALE,
  SHEET_SHARE,
  SIDE_PANEL_ROOM,
  wheelFactor,
  zoomAt,
} from './viewport';

const screen = (t: { x: number; y: number; k: number }, p: { x: number; y: number }) => ({ x: p.x * t.k + t.x, y: p.y * t.k + t.y });

describe('zoomAt', () => {
  it('keeps the point under the pointer in place', () => {
    const before = { x: 40, y: -20, k: 0.8 };
    const mapPoint = { x: 300, y: 150 };
    const at = screen(before, mapPoint);
    const after = zoomAt(before, 1.5, at);
    expect(after.k).toBeCloseTo(1.2);
    expect(screen(after, mapPoint).x).toBeCloseTo(at.x);
    expect(screen(after, mapPoint).y).toBeCloseTo(at.y);
  });

  it('stays within the scale limits', () => {
    expect(zoomAt({ x: 0, y: 0, k: 2 }, 10, { x: 0, y: 0 }).k).toBe(MAX_SCALE);
    expect(zoomAt({ x: 0, y: 0, k: 0.2 }, 0.01, { x: 0, y: 0 }).k).toBe(MIN_SCALE);
    expect(clampScale(1)).toBe(1);
  });
});

describe('fitTransform', () => {
  const area = (width: number, height: number, x = 0, y = 0) => ({ x, y, width, height });

  it('centres a map that fits readably, scaled down to the room left by the padding', () => {
    const t = fitTransform({ x: 0, y: -200, width: 1000, height: 400 }, area(840, 800), { padding: 20 });
    expect(t.k).toBeCloseTo(0.8);
    const topLeft = screen(t, { x: 0, y: -200 });
    const bottomRight = screen(t, { x: 1000, y: 200 });
    expect(topLeft.x).toBeCloseTo(20);
    expect(bottomRight.x).toBeCloseTo(820);
    expect((topLeft.y + bottomRight.y) / 2).toBeCloseTo(400);
  });

  it('does not blow a small map up past 100 %', () => {
    const t = fitTransform({ x: 0, y: 0, width: 100, height: 50 }, area(1000, 800));
    expect(t.k).toBe(1);
    expect(screen(t, { x: 50, y: 25 })).toEqual({ x: 500, y: 400 });
  });

  it('fits a tall map’s width rather than shrinking it whole to unreadable text, the root in view', () => {
    // A fully opened map: 1,134 wide and 5,000 tall in a laptop's canvas. Whole, it would show at 0.12.
    const bounds = { x: 0, y: -2500, width: 1134, height: 5000 };
    const t = fitTransform(bounds, area(1014, 630), { padding: 24, anchor: { x: 90, y: 0 } });
    expect(t.k).toBeCloseTo((1014 - 48) / 1134);
    expect(t.k).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect(screen(t, { x: 0, y: 0 }).x).toBeCloseTo(24);
    expect(screen(t, { x: 1134, y: 0 }).x).toBeCloseTo(1014 - 24);
    // The root's centre at the middle of the height; the student scrolls up and down from there.
    expect(screen(t, { x: 90, y: 0 }).y).toBeCloseTo(315);
  });

  it('never goes below the readable floor: a large map starts at its left edge, the anchor in view', () => {
    const bounds = { x: 0, y: -1000, width: 1200, height: 2000 };
    const t = fitTransform(bounds, area(390, 600), { padding: 16, anchor: { x: 60, y: 0 } });
    expect(t.k).toBe(READABLE_SCALE);
    expect(screen(t, { x: 0, y: 0 }).x).toBeCloseTo(16);
    expect(screen(t, { x: 60, y: 0 }).y).toBeCloseTo(300);
  });

  it('keeps a map’s top or bottom edge at the padding rather than showing empty canvas past it', () => {
    const bounds = { x: 0, y: 0, width: 300, height: 2000 };
    const t = fitTransform(bounds, area(800, 600), { padding: 24, anchor: { x: 0, y: 100 } });
    expect(t.k).toBe(1);
    expect(screen(t, { x: 0, y: 0 }).y).toBeCloseTo(24);
  });

  it('fits into an area that does not start at the canvas’s corner', () => {
    const t = fitTransform({ x: 0, y: 0, width: 200, height: 100 }, area(400, 300, 100, 50), { padding: 0 });
    expect(t.k).toBe(1);
    expect(screen(t, { x: 100, y: 50 })).toEqual({ x: 300, y: 200 });
  });
});

describe('freeArea', () => {
  it('leaves out the zoom buttons’ column, and wider than a phone the hint along the bottom', () => {
    expect(freeArea({ width: 1078, height: 630 }, { narrow: false, panelOpen: false })).toEqual({ x: 0, y: 0, width: 1078 - CONTROLS_ROOM, height: 630 - HINT_ROOM });
    expect(freeArea({ width: 390, height: 647 }, { narrow: true, panelOpen: false })).toEqual({ x: 0, y: 0, width: 390 - CONTROLS_ROOM, height: 647 });
  });

  it('with the side panel open, ends left of the zoom buttons beside the panel', () => {
    const free = freeArea({ width: 1078, height: 630 }, { narrow: false, panelOpen: true });
    // The panel: 22rem from 0.75rem of the right edge; the buttons (44 px) 0.75rem left of it; 8 px to spare.
    const panelLeft = 1078 - 12 - 352;
    const buttonsLeft = panelLeft - 12 - 44;
    expect(free).toEqual({ x: 0, y: 0, width: buttonsLeft - 8, height: 630 - HINT_ROOM });
    expect(SIDE_PANEL_ROOM).toBe(376);
  });

  it('on a phone with the details open, is the part above the bottom sheet, the buttons under the sheet', () => {
    expect(freeArea({ width: 390, height: 647 }, { narrow: true, panelOpen: true })).toEqual({ x: 0, y: 0, width: 390, height: Math.round(647 * (1 - SHEET_SHARE)) });
  });

  it('keeps some room on a canvas narrower than the panel', () => {
    expect(freeArea({ width: 300, height: 400 }, { narrow: false, panelOpen: true }).width).toBe(160);
    expect(freeArea({ width: 40, height: 400 }, { narrow: false, panelOpen: false }).width).toBe(40);
    expect(freeArea({ width: 800, height: 100 }, { narrow: false, panelOpen: false }).height).toBe(100);
  });
});

describe('panIntoView', () => {
  const area = { x: 0, y: 0, width: 800, height: 600 };
  it('leaves a visible rect alone and moves a hidden one just inside the margin', () => {
    const t = { x: 0, y: 0, k: 1 };
    expect(panIntoView(t, { x: 100, y: 100, width: 50, height: 20 }, area)).toBe(t);
    const moved = panIntoView(t, { x: 900, y: 700, width: 100, height: 40 }, area, 24);
    expect(screen(moved, { x: 1000, y: 740 })).toEqual({ x: 776, y: 576 });
    const left = panIntoView(t, { x: -300, y: 10, width: 100, height: 40 }, area, 24);
    expect(screen(left, { x: -300, y: 10 }).x).toBe(24);
  });
});

describe('wheelFactor', () => {
  it('zooms in when scrolling up and out when scrolling down, line and pixel modes alike', () => {
    expect(wheelFactor(-100, 0, false)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0, false)).toBeLessThan(1);
    expect(wheelFactor(-3, 1, false)).toBeCloseTo(wheelFactor(-48, 0, false));
    expect(wheelFactor(-10, 0, true)).toBeGreaterThan(wheelFactor(-10, 0, false));
  });
});
