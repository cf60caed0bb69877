import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8797);
/** The organiser token the browser tests use to read orders through the admin API. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';

// End-to-end tests in real Chromium against the production build served by wrangler,
// with a fresh KV state per run.
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findBrowser(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .wrangler/e2e-state-${PORT} && PORT=${PORT} PERSIST_DIR=.wrangler/e2e-state-${PORT} node scripts/serve.mjs --var ADMIN_TOKEN:${E2E_ADMIN_TOKEN}`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/pl`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
