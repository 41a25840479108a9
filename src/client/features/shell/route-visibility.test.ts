import { describe, expect, it } from 'vitest';
import { activeStudyTab, loadingOverlayTypeFor, showsBottomBar, showsHeaderNavigation } from './route-visibility';

describe('showsHeaderNavigation', () => {
  it.each(['/leaderboard', '/quests', '/streaks', '/shop', '/dashboard', '/settings', '/admin'])('hides it on %s', (path) => {
    expect(showsHeaderNavigation(path)).toBe(false);
  });

  it.each(['/dashboard/upload', '/dashboard/upload?directoryId=7', '/settings?mode=plans', '/settings?mode=billing', '/admin/users', '/shop/', '/dashboard#files'])(
    'hides it on the subpath or query %s',
    (path) => {
      expect(showsHeaderNavigation(path)).toBe(false);
    },
  );

  it.each(['/summary', '/mindmap', '/chat', '/decks', '/learn', '/lesson/42', '/courses', '/space/abc', '/spaces/abc', '/missing', '/summary?uuid=u&id=i'])(
    'shows it on %s',
    (path) => {
      expect(showsHeaderNavigation(path)).toBe(true);
    },
  );

  it('does not treat a path that merely starts with the same letters as a subpath', () => {
    expect(showsHeaderNavigation('/dashboards')).toBe(true);
    expect(showsHeaderNavigation('/shopping')).toBe(true);
  });
});

describe('showsBottomBar', () => {
  it.each([
    '/leaderboard',
    '/quests',
    '/streaks',
    '/shop',
    '/dashboard',
    '/dashboard/upload',
    '/quests/daily',
    '/dashboard?x=1',
    '/settings',
    '/settings?mode=billing',
    '/courses',
    '/space/abc',
    '/admin',
    '/offline',
    '/lesson/1',
    '/lesson/1/2?uuid=u&id=i',
    '/summaryx',
  ])(
    'hides it on %s',
    (path) => {
      expect(showsBottomBar(path)).toBe(false);
    },
  );

  it.each(['/summary', '/mindmap', '/learn', '/chat', '/decks', '/decks/', '/summary?uuid=u&id=i', '/learn#unit-2'])(
    'shows it on the study tab %s',
    (path) => {
      expect(showsBottomBar(path)).toBe(true);
    },
  );
});

describe('activeStudyTab', () => {
  it.each([
    ['/summary', 'summary'],
    ['/summary?uuid=u&id=i', 'summary'],
    ['/mindmap', 'mindmap'],
    ['/chat', 'chat'],
    ['/decks', 'decks'],
    ['/learn', 'learn'],
    ['/lesson/12', 'learn'],
    ['/lesson/12/challenge/3', 'learn'],
  ] as const)('marks %s as the %s tab', (path, tab) => {
    expect(activeStudyTab(path)).toBe(tab);
  });

  it.each(['/', '/dashboard', '/lessons', '/settings', '/summaryx'])('marks no tab on %s', (path) => {
    expect(activeStudyTab(path)).toBeNull();
  });
});

describe('loadingOverlayTypeFor', () => {
  it.each([
    ['/summary', 'summary'],
    ['/mindmap', 'mindmap'],
    ['/chat', 'chat'],
    ['/decks', 'default'],
    ['/learn', 'default'],
    ['/lesson/5', 'default'],
  ] as const)('shows the %s skeleton as %s', (path, type) => {
    expect(loadingOverlayTypeFor(path)).toBe(type);
  });

  it('shows none outside the study tabs', () => {
    expect(loadingOverlayTypeFor('/dashboard')).toBeNull();
    expect(loadingOverlayTypeFor('/shop')).toBeNull();
  });
});
