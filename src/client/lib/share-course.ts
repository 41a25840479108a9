import { useEffect, useRef } from 'react';

/**
 * The Share flow of spec §4, started from anywhere in the app: the header's Share button on wider screens, and the
 * dashboard's course and file menus (the only way to share on a phone, which has no header). The flow and its dialog
 * live in the sharing feature and are mounted once by the app layout, which registers them here; features do not
 * import each other, hence this tiny module in lib/, like the file viewer's and the upgrade modal's stores.
 */

/** What is shared: one of the student's own courses, or (opening its dialog) the shared course being studied. */
export type ShareTarget = { directoryId: string; courseName: string } | { sharedSpaceId: string };

type ShareHandler = (target: ShareTarget) => void;

let current: ShareHandler | null = null;

/** Starts the Share flow on `target`, as part of the click that asked for it. */
export function shareCourse(target: ShareTarget): void {
  current?.(target);
}

/** Makes `handler` (its latest version) the one `shareCourse` calls while the calling component is mounted. */
export function useShareCourseHandler(handler: ShareHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const registered: ShareHandler = (target) => latest.current(target);
    current = registered;
    return () => {
      if (current === registered) current = null;
    };
  }, []);
}
