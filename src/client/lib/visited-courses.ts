import { useMemo, useSyncExternalStore } from 'react';

/**
 * The shared courses a student has opened, stored in this browser per user (spec §3: "visited shared courses are
 * stored locally per user"). A course not in the list counts as new in the sidebar's badge.
 */
const storageKey = (userId: string) => `studypath.visitedSharedCourses.${userId}`;
const listeners = new Set<() => void>();

function read(userId: string): string {
  try {
    return localStorage.getItem(storageKey(userId)) ?? '[]';
  } catch {
    return '[]';
  }
}

export function visitedCourseIds(userId: string): Set<string> {
  return parseIds(read(userId));
}

function parseIds(text: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(text);
    return new Set(Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markCourseVisited(userId: string, spaceId: string) {
  const visited = visitedCourseIds(userId);
  if (visited.has(spaceId)) return;
  visited.add(spaceId);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify([...visited]));
  } catch {
    // Storage full or blocked: the course simply stays "new".
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key?.startsWith('studypath.visitedSharedCourses.') && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visited course ids of `userId` (none while the user is unknown), updated when a course is marked visited. */
export function useVisitedCourseIds(userId: string | undefined): Set<string> {
  // The snapshot is the stored text (a string compares by value), so the set is rebuilt only when it changes.
  // A render without a window (server-render.tsx) knows of no visits: every course reads as not yet visited.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (userId ? read(userId) : '[]'),
    () => '[]',
  );
  return useMemo(() => parseIds(snapshot), [snapshot]);
}
