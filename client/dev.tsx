import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '../site/languages';
import { AGENDA_SCRIPT_PLACEHOLDER } from '../site/pages';
import { resolvePath } from '../site/routing';
import { App, prepareView } from './app';
import { firstTap, type HydrateIsland, islands, pageBehaviours } from './boot';
import { createI18n } from './lib/i18n';
import { storedLanguage } from './lib/storage';

/**
 * `vite dev` only: it serves client/index.html unrendered, so the page is rendered here in the
 * browser as the build prerenders it, then the page script's behaviours and islands start on it
 * as they do on a built page. The build never includes this module.
 */
export async function renderInDev(hydrateIsland: HydrateIsland): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const resolved = resolvePath(window.location.pathname, window.location.search, storedLanguage() ?? DEFAULT_LANGUAGE);
  if (resolved.kind === 'redirect') return window.location.replace(resolved.location);
  const view = { lang: resolved.lang, page: resolved.kind === 'page' ? resolved.page.id : null };
  const i18n = createI18n(view.lang);
  await prepareView(i18n, view);
  document.documentElement.lang = view.lang;
  flushSync(() => createRoot(root).render(<App i18n={i18n} view={view} />));
  // The page's own script is built by the prerender only: here its source, as a module Vite serves.
  for (const page of document.querySelectorAll<HTMLElement>(`[data-page-script="${AGENDA_SCRIPT_PLACEHOLDER}"]`)) {
    page.dataset.pageScript = '';
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/client/agenda-script.ts';
    document.body.append(script);
  }
  firstTap();
  pageBehaviours();
  islands(hydrateIsland);
}
