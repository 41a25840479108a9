import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, navigate, test } from './fixtures';
import { studentWithStudyFile } from './study-fixtures';

/**
 * The Mindmap tab on a real document: the test paper trace-trees.pdf (14 pages) is uploaded through POST /api/files, the local
 * engine makes its mind map, and the student opens a closed branch, reads a node's source passage, opens the viewer at
 * its page, moves through the map by keyboard and downloads it as SVG. Screenshots (light and dark) are kept in each
 * test's output folder.
 */

/** Opens /mindmap and waits (through reading and generating) until the map is drawn. */
async function openMindmap(page: Page) {
  await navigate(page, '/mindmap');
  await expect(page.getByTestId('mindmap-view')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('mindmap-node').first()).toBeVisible();
}

/** The number of ideas the map says it holds ('120 ideas · 11 branches'). */
async function ideaCount(page: Page): Promise<number> {
  const stats = await page.getByTestId('mindmap-stats').textContent();
  return Number(/\d+/.exec(stats ?? '')?.[0]);
}

/** A spot of empty canvas to grab: the first of a grid of points where the canvas itself is hit. */
async function emptyCanvasPoint(page: Page): Promise<{ x: number; y: number } | null> {
  const box = (await page.getByTestId('mindmap-canvas').boundingBox())!;
  return page.evaluate(({ x, y, width, height }) => {
    for (let row = 1; row < 10; row += 1) {
      for (let column = 1; column < 10; column += 1) {
        const point = { x: x + (width * column) / 10, y: y + (height * row) / 10 };
        if (document.elementFromPoint(point.x, point.y)?.getAttribute('data-testid') === 'mindmap-canvas') return point;
      }
    }
    return null;
  }, box);
}

const activeNodeId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-node-id') ?? null);

