import { describe, expect, it } from 'vitest';
import { clampScale, fitTransform, MAX_SCALE, MIN_SCALE, panIntoView, wheelFactor, zoomAt } from './viewport';

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
  it('centres a map that fits, scaled down to the room left by the padding', () => {
    const t = fitTransform({ x: 0, y: -200, width: 1000, height: 400 }, { width: 540, height: 800 }, { padding: 20 });
    expect(t.k).toBeCloseTo(0.5);
    const topLeft = screen(t, { x: 0, y: -200 });
    const bottomRight = screen(t, { x: 1000, y: 200 });
    expect(topLeft.x).toBeCloseTo(20);
    expect(bottomRight.x).toBeCloseTo(520);
    expect((topLeft.y + bottomRight.y) / 2).toBeCloseTo(400);
  });

  it('does not blow a small map up past maxScale', () => {
    expect(fitTransform({ x: 0, y: 0, width: 100, height: 50 }, { width: 1000, height: 800 }, { maxScale: 1.1 }).k).toBe(1.1);
  });

  it('on a phone keeps the minimum scale and starts at the left edge, centred on the anchor', () => {
    const bounds = { x: 0, y: -1000, width: 1200, height: 2000 };
    const t = fitTransform(bounds, { width: 390, height: 600 }, { padding: 16, minScale: 0.5, anchor: { x: 60, y: 0 } });
    expect(t.k).toBe(0.5);
    expect(screen(t, { x: 0, y: 0 }).x).toBeCloseTo(16);
    expect(screen(t, { x: 60, y: 0 }).y).toBeCloseTo(300);
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
