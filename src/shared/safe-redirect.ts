export const DEFAULT_AFTER_AUTH = '/dashboard';

/** Browsers drop control characters and spaces and read a backslash as '/' when parsing a URL: '/\\evil.com' leaves the site. */
function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((character) => character === '\\' || character.charCodeAt(0) <= 0x20 || character.charCodeAt(0) === 0x7f);
}

const PROBE_ORIGIN = 'https://studypath.invalid';

/**
 * Where to go after signing in: the `redirect` search param only when it is a path on this site ('/x', never '//x',
 * '/\\x' or 'https://x'), so a crafted link cannot send a freshly signed-in person to someone else's page.
 */
export function safeRedirect(target: string | undefined, fallback: string = DEFAULT_AFTER_AUTH): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || hasUnsafeCharacter(target)) return fallback;
  // The parser is the final word: whatever it resolves to must still be on our origin.
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN ? target : fallback;
  } catch {
    return fallback;
  }
}
