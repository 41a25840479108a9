// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderSignedIn } from '../../test/render-signed-in';
import { GamificationSection } from './gamification-section';

beforeEach(() => {
  window.scrollTo = () => undefined;
  localStorage.clear();
});
afterEach(cleanup);

const routes = ['/leaderboard', '/quests', '/streaks', '/shop'];

describe('the sidebar group of leaderboard, quests, streaks and shop', () => {
  it.each([
    ['en', 'Progress', ['Leaderboard', 'Quests', 'Streaks', 'Shop']],
    ['de', 'Fortschritt', ['Bestenliste', 'Quests', 'Serien', 'Shop']],
  ])('is headed in a word students use (%s)', async (language, heading, links) => {
    await i18n.changeLanguage(language);
    renderSignedIn(<GamificationSection />, { routes });
    expect((await screen.findByRole('heading', {}, { timeout: 5_000 })).textContent).toBe(heading);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(links);
  });
});
