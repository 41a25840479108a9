import type { Bounds } from './layout';

/**
 * Export of the map as drawn (what is open shows): a standalone SVG with the theme's colours written into every
 * element (the page's CSS variables do not travel with a file), and a PNG drawn from that SVG on a canvas.
 */

/** The presentation properties copied from the live map into the file. */
const INLINED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';
const EXPORT_PADDING = 32;
/** Fonts of the page are not loaded inside an SVG image; the fallbacks after Inter are. */
const EXPORT_FONT = "'Inter Variable', Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Safe file name from a document's name: its extension and characters file systems refuse are dropped. */
export function exportFileName(fileName: string, suffix: string, extension: 'svg' | 'png'): string {
  const base = fileName.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return `${(base || 'mindmap').slice(0, 120)} - ${suffix}.${extension}`;
}

/**
 * The map as an SVG document: `content` (the live <g> holding links and nodes) cloned, its pan and zoom replaced by a
 * translation that puts `bounds` at the padding, every element's computed colours and fonts inlined, interactive
 * leftovers (focus rings, hit areas, ARIA) removed, on a rectangle of `background`.
 */
export function serializeMap(content: SVGGElement, bounds: Bounds, background: string, title: string): string {
  const width = Math.ceil(bounds.width + 2 * EXPORT_PADDING);
  const height = Math.ceil(bounds.height + 2 * EXPORT_PADDING);
  const clone = content.cloneNode(true) as SVGGElement;
  inlineStyles(content, clone);
  clone.setAttribute('transform', `translate(${EXPORT_PADDING - bounds.x} ${EXPORT_PADDING - bounds.y})`);
  for (const element of clone.querySelectorAll('[data-export="omit"]')) element.remove();
  // Each line keeps the width it was laid out at, whatever font the viewer has.
  for (const line of clone.querySelectorAll('tspan[data-width]')) {
    line.setAttribute('textLength', line.getAttribute('data-width') ?? '');
    line.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  for (const element of [clone, ...clone.querySelectorAll('*')]) {
    for (const name of element.getAttributeNames()) {
      if (name === 'class' || name === 'style' || name === 'tabindex' || name === 'role' || name.startsWith('aria-') || name.startsWith('data-')) {
        element.removeAttribute(name);
      }
    }
  }

  const documentElement = document.createElementNS(SVG_NS, 'svg');
  documentElement.setAttribute('xmlns', SVG_NS);
  documentElement.setAttribute('width', String(width));
  documentElement.setAttribute('height', String(height));
  documentElement.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const titleElement = document.createElementNS(SVG_NS, 'title');
  titleElement.textContent = title;
  const backdrop = document.createElementNS(SVG_NS, 'rect');
  backdrop.setAttribute('width', String(width));
  backdrop.setAttribute('height', String(height));
  backdrop.setAttribute('fill', background);
  documentElement.append(titleElement, backdrop, clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(documentElement)}`;
}

function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  for (const property of INLINED) {
    const value = computed.getPropertyValue(property);
    if (value) target.setAttribute(property, property === 'font-family' ? EXPORT_FONT : value);
  }
  if (computed.display === 'none' || computed.visibility === 'hidden') target.setAttribute('data-export', 'omit');
  const sourceChildren = source.children;
  const targetChildren = target.children;
  for (let index = 0; index < sourceChildren.length; index += 1) {
    const child = sourceChildren[index];
    const twin = targetChildren[index];
    if (child && twin) inlineStyles(child, twin);
  }
}

/** The largest scale (at most 2×) at which the PNG stays within what browsers draw on one canvas. */
export function pngScale(width: number, height: number): number {
  const byArea = Math.sqrt(16_000_000 / Math.max(1, width * height));
  const bySide = 8_000 / Math.max(width, height, 1);
  // Rounded down, so rounding never lifts it over either limit.
  return Math.max(0.1, Math.floor(Math.min(2, byArea, bySide) * 1000) / 1000);
}

/** Draws the SVG document on a canvas (on `background`) and answers it as a PNG. */
export async function svgToPng(svg: string, background: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const width = image.naturalWidth;
    const height = image.naturalHeight;
    const scale = pngScale(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas made no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
