import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, navigate, signUp, test } from './fixtures';
import { inBothColourSchemes, openFile, waitForArtefacts } from './study-fixtures';

/**
 * Issue 26, the viewer: a student's Markdown note (front matter, headings of three levels, a table, maths, a wikilink,
 * a task list, a footnote, and raw HTML with a script and an image whose onerror would run) is uploaded through the
 * real upload page and opened from its file row: it shows formatted, one card per top-level section, with KaTeX, and
 * nothing of its HTML runs; the page field goes to section 3. Opened from a summary point citing a later section (the
 * fourth), that section is scrolled to and marked as cited, with the point's sentence marked in it. Screenshots at desktop and phone size are kept in each test's output.
 */

const filler = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, index) =>
      `Satz ${index + 1} zum Thema ${topic}: Die Behörde muss den Sachverhalt von Amts wegen ermitteln und alle für den Einzelfall bedeutsamen Umstände berücksichtigen.`,
  ).join(' ');

const NOTE = `---
title: Allgemeines Verwaltungsrecht
tags: [jura, semester-3]
---
# Verwaltungsakt

Ein **Verwaltungsakt** ist nach [[VwVfG#§ 35|§ 35 VwVfG]] jede Verfügung, Entscheidung oder andere hoheitliche Maßnahme, die eine Behörde zur Regelung eines Einzelfalls auf dem Gebiet des öffentlichen Rechts trifft und die auf unmittelbare Rechtswirkung nach außen gerichtet ist. ${filler('Verwaltungsakt', 3)}

<script>window.__pwned = 1</script>

<img src="x" onerror="window.__pwned = 2">

## Merkmale

| Merkmal | Bedeutung | Beispiel |
| --- | --- | --- |
| Behörde | Stelle, die Aufgaben der öffentlichen Verwaltung wahrnimmt | Bauaufsichtsamt der Stadt |
| Regelung | verbindliche Festlegung einer Rechtsfolge | Baugenehmigung wird erteilt |
| Einzelfall | konkret-individueller Sachverhalt | Bescheid an einen Bauherrn |

### Prüfschema

- [x] Behörde
- [ ] Außenwirkung
  - unmittelbar nach außen gerichtet

# Ermessen

Die Behörde hat ihr Ermessen entsprechend dem Zweck der Ermächtigung auszuüben und die gesetzlichen Grenzen des Ermessens einzuhalten.[^40] ${filler('Ermessen', 3)}

> [!tip] Merke
> Ermessensfehler sind Ermessensausfall, Ermessensüberschreitung und Ermessensfehlgebrauch.

# Verhältnismäßigkeit

Eine Maßnahme ist verhältnismäßig, wenn sie einen legitimen Zweck verfolgt und geeignet, erforderlich und angemessen ist. Die Abwägung lässt sich als Verhältnis $N = \\frac{V}{B}$ von Vorteil zu Belastung schreiben, und sie muss $N \\geq 1$ ergeben. ${filler('Verhältnismäßigkeit', 3)}

$$
\\sum_{i=1}^{n} w_i \\cdot x_i \\geq 0
$$

# Widerspruchsverfahren

Vor Erhebung der Anfechtungsklage sind Rechtmäßigkeit und Zweckmäßigkeit des Verwaltungsakts in einem Vorverfahren nachzuprüfen. Der Widerspruch ist innerhalb eines Monats nach Bekanntgabe des Verwaltungsakts schriftlich bei der Behörde zu erheben. ${filler('Widerspruch', 3)}

[^40]: § 40 VwVfG.
`;

