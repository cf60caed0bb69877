/**
 * Makes the door screen an app of its own: its manifest (so a phone offers to install it, opening
 * straight at /admin/door) and its service worker, scoped to /admin/door only, which keeps the
 * screen's page and bundles so the door opens and works with no network. The rest of the console
 * is never cached. Returns what undoes the manifest link when the screen closes.
 */
export function installDoorApp(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/admin/door.webmanifest';
  document.head.append(link);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker
      .register('/admin/door-sw.js', { scope: '/admin/door' })
      .then(async () => {
        const ready = await navigator.serviceWorker.ready;
        // The bundles this page loaded before the worker controlled it (the lazy ones are kept as they load).
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        ready.active?.postMessage({ type: 'cache', urls: [...new Set(urls)] });
      })
      .catch(() => {
        // Without a service worker the door still works while this page stays open.
      });
  }
  return () => link.remove();
}
