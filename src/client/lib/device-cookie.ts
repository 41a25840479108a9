/**
 * A cookie this device keeps for the server (the language chosen, the window's width), so it can answer a page as the
 * app will draw it before any script runs. Lax, for the whole site, Secure over HTTPS.
 */
export function setDeviceCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${String(maxAgeSeconds)}; SameSite=Lax${secure}`;
}
