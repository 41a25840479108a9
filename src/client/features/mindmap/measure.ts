import { estimateWidth, type Measure } from './layout';

/** The app's font stack (styles.css --font-sans), as the SVG labels are drawn in it. */
export const MAP_FONT = "'Inter Variable', ui-sans-serif, system-ui, sans-serif";

/** Measures label lines with a canvas in the page's font; an estimate where no canvas can be had. */
export function createCanvasMeasure(): Measure {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return estimateWidth;
  const cache = new Map<string, number>();
  return (text, fontSize, fontWeight) => {
    const key = `${fontWeight}|${fontSize}|${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      context.font = `${fontWeight} ${fontSize}px ${MAP_FONT}`;
      width = context.measureText(text).width;
      cache.set(key, width);
    }
    return width;
  };
}
