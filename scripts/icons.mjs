// Draws the app's icons (public/icons/*.png: the home screen, the install prompt, iOS) from public/favicon.svg, each
// rendered at its own size. Run after changing the favicon: node scripts/icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const svg = readFileSync('public/favicon.svg', 'utf8');
const BRAND = '#16a34a';

/** The favicon at `size`, inset by `pad` (a share of the size) on a full square of the brand colour when `fill`. */
async function draw(name, size, pad, fill) {
  const inner = Math.round(size * (1 - pad));
  const image = await loadImage(Buffer.from(svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)));
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  if (fill) {
    context.fillStyle = BRAND;
    context.fillRect(0, 0, size, size);
  }
  context.drawImage(image, (size - inner) / 2, (size - inner) / 2, inner, inner);
  writeFileSync(`public/icons/${name}`, canvas.toBuffer('image/png'));
}

await draw('icon-192.png', 192, 0, false);
await draw('icon-512.png', 512, 0, false);
// Maskable: the launcher crops to its own shape, keeping only the middle 80 %.
await draw('maskable-512.png', 512, 0.2, true);
await draw('apple-touch-icon.png', 180, 0.1, true);
