import { useEffect, useState } from 'react';
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

/**
 * Label widths measured in the page's font, measured again once the web font has loaded: until then the canvas measures
 * a fallback font, and labels laid out with those widths would not fit their boxes.
 */
export function useLabelMeasure(): Measure {
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
