import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium';
import { fakeStripeAppEnv } from './tests/e2e/fake-stripe-server';

/**
 * Browser tests against the built server (`npm run build` first; `npm test` does) with Debian's Chromium: Playwright's
 * own browser download is never used. Every run starts from an empty DATA_DIR.
 *
 * Two projects: 'desktop' (1440×900) runs every spec; 'mobile' (390×844, touch) runs the tests tagged @mobile. The
 * spec's layouts differ by screen (header on desktop, bottom bar on phones), so walks through the shell are tagged
 * and proven on both; running every test twice would double the time for no new coverage.
 */
// E2E_PORT lets two runs (say, CI in a clone and a developer) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${PORT}`;
// The fake Stripe (tests/e2e/fake-stripe-server.ts) the app's billing talks to, beside the app's own port.
const STRIPE_PORT = PORT + 1000;
const isCI = Boolean(process.env.CI);
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: one worker each; the tests of a file run in order, files in parallel.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: reportDir
    ? [['list'], ['json', { outputFile: path.resolve(reportDir, 'playwright.json') }]]
    : [['list']],
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The app's service worker answers pages and assets from its cache, where page.route() cannot see them; the
    // offline spec allows it, the others test the network path.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    { name: 'mobile', grep: /@mobile/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: [
    {
      // Stripe's API, checkout and portal pages on loopback; it signs its webhooks and delivers them to the app.
      command: 'exec npx tsx tests/e2e/fake-stripe-server.ts',
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_STRIPE_PORT: String(STRIPE_PORT), FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/stripe/webhook` },
    },
    {
      command: 'rm -rf .tmp/e2e-data && exec node dist/server/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      // The server logs JSON to stdout; at LOG_LEVEL warn only what needs a look reaches the test output.
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: '.tmp/e2e-data',
        // Blank means unset: the embedded database in DATA_DIR, whatever the developer's shell exports.
        DATABASE_URL: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Every test signs up from the same address; the limit itself is covered by the server tests.
        AUTH_RATE_LIMIT_MAX: '1000',
        // Likewise for failed sign-ins per address; the per-account limit stays as shipped (sign-in-limit.spec.ts).
        SIGN_IN_FAILURE_MAX_PER_ADDRESS: '1000',
        // The tutor's answers stream slowly enough that a test can stop one on its way, however busy the machine.
        LOCAL_TUTOR_WORD_MS: '90',
        // Billing through the fake Stripe above (trials stay off, the product's default: spec §9).
        ...fakeStripeAppEnv(STRIPE_PORT),
        // The admin walk's accounts (tests/e2e/admin.spec.ts), one per project since both run at once.
        ADMIN_EMAILS: 'admin@e2e.studypath.test,phone-admin@e2e.studypath.test',
      },
    },
  ],
});
