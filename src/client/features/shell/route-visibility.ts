import type { LoadingOverlayType } from '../../components/ui/loading-overlay-store';

/**
 * Which parts of the shell show on which route (spec §2). Every rule about "hidden on these routes and their
 * subpaths" lives here so the header, the bottom bar and the tests read the same lists.
 */

export type StudyTabId = 'summary' | 'mindmap' | 'chat' | 'decks' | 'learn';

export const STUDY_TAB_PATHS = {
  summary: '/summary',
  mindmap: '/mindmap',
  chat: '/chat',
  decks: '/decks',
  learn: '/learn',
} as const satisfies Record<StudyTabId, string>;

/** Header order of spec §2 "Header": Summary, Mindmap, Chat, Flashcards, Exams. */
export const HEADER_TABS: readonly StudyTabId[] = ['summary', 'mindmap', 'chat', 'decks', 'learn'];
/** Bottom-bar order of spec §2 "Mobile bottom bar": Summary, Mindmap, Exams, Chat, Flashcards. */
export const BOTTOM_BAR_TABS: readonly StudyTabId[] = ['summary', 'mindmap', 'learn', 'chat', 'decks'];

const GAMIFICATION_AND_DASHBOARD = ['/leaderboard', '/quests', '/streaks', '/shop', '/dashboard'];
const HEADER_NAVIGATION_HIDDEN_ON = [...GAMIFICATION_AND_DASHBOARD, '/settings', '/admin'];

/** The path of an href or pathname, without query, hash or trailing slash. */
function pathOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
}

/** True when the path is one of the sections or lies below one (/dashboard/upload is under /dashboard). */
function isWithin(href: string, sections: readonly string[]): boolean {
  const path = pathOf(href);
  return sections.some((section) => path === section || path.startsWith(`${section}/`));
}

/** Header tabs, breadcrumbs and the file buttons; the progress counters show everywhere. */
export function showsHeaderNavigation(href: string): boolean {
  return !isWithin(href, HEADER_NAVIGATION_HIDDEN_ON);
}

/**
 * The phone's tab bar moves between the study tabs of the open file, so it shows only on them (issue 22): elsewhere
 * (settings, courses, a space, the gamification pages, the dashboard) it has nothing to switch and would cover the
 * page's end, and over a lesson it would compete with the player's own bottom bar (Check, the feedback).
 */
export function showsBottomBar(href: string): boolean {
  return isWithin(href, Object.values(STUDY_TAB_PATHS));
}

/** The study tab a path belongs to; a lesson counts as the Exams tab. */
export function activeStudyTab(href: string): StudyTabId | null {
  if (isWithin(href, ['/lesson', STUDY_TAB_PATHS.learn])) return 'learn';
  const tabs = Object.keys(STUDY_TAB_PATHS) as StudyTabId[];
  return tabs.find((tab) => isWithin(href, [STUDY_TAB_PATHS[tab]])) ?? null;
}

/** The skeleton a navigation to this path shows while it loads, or null when the path is no study tab. */
export function loadingOverlayTypeFor(href: string): LoadingOverlayType | null {
  const tab = activeStudyTab(href);
  if (tab === 'summary' || tab === 'mindmap' || tab === 'chat') return tab;
  return tab ? 'default' : null;
}
