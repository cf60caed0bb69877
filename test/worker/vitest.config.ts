import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Runs inside workerd with the bindings of wrangler.toml; the assets are the built site
// (`npm run build` first: the test command does).
export default defineConfig({
  plugins: [
    cloudflareTest({ wrangler: { configPath: fileURLToPath(new URL('../../wrangler.toml', import.meta.url)) } }),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
  },
});
