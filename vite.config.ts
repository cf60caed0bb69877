import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client entry is client/index.html; the Cloudflare plugin builds the worker from
// wrangler.toml and runs it in workerd during `vite dev`.
export default defineConfig({
  plugins: [react(), cloudflare()],
  build: {
    manifest: true,
    rollupOptions: { input: 'client/index.html' },
  },
});
