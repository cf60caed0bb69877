import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { LanguageCode } from '../site/languages';
import { href, PAGES, type PageId } from '../site/pages';
import { App, prepareView } from './app';
import { ErrorBoundary } from './components/error-boundary';
import { headFor, headHtml } from './lib/head';
import { createI18n } from './lib/i18n';

/** Renders one page (or the 404 page, `page` null) of one language to body and head HTML. */
export async function render(path: string, lang: LanguageCode, page: PageId | null) {
  const i18n = createI18n(lang);
  const view = { lang, page };
  await prepareView(i18n, view);
  const html = renderToString(
    <Router ssrPath={path}>
      <ErrorBoundary i18n={i18n}>
        <App i18n={i18n} initial={view} />
      </ErrorBoundary>
    </Router>,
  );
  return { html, head: headHtml(headFor(lang, page, i18n.getFixedT(lang))) };
}

export { LANGUAGES as languages } from '../site/languages';
export { notFoundAssetPath as notFoundPath } from '../site/pages';
export { headersFile } from '../site/security';

/** Every page with its canonical path builder, for the prerender script. */
export const pages = PAGES.map((p) => ({ id: p.id, path: (lang: LanguageCode) => href(lang, p.id) }));