test('a student opens a branch, reads a node’s source, opens its page, moves by keyboard and exports the map @mobile', async ({ page }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  await studentWithStudyFile(page);
  await openMindmap(page);
  const title = await page.getByTestId('mindmap-title').textContent();
  expect(title?.trim().length).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath(`mindmap-${phone ? 'phone' : 'desktop'}-light.png`), animations: 'disabled' });

  // A big map starts with its deeper levels closed: open one.
  const closed = page.locator('[data-testid="mindmap-node"][data-collapsed="true"]').first();
  await expect(closed).toBeVisible();
  const branchId = (await closed.getAttribute('data-node-id'))!;
  const before = await page.getByTestId('mindmap-node').count();
  await closed.getByTestId('mindmap-toggle').click();
  const branch = page.locator(`[data-testid="mindmap-node"][data-node-id="${branchId}"]`);
  await expect(branch).toHaveAttribute('data-collapsed', 'false');
  await expect(branch).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => page.getByTestId('mindmap-node').count()).toBeGreaterThan(before);

  // Click the first idea of the opened branch: its source passage and page show in the details.
  const childId = await page.evaluate((id) => {
    const nodes = [...document.querySelectorAll('[data-testid="mindmap-node"]')];
    const parent = nodes.find((node) => node.getAttribute('data-node-id') === id);
    const level = Number(parent?.getAttribute('aria-level'));
    // Children follow their parent in document order (d3's pre-order), one level deeper.
    const index = nodes.indexOf(parent!);
    return nodes.slice(index + 1).find((node) => Number(node.getAttribute('aria-level')) === level + 1)?.getAttribute('data-node-id');
  }, branchId);
  expect(childId).toBeTruthy();
  const child = page.locator(`[data-testid="mindmap-node"][data-node-id="${childId}"]`);
  const label = (await child.locator('title').textContent())!;
  // A click makes it the current idea (a branch opens, a leaf shows its details), its i button shows its details.
  await child.click();
  await child.getByTestId('mindmap-node-details').click();
  const panel = page.getByTestId('mindmap-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('mindmap-panel-title')).toHaveText(label);
  await expect(child).toHaveAttribute('aria-selected', 'true');
  const passage = panel.getByTestId('mindmap-passage');
  await expect(passage).toBeVisible();
  // The passage is the page's text around the idea, with the sentence that supports it marked.
  await expect(passage.locator('mark')).toBeVisible();
  const sentence = (await passage.locator('mark').textContent())!;
  expect((await passage.textContent())!.length).toBeGreaterThan(label.length / 2);
  const pageLabel = (await panel.getByTestId('mindmap-panel-page').textContent())!;
  const pageNumber = Number(/\d+/.exec(pageLabel)?.[0]);
  expect(pageNumber).toBeGreaterThanOrEqual(1);
  expect(pageNumber).toBeLessThanOrEqual(14);
  await page.screenshot({ path: testInfo.outputPath(`mindmap-${phone ? 'phone' : 'desktop'}-panel-light.png`), animations: 'disabled' });

  // Open the viewer at that page.
  await panel.getByTestId('mindmap-open-page').click();
  const viewer = page.getByRole('dialog', { name: 'trace-trees.pdf' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText(`Page ${pageNumber} of 14`, { timeout: 15_000 });
  // The sentence the panel marks is marked on the page too, in view.
  const marked = viewer.locator(`[data-page-slot="${pageNumber}"] [data-testid="viewer-passage"]`);
  await expect(marked.first()).toBeInViewport({ timeout: 15_000 });
  const markedText = (await marked.allTextContents()).join('').replace(/\s+/g, ' ');
  for (const word of sentence.match(/\p{L}{6,}/gu)?.slice(0, 3) ?? []) expect(markedText).toContain(word);
  await page.screenshot({ path: testInfo.outputPath(`mindmap-${phone ? 'phone' : 'desktop'}-viewer-marked.png`) });
  await viewer.getByTestId('viewer-close').click();
  await expect(viewer).toBeHidden();

  // The details close with their button.
  await panel.getByTestId('mindmap-panel-close').click();
  await expect(panel).toBeHidden();

  // Export as SVG: a download of an <svg> document holding the map's labels, its colours written in.
  const download = page.waitForEvent('download');
  await page.getByTestId('mindmap-export').click();
  await page.getByTestId('mindmap-export-svg').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('trace-trees - mind map.svg');
  const svg = await readFile((await file.path())!, 'utf8');
  expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toContain(title!.trim().replace(/&/g, '&amp;').slice(0, 20));
  expect(svg).not.toContain('var(--');
  expect(svg).toMatch(/fill="rgb\(/);
  await file.saveAs(testInfo.outputPath('export.svg'));

  // And as PNG: an image drawn from that SVG on a canvas.
  const pngDownload = page.waitForEvent('download');
  await page.getByTestId('mindmap-export').click();
  await page.getByTestId('mindmap-export-png').click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe('trace-trees - mind map.png');
  const bytes = await readFile((await png.path())!);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.length).toBeGreaterThan(10_000);
  await png.saveAs(testInfo.outputPath('export.png'));
});

test('the map is driven by keyboard: arrows move between ideas, Enter opens a branch, I shows the source, + and 0 zoom and fit', async ({ page }, testInfo) => {
  test.slow();
  await studentWithStudyFile(page);
  await openMindmap(page);
  await expect(page.getByTestId('mindmap-key-help')).toBeVisible();

  const root = page.locator('[data-testid="mindmap-node"][aria-level="1"]');
  await root.focus();
  expect(await activeNodeId(page)).toBe(await root.getAttribute('data-node-id'));
  await page.keyboard.press('ArrowRight');
  const first = page.locator('[data-testid="mindmap-node"][aria-level="2"]').first();
  expect(await activeNodeId(page)).toBe(await first.getAttribute('data-node-id'));
  await page.keyboard.press('ArrowDown');
  const second = page.locator('[data-testid="mindmap-node"][aria-level="2"]').nth(1);
  expect(await activeNodeId(page)).toBe(await second.getAttribute('data-node-id'));
  await page.keyboard.press('ArrowLeft');
  expect(await activeNodeId(page)).toBe(await root.getAttribute('data-node-id'));

  // Down to a closed branch, then Enter opens it and Enter closes it again.
  const closedId = await page.locator('[data-testid="mindmap-node"][data-collapsed="true"]').first().getAttribute('data-node-id');
  await page.locator(`[data-node-id="${closedId}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-node-id="${closedId}"]`)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  const focusedChild = await activeNodeId(page);
  expect(focusedChild).not.toBe(closedId);
  await page.keyboard.press('i');
  await expect(page.getByTestId('mindmap-panel')).toBeVisible();
  await expect(page.getByTestId('mindmap-passage')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mindmap-panel')).toBeHidden();
  expect(await activeNodeId(page)).toBe(focusedChild);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press(' ');
  await expect(page.locator(`[data-node-id="${closedId}"]`)).toHaveAttribute('aria-expanded', 'false');

  const zoom = page.getByTestId('mindmap-zoom-level');
  const fitted = await zoom.textContent();
  await page.keyboard.press('+');
  await expect(zoom).not.toHaveText(fitted!);
  await page.keyboard.press('0');
  await expect(zoom).toHaveText(fitted!);

  // Expand all shows every idea, Collapse all only the sections.
  const nodes = page.getByTestId('mindmap-node');
  await page.getByTestId('mindmap-expand-all').click();
  await expect(nodes).toHaveCount(await ideaCount(page));
  await page.getByTestId('mindmap-collapse-all').click();
  await expect(nodes).toHaveCount((await page.locator('[data-testid="mindmap-node"][aria-level="2"]').count()) + 1);
  await expect(page.locator('[data-testid="mindmap-node"][aria-level="3"]')).toHaveCount(0);

  // Dark mode, for a look: a section opened and one of its ideas with its source.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('[data-testid="mindmap-node"][aria-level="2"]').nth(1).getByTestId('mindmap-toggle').click();
  const concept = page.locator('[data-testid="mindmap-node"][aria-level="3"]').first();
  await concept.click();
  await concept.getByTestId('mindmap-node-details').click();
  await expect(page.getByTestId('mindmap-passage')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mindmap-desktop-panel-dark.png'), animations: 'disabled' });
});

test.describe('on a touch tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, isMobile: true, hasTouch: true });

  test('the map shows no keyboard and mouse hints, the flashcard session no keys', async ({ page }) => {
    test.slow();
    await studentWithStudyFile(page);
    await openMindmap(page);
    // Wide enough for the hints a computer gets (md), but a touch screen: neither keys nor scroll and click apply.
    await expect(page.getByTestId('mindmap-key-help')).toBeHidden();
    await navigate(page, '/decks');
    await page.locator('[data-testid="deck"][data-generated="true"]').getByTestId('deck-study').click({ timeout: 90_000 });
    await expect(page.getByTestId('session-flip')).toBeVisible();
    await expect(page.getByTestId('session-flip').locator('kbd')).toBeHidden();
  });
});

test('on a phone the map fits the screen, pans by dragging, and the details open as a bottom sheet @mobile', async ({ page }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  await studentWithStudyFile(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openMindmap(page);
  await page.screenshot({ path: testInfo.outputPath(`mindmap-${phone ? 'phone' : 'desktop'}-dark.png`), animations: 'disabled' });

  // Dragging the canvas moves the map.
  const root = page.locator('[data-testid="mindmap-node"][aria-level="1"]');
  const start = (await root.boundingBox())!;
  const grab = await emptyCanvasPoint(page);
  expect(grab).not.toBeNull();
  await page.mouse.move(grab!.x, grab!.y);
  await page.mouse.down();
  await page.mouse.move(grab!.x - 60, grab!.y - 60, { steps: 6 });
  await page.mouse.up();
  const moved = (await root.boundingBox())!;
  expect(Math.round(moved.x - start.x)).toBe(-60);
  expect(Math.round(moved.y - start.y)).toBe(-60);

  // The zoom buttons change the scale; Fit brings the map back.
  const zoom = page.getByTestId('mindmap-zoom-level');
  const fitted = await zoom.textContent();
  await page.getByTestId('mindmap-zoom-in').click();
  await expect(zoom).not.toHaveText(fitted!);
  await page.getByTestId('mindmap-fit').click();
  await expect(zoom).toHaveText(fitted!);

  // Zoom about the pointer: the wheel, and on a phone two fingers spreading apart.
  const percent = async () => Number.parseInt((await zoom.textContent()) ?? '', 10);
  const fittedPercent = await percent();
  if (phone) {
    const touch = await page.context().newCDPSession(page);
    const finger = (id: number, spread: number) => ({ id, x: grab!.x + (id === 0 ? -spread : spread), y: grab!.y });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger(0, 30), finger(1, 30)] });
    for (let step = 1; step <= 6; step += 1) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [finger(0, 30 + step * 10), finger(1, 30 + step * 10)] });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await page.mouse.move(grab!.x, grab!.y);
    await page.mouse.wheel(0, -300);
  }
  await expect.poll(percent).toBeGreaterThan(fittedPercent);
  await page.getByTestId('mindmap-fit').click();
  await expect(zoom).toHaveText(fitted!);

  // A section's i button opens its details; on a phone they are a sheet along the bottom, above the tab bar.
  const section = page.locator('[data-testid="mindmap-node"][aria-level="2"]').first();
  await section.click();
  await section.getByTestId('mindmap-node-details').click();
  const panel = page.getByTestId('mindmap-panel');
  await expect(page.getByTestId('mindmap-passage')).toBeVisible();
  if (phone) {
    const sheet = (await panel.boundingBox())!;
    expect(sheet.width).toBeGreaterThanOrEqual(389);
    expect(sheet.y).toBeGreaterThan(844 / 3);
    const openPage = (await panel.getByTestId('mindmap-open-page').boundingBox())!;
    expect(openPage.height).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: testInfo.outputPath(`mindmap-${phone ? 'phone' : 'desktop'}-panel-dark.png`), animations: 'disabled' });
});

