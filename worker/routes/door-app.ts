import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * The door screen as an installable app: its manifest and its service worker, served from /admin so
 * the worker's scope can be /admin/door (a service worker controls at most its own folder), and
 * never cached long, so a new deployment reaches the doors on their next load.
 */

const MANIFEST = {
  name: 'Kongres AI – wejście',
  short_name: 'Wejście',
  start_url: '/admin/door',
  scope: '/admin/door',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#0b1020',
  theme_color: '#0b1020',
  icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};

// Network first for the page (a fresh deployment wins when there is a network), the cache when
// there is none; hashed bundles (/assets/, immutable) from the cache once kept. The API is never
// cached: the door keeps its list and its queue in IndexedDB, where it can tell what is stale.
const SERVICE_WORKER = `const CACHE = 'door-v1';
const PAGE = '/admin/door';
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(PAGE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined)))),
    ),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(PAGE, copy)));
          }
          return response;
        })
        .catch(() => caches.match(PAGE).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (!url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
`;

export const doorApp = new Hono<AppEnv>()
  .get('/door.webmanifest', (c) =>
    c.body(JSON.stringify(MANIFEST), 200, {
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'no-cache',
    }),
  )
  .get('/door-sw.js', (c) =>
    c.body(SERVICE_WORKER, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex',
    }),
  );
