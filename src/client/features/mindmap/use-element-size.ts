import { useEffect, useState, type RefObject } from 'react';
import type { Size } from './viewport';

/**
 * The size of an element's content box, followed with a ResizeObserver: the map is laid out, opened and fitted for the
 * size of its canvas. null until first measured; a zero size (the element hidden) keeps the last one, and an unchanged
 * size keeps the same object, so what depends on it is not worked out again.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size | null {
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
