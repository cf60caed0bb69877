import { defineConfig } from '@playwright/test';
import main from './playwright.config';

// The browser tests of Turnstile (turnstile.spec.ts) against a server of their own with Turnstile
// on: Cloudflare's passing test keys, checked by the siteverify fake the server serves itself
// (scripts/serve.mjs TURNSTILE=test). The main run's server has it off, as every other spec expects.
// Same port as the main run (E2E_PORT): the two runs go one after the other (scripts/test.mjs).
const server = Array.isArray(main.webServer) ? main.webServer[0] : main.webServer;

export default defineConfig({
  ...main,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e-turnstile.json' }]],
  projects: [{ ...main.projects?.[0], name: 'chromium', testMatch: ['turnstile.spec.ts'], testIgnore: [] }],
  webServer: server && { ...server, env: { ...(process.env as Record<string, string>), TURNSTILE: 'test' } },
});