declare global {
  interface Window {
    __pwned?: number;
  }
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const device = testInfo.project.name === 'mobile' ? 'phone' : 'desktop';
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${device}.png`) });
}

/** Signs up, makes a course on the dashboard, uploads the note on its upload page and waits until it is read. */
async function uploadNote(page: Page, name: string): Promise<string> {
  await signUp(page);
  await page.getByTestId('dashboard-empty-create').click();
  await page.getByTestId('create-course-name').fill('Verwaltungsrecht');
  await page.getByTestId('create-course-submit').click();
  await expect(page.getByTestId('dashboard-course-name')).toHaveText('Verwaltungsrecht');
  await page.getByTestId('course-upload').click();
  await page.waitForURL('**/dashboard/upload?directoryId=*');
  await page.getByTestId('upload-input').setInputFiles([{ name, mimeType: 'text/markdown', buffer: Buffer.from(NOTE, 'utf8') }]);
  await expect(page.getByTestId('upload-file-name')).toHaveText(name);
  const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/files' && response.request().method() === 'POST');
  await page.getByTestId('upload-submit').click();
  const { files } = (await (await uploaded).json()) as { files: Array<{ id: string }> };
  await expect(page.getByTestId('uploaded-file')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  return files[0]?.id ?? '';
}

/** Opens the note from its row on the dashboard (the row's menu, View). */
async function viewFromFileRow(page: Page, name: string): Promise<Locator> {
  await page.getByTestId('upload-go-to-course').click();
  await page.waitForURL(/\/dashboard/);
  const row = page.getByTestId('dashboard-file').filter({ hasText: name });
  await row.getByTestId('file-menu').click();
  await page.getByTestId('file-menu-view').click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer.getByTestId('viewer-note-page').first()).toBeVisible({ timeout: 15_000 });
  return viewer;
}

test('a Markdown note uploaded on the upload page opens formatted, its HTML sanitised @mobile', async ({ page }, testInfo) => {
  test.slow();
  await uploadNote(page, 'Verwaltungsrecht.md');
  const viewer = await viewFromFileRow(page, 'Verwaltungsrecht.md');

  await expect(viewer).toHaveAttribute('data-kind', 'markdown');
  const pages = viewer.getByTestId('viewer-note-page');
  await expect(pages).toHaveCount(4);
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 1 of 4');
  // Headings of three levels, the table with its header row, the task list, the wikilink as its text.
  await expect(pages.nth(0).getByRole('heading', { level: 1, name: 'Verwaltungsakt' })).toBeVisible();
  await expect(pages.nth(0).getByRole('heading', { level: 2, name: 'Merkmale' })).toBeVisible();
  await expect(pages.nth(0).getByRole('heading', { level: 3, name: 'Prüfschema' })).toBeAttached();
  const table = pages.nth(0).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Merkmal', 'Bedeutung', 'Beispiel']);
  await expect(table.getByRole('cell', { name: 'verbindliche Festlegung einer Rechtsfolge' })).toBeAttached();
  await expect(pages.nth(0).getByRole('checkbox')).toHaveCount(2);
  await expect(pages.nth(0)).toContainText('ist nach § 35 VwVfG jede Verfügung');
  await expect(viewer.getByTestId('markdown-note')).not.toContainText('[[');
  // The front matter is no text of the note.
  await expect(viewer.getByTestId('markdown-note')).not.toContainText('semester-3');
  // Maths drawn by KaTeX: two inline formulas and one display formula on page 3.
  await expect(pages.nth(2).locator('.katex')).toHaveCount(3);
  await expect(pages.nth(2).locator('.katex-display')).toBeVisible();
  await expect(viewer.getByTestId('viewer-note-footnotes')).toContainText('§ 40 VwVfG.');

  // Nothing of the note's HTML ran, and the image was never asked for.
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  await expect(viewer.locator('script, img, [onerror]')).toHaveCount(0);
  await expect(viewer.getByTestId('viewer-note-image')).toHaveCount(1);

  // Page 3 from the page field: scrolled to, "Page 3 of 4".
  await viewer.getByTestId('viewer-page-input').fill('3');
  await viewer.getByTestId('viewer-page-input').press('Enter');
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 3 of 4');
  await expect(pages.nth(2).getByRole('heading', { level: 1, name: 'Verhältnismäßigkeit' })).toBeInViewport();

  if (testInfo.project.name === 'mobile') {
    // A table wider than a phone scrolls on its own, the page does not.
    const wrapper = viewer.getByTestId('viewer-note-table');
    const { scrollWidth, clientWidth } = await wrapper.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const content = viewer.getByTestId('viewer-markdown');
    expect(await content.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  }
  await shoot(page, testInfo, 'markdown-note-page-3');
  await viewer.getByTestId('viewer-page-input').fill('1');
  await viewer.getByTestId('viewer-page-input').press('Enter');
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 1 of 4');
  await shoot(page, testInfo, 'markdown-note-page-1');
  await viewer.getByTestId('viewer-note-table').scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'markdown-note-table');
  await viewer.getByTestId('viewer-next-page').click();
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 2 of 4');
  await shoot(page, testInfo, 'markdown-note-page-2');
});

test('a summary point opens the note at its section, scrolled to and marked as cited, its sentence marked', async ({ page }, testInfo) => {
  test.slow();
  const fileId = await uploadNote(page, 'Verwaltungsrecht.md');
  expect(fileId).not.toBe('');
  await waitForArtefacts(page, fileId, ['summary'], 60_000);
  await openFile(page, fileId);
  await navigate(page, '/summary');
  await expect(page.getByTestId('summary-page')).toBeVisible({ timeout: 15_000 });
  // The point on the appeal procedure, the note's fourth top-level section.
  const point = page.getByTestId('summary-point').filter({ has: page.locator('[data-testid="summary-page-link"][data-page="4"]') }).first();
  const link = point.getByTestId('summary-page-link');
  await link.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  await link.click();

  const viewer = page.getByRole('dialog', { name: 'Verwaltungsrecht.md' });
  const cited = viewer.locator('[data-cited="true"]');
  await expect(cited).toHaveCount(1, { timeout: 15_000 });
  await expect(cited).toHaveAttribute('data-page-slot', '4');
  await expect(cited.getByTestId('viewer-note-cited')).toHaveText('Cited');
  await expect(cited.getByRole('heading', { level: 1, name: 'Widerspruchsverfahren' })).toBeInViewport();
  await expect(viewer.getByTestId('viewer-page-status')).toHaveText('Page 4 of 4');
  // The point's sentence marked in that section, and nowhere else.
  await expect(cited.getByTestId('viewer-passage').first()).toBeVisible();
  await expect(viewer.getByTestId('viewer-passage')).toHaveCount(await cited.getByTestId('viewer-passage').count());
  await inBothColourSchemes(page, testInfo, async (suffix) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`markdown-note-cited-${suffix}.png`) });
  });
});
