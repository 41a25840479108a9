import type { Page } from '@playwright/test';
import { DESKTOP, expect, navigate, test } from './fixtures';
import { openLearn } from './lesson-fixtures';
import { studentWithStudyFile } from './study-fixtures';

/**
 * Issue 21: the study tabs' views and the lesson player load when first needed and are read ahead when likely — a
 * hovered tab (the router preloads the route, whose loader starts the view's chunk, lib/read-ahead.ts), and the
 * path's next lesson as soon as it is in view (no hover on a phone). The chunks are named after their modules
 * (summary-view-<hash>.js, lesson-player-<hash>.js).
 */

/** Every built script the page has asked for so far, by file name. */
function scriptsAsked(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (request) => {
    const name = /\/assets\/([\w.-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) asked.add(name);
  });
  return asked;
}

const chunk = (asked: Set<string>, module: string) => [...asked].some((name) => name.startsWith(`${module}-`));

test('the path reads the next lesson ahead once it is in view, before it is tapped @mobile', async ({ page }) => {
  test.setTimeout(150_000);
  await studentWithStudyFile(page, { waitFor: ['learn_path'], timeout: 90_000 });
  const asked = scriptsAsked(page);
  await openLearn(page);
  await expect(page.getByTestId('learn-lesson').first()).toHaveAttribute('data-state', 'current');
  await expect.poll(() => chunk(asked, 'lesson-player'), { message: 'the lesson player is fetched before the lesson is opened' }).toBe(true);
  expect(page.url()).toMatch(/\/learn/);
  // Opening it then draws the lesson from what was read ahead.
  await page.getByTestId('learn-lesson').first().click();
  await expect(page.getByTestId('lesson-player')).toBeVisible();
});

test('hovering a study tab fetches its view before it is opened', async ({ page }) => {
  test.setTimeout(120_000);
  // The header's tabs, hovered with a mouse (a phone's bottom bar reads ahead on touch, just before the tap).
  await page.setViewportSize(DESKTOP);
  await studentWithStudyFile(page, { waitFor: ['summary'], timeout: 60_000 });
  const asked = scriptsAsked(page);
  // Another study tab: the header carries the tabs.
  await navigate(page, '/mindmap');
  const tab = page.getByTestId('header-tab-summary');
  await expect(tab).toBeVisible();
  expect(chunk(asked, 'summary-view'), 'nothing of the summary before the hover').toBe(false);
  await tab.hover();
  await expect.poll(() => chunk(asked, 'summary-view'), { message: 'the summary view is fetched on hover' }).toBe(true);
  expect(page.url()).not.toMatch(/\/summary/);
  await tab.click();
  await expect(page).toHaveURL(/\/summary/);
});
