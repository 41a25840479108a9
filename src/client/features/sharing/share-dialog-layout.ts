/**
 * The Share Course dialog's parts below its header and tabs, which scroll inside it when taller than the room left, so
 * the dialog never outgrows the screen (and Course Details' Save button, below its scrolling part, stays in view).
 */
export const scrollingBody = 'min-h-0 flex-1 overflow-y-auto px-5 pb-5 sm:px-6 sm:pb-6';

/** A tab's scrolling part: the gap below the tab list is inside it, so nothing scrolls under the tabs unseen. */
export const tabPanel = 'min-w-0 pt-5 focus-visible:outline-none';
