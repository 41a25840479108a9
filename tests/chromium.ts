/**
 * Debian's Chromium as every browser run of the project starts it (Playwright's tests, Lighthouse in bench/): the one
 * browser this machine and CI have (downloads of others fail here), headless-safe and quiet on the network.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;