/** A box on the page: Playwright's boundingBox. */
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The map's scale, as its drawing's transform has it. */
const mapScale = async (page: Page) => Number(await page.locator('[role="tree"]').getAttribute('data-scale'));
/** The readable floor of viewport.ts (READABLE_SCALE). */
const READABLE_SCALE = 0.8;

test('the map stays readable: a click opens a branch, the details come second, Expand all fits the width, nothing covers the chosen idea @mobile', async ({ page }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  const device = phone ? 'phone' : 'desktop';
  if (!phone) await page.setViewportSize({ width: 1366, height: 800 });
  await studentWithStudyFile(page);
  await openMindmap(page);
  const panel = page.getByTestId('mindmap-panel');
  const controls = page.getByRole('group', { name: 'Zoom' });
  const canvas = (await page.getByTestId('mindmap-canvas').boundingBox())!;
  expect(await mapScale(page)).toBeGreaterThanOrEqual(READABLE_SCALE);

  // A click on a closed branch's box (not its toggle) opens the branch; its details wait for a second action.
  const branchId = await page.evaluate((area) => {
    // One in full view: the map opens at 100 % round the root, the first and last sections may be cut by the edge.
    const closed = [...document.querySelectorAll('[data-testid="mindmap-node"][data-collapsed="true"]')];
    const inView = closed.find((node) => {
      const box = node.querySelector('.mm-box')!.getBoundingClientRect();
      return box.top >= area.y && box.bottom <= area.y + area.height && box.left >= area.x && box.right <= area.x + area.width;
    });
    return inView?.getAttribute('data-node-id') ?? null;
  }, canvas);
  expect(branchId).not.toBeNull();
  const branch = page.locator(`[data-testid="mindmap-node"][data-node-id="${branchId}"]`);
  const level = Number(await branch.getAttribute('aria-level'));
  const children = page.locator(`[data-testid="mindmap-node"][aria-level="${level + 1}"]`);
  const before = await children.count();
  await branch.click();
  const opened = page.locator(`[data-testid="mindmap-node"][data-node-id="${branchId}"]`);
  await expect(opened).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => children.count()).toBeGreaterThan(before);
  await expect(panel).toHaveCount(0);
  await expect(opened).toHaveAttribute('aria-selected', 'false');
  await page.screenshot({ path: testInfo.outputPath(`readable-${device}-branch-opened.png`), animations: 'disabled' });

  // Its i button opens the details, clear of the panel and the zoom buttons.
  await opened.getByTestId('mindmap-node-details').click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('mindmap-panel-title')).toHaveText((await opened.locator('title').textContent())!);
  await expect(page.getByTestId('mindmap-passage')).toBeVisible();
  const expectClear = async (node: typeof opened) => {
    const box = (await node.locator('.mm-box').boundingBox())!;
    expect(overlaps(box, (await panel.boundingBox())!), 'the panel covers the chosen idea').toBe(false);
    expect(overlaps(box, (await controls.boundingBox())!), 'the zoom buttons cover the chosen idea').toBe(false);
    const help = page.getByTestId('mindmap-key-help');
    if (await help.isVisible()) expect(overlaps(box, (await help.boundingBox())!), 'the hint covers the chosen idea').toBe(false);
    expect(box.x).toBeGreaterThanOrEqual(canvas.x);
    expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
  };
  await expectClear(opened);
  await panel.getByTestId('mindmap-panel-close').click();
  await expect(panel).toBeHidden();

  // Expand all: every idea, at a readable zoom; on a laptop the whole width fits beside the zoom buttons.
  await page.getByTestId('mindmap-expand-all').click();
  await expect(page.getByTestId('mindmap-node')).toHaveCount(await ideaCount(page));
  expect(await mapScale(page)).toBeGreaterThanOrEqual(READABLE_SCALE);
  const controlsBox = (await controls.boundingBox())!;
  const extent = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="mindmap-node"] .mm-box')].map((box) => box.getBoundingClientRect());
    return { left: Math.min(...boxes.map((box) => box.left)), right: Math.max(...boxes.map((box) => box.right)) };
  });
  if (!phone) {
    expect(extent.left).toBeGreaterThanOrEqual(canvas.x);
    expect(extent.right).toBeLessThanOrEqual(controlsBox.x);
  }
  // The root stays in view.
  const root = (await page.locator('[data-testid="mindmap-node"][aria-level="1"] .mm-box').boundingBox())!;
  expect(root.x).toBeGreaterThanOrEqual(canvas.x);
  expect(root.y).toBeGreaterThanOrEqual(canvas.y);
  expect(root.y + root.height).toBeLessThanOrEqual(canvas.y + canvas.height);
  await page.screenshot({ path: testInfo.outputPath(`readable-${device}-expanded.png`), animations: 'disabled' });

  // A leaf where the details will go (the right-most, lowest one in view) shows its details at a click, moved clear.
  if (phone) {
    // The phone shows the map's first two levels at this zoom: drag the ideas of the next levels into view.
    const grab = (await emptyCanvasPoint(page))!;
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - 200, grab.y, { steps: 8 });
    await page.mouse.up();
  }
  const leafId = await page.evaluate((area) => {
    let best: { id: string; score: number } | null = null;
    for (const node of document.querySelectorAll('[data-testid="mindmap-node"]:not([data-collapsed])')) {
      const box = node.querySelector('.mm-box')!.getBoundingClientRect();
      const inView = box.left >= area.x && box.top >= area.y && box.right <= area.right && box.bottom <= area.bottom;
      if (inView && (!best || box.right + box.bottom > best.score)) best = { id: node.getAttribute('data-node-id')!, score: box.right + box.bottom };
    }
    return best?.id ?? null;
  }, { x: canvas.x, y: canvas.y, right: controlsBox.x, bottom: canvas.y + canvas.height });
  expect(leafId).not.toBeNull();
  const leaf = page.locator(`[data-testid="mindmap-node"][data-node-id="${leafId}"]`);
  await leaf.click();
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('mindmap-passage')).toBeVisible();
  await expect(leaf).toHaveAttribute('aria-selected', 'true');
  await expectClear(leaf);
  expect(await mapScale(page)).toBeGreaterThanOrEqual(READABLE_SCALE);
  await page.screenshot({ path: testInfo.outputPath(`readable-${device}-leaf-details.png`), animations: 'disabled' });
});
