import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Runs inside workerd with the bindings of wrangler.toml; the assets are the built site
// (`npm run build` first: the test command does). Secrets get test values here.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)) },
      miniflare: {
        // The ECB's data service is its stand-in (ecb-fake.setup.ts), as siteverify's is.
        bindings: {
          ADMIN_TOKEN: 'test-admin-token',
          STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
          ECB_API_BASE: 'https://ecb.test/service',
        },
      },
    }),
  ],
  test: {
    // Middleware keeps its tests beside it (worker/middleware/*.test.ts), as Hono's own does.
    include: ['test/worker/**/*.test.ts', 'worker/**/*.test.ts'],
    // xmllint in Node, for the FA(3) documents the tests make (workerd has no XSD validator).
    globalSetup: ['test/support/schema-validator.setup.ts'],
    // VIES's fake answers the local VIES_API_BASE (wrangler.toml) in every file, Access's its test teams,
    // Turnstile's siteverify its test address.
    setupFiles: [
      'test/worker/vies-fake.setup.ts',
      'test/worker/access-fake.setup.ts',
      'test/worker/turnstile-fake.setup.ts',
      'test/worker/ecb-fake.setup.ts',
    ],
    // One file per core at a time (Vitest's default leaves one core to itself: one file at a time on
    // a 2-core machine). Each file has its own workerd and storage, so files beside each other share
    // nothing; most of a file's time is its import of the worker's module graph, which overlaps well.
    maxWorkers: availableParallelism(),
    // Bursts of a few hundred requests take seconds on a busy 2-core machine.
    testTimeout: 30_000,
    // Hooks too: an afterEach that validates FA(3) in Node took over the 10 s default once on a busy machine.
    hookTimeout: 30_000,
  },
});
