import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App, prepareView, viewFor } from './app';
import { ErrorBoundary } from './components/error-boundary';
import { createI18n } from './lib/i18n';

/**
 * Hydrates the prerendered page (or renders it, in `vite dev`); resolves once the app is committed
 * and handles events. Called by main.tsx, the app entry, which the page script (boot.ts) imports
 * on the visitor's first interaction.
 */
export async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const view = viewFor(window.location.pathname);
  if ('redirect' in view) {
    window.location.replace(view.redirect + window.location.search + window.location.hash);
    return;
  }
  const i18n = createI18n(view.lang);
  await prepareView(i18n, view);
  await new Promise<void>((ready) => {
    const app = (
      <StrictMode>
        <Router>
          <ErrorBoundary i18n={i18n}>
            <App i18n={i18n} initial={view} onReady={ready} />
          </ErrorBoundary>
        </Router>
      </StrictMode>
    );
    // As a transition, hydration is time-sliced: it yields to the browser every few milliseconds
    // instead of holding the main thread for the whole page.
    if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
}
