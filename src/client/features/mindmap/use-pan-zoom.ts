import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject, type MouseEvent as ReactMouseEvent } from 'react';
import { wheelFactor, zoomAt, type Transform } from './viewport';

/** Movement (px) before a press becomes a drag rather than a click. */
const DRAG_THRESHOLD = 5;

interface Point {
  x: number;
  y: number;
}

type Gesture =
  | { kind: 'pan'; pointerId: number; start: Point; origin: Transform; moved: boolean }
  | { kind: 'pinch'; distance: number; middle: Point; origin: Transform };

/**
 * Drag to pan (mouse, pen or one finger), pinch with two fingers and the wheel to zoom about the pointer. A press that
 * moved is not a click, so dragging across a node does not open it. `current` reads the transform in effect (the map
 * may still be fitted automatically); `onChange` sets a new one.
 */
export function usePanZoom(svgRef: RefObject<SVGSVGElement | null>, current: () => Transform | null, onChange: (next: Transform) => void) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const suppressClick = useRef(false);
  const latest = useRef({ current, onChange });
  useEffect(() => {
    latest.current = { current, onChange };
  });

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      const transform = latest.current.current();
      if (!transform) return;
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      const at = { x: event.clientX - box.left, y: event.clientY - box.top };
      latest.current.onChange(zoomAt(transform, wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey), at));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef]);

  const pointOf = (event: ReactPointerEvent): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    const transform = latest.current.current();
    if (!a || !b || !transform) return;
    gesture.current = {
      kind: 'pinch',
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      origin: transform,
    };
  };

  const startPan = (pointerId: number, point: Point, moved: boolean) => {
    const transform = latest.current.current();
    if (!transform) return;
    gesture.current = { kind: 'pan', pointerId, start: point, origin: transform, moved };
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, pointOf(event));
    if (pointers.current.size === 2) startPinch();
    else if (pointers.current.size === 1) startPan(event.pointerId, pointOf(event), false);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = pointOf(event);
    pointers.current.set(event.pointerId, point);
    const active = gesture.current;
    if (!active) return;
    if (active.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const zoomed = zoomAt(active.origin, distance / active.distance, active.middle);
      latest.current.onChange({ ...zoomed, x: zoomed.x + middle.x - active.middle.x, y: zoomed.y + middle.y - active.middle.y });
      suppressClick.current = true;
      return;
    }
    if (active.pointerId !== event.pointerId) return;
    const dx = point.x - active.start.x;
    const dy = point.y - active.start.y;
    if (!active.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      active.moved = true;
      suppressClick.current = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    latest.current.onChange({ ...active.origin, x: active.origin.x + dx, y: active.origin.y + dy });
  };

  const onPointerEnd = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const remaining = [...pointers.current.entries()][0];
    if (remaining) startPan(remaining[0], remaining[1], true);
    else gesture.current = null;
    if (suppressClick.current) {
      // The click that follows this release (if any) comes in the same task; later clicks count again.
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
    }
  };

  const onClickCapture = (event: ReactMouseEvent) => {
    if (suppressClick.current) {
      event.stopPropagation();
      event.preventDefault();
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onClickCapture };
}
