// Builds the organiser console (client/admin/) after the site: a Vite build of its own, so that it
// shares no chunk with the public pages and adding it changes none of their files by a byte. Its
// files go to dist/client/assets/ under an `admin-` prefix; its page to dist/client/_internal/,
// which the assets layer never serves itself (wrangler.toml), so only the worker's /admin route,
// with its own headers, answers it.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/admin');
const client = join(root, 'dist/client');

await build({
  root: join(root, 'client/admin'),
  configFile: false,
  logLevel: 'warn',
  base: '/',
  plugins: [react()],
  build: {
    outDir: out,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        entryFileNames: 'assets/admin-[name]-[hash].js',
        chunkFileNames: 'assets/admin-[name]-[hash].js',
        assetFileNames: 'assets/admin-[name]-[hash][extname]',
      },
    },
  },
});

await mkdir(join(client, 'assets'), { recursive: true });
// A console built again on its own must not leave the files of the last one behind.
for (const old of await readdir(join(client, 'assets'))) {
  if (old.startsWith('admin-')) await rm(join(client, 'assets', old));
}
const files = await readdir(join(out, 'assets'));
for (const file of files) await rename(join(out, 'assets', file), join(client, 'assets', file));
await mkdir(join(client, '_internal'), { recursive: true });
await rename(join(out, 'index.html'), join(client, '_internal/admin.html'));
await rm(out, { recursive: true });
console.log(`built the organiser console: ${files.length} files`);
