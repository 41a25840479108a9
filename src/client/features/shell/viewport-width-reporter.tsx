import { useEffect } from 'react';
import { VIEWPORT_COOKIE, VIEWPORT_COOKIE_MAX_AGE_SECONDS } from '../../../shared/viewport-cookie';
import { setDeviceCookie } from '../../lib/device-cookie';

function rememberWidth(): void {
  setDeviceCookie(VIEWPORT_COOKIE, String(Math.round(window.innerWidth)), VIEWPORT_COOKIE_MAX_AGE_SECONDS);
}

/**
 * Tells the server the window's width (shared/viewport-cookie.ts), which renders the next signed-in page in the
 * layout the app will draw (the shell's phone or desktop variant): when the shell first draws, and again when the page
 * is left, for a window resized meanwhile. Renders nothing.
 */
export function ViewportWidthReporter() {
  useEffect(() => {
    rememberWidth();
    window.addEventListener('pagehide', rememberWidth);
    return () => window.removeEventListener('pagehide', rememberWidth);
  }, []);
  return null;
}
