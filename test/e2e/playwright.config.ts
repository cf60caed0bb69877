import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.mjs';
import { PROMOTION_FROM, PROMOTION_UNTIL } from '../../site/tickets';

const PORT = Number(process.env.E2E_PORT ?? 8797);
/**
 * The instant the test server's shop works at (worker/clock.ts): inside the promotion, whatever
 * today's date; a test moves it with the `Test-Clock` header.
 */
export const E2E_CLOCK = new Date((Date.parse(PROMOTION_FROM) + Date.parse(PROMOTION_UNTIL)) / 2).toISOString();

/** The organiser token the browser tests use to read orders through the admin API. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';

/** Where the test server's output (the worker's logged events among it) is kept for a failure's message. */
export const E2E_SERVER_LOG = `test-results/e2e-server-${PORT}.log`;

// End-to-end tests in real Chromium against the production build served by wrangler,
// with a fresh KV state per run.
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // An axe scan of a whole page with every rule takes tens of seconds on a busy 2-core machine.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findBrowser(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // turnstile.spec.ts needs a server with Turnstile on: it runs with turnstile.config.ts.
      testIgnore: [
        'content.spec.ts',
        'content-console.spec.ts',
        'news.spec.ts',
        'waitlist.spec.ts',
        'turnstile.spec.ts',
      ],
    },
    // A publication changes the pages every other test reads: these run once they are done. So does
    // news to a workshop's participants, whose audience counts every seat the other tests took. And
    // the waiting list's test, which holds every on-site VIP place at an instant before the others'
    // clock: any purchase beside it, at the others' instant, lets those holds lapse (every purchase
    // first returns lapsed places, to the waiting list), so its place came back before it was let go.
    {
      name: 'content',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: ['content.spec.ts', 'content-console.spec.ts', 'news.spec.ts', 'waitlist.spec.ts'],
      // One at a time: each publishes every draft, so a test beside it would publish the drafts it checks.
      workers: 1,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `rm -rf .wrangler/e2e-state-${PORT} ${E2E_SERVER_LOG} && mkdir -p test-results && SERVER_LOG=${E2E_SERVER_LOG} PORT=${PORT} PERSIST_DIR=.wrangler/e2e-state-${PORT} node scripts/serve.mjs --var ADMIN_TOKEN:${E2E_ADMIN_TOKEN} --var TEST_CLOCK:${E2E_CLOCK} --var VAT_OSS:on`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/pl`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
