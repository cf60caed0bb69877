import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'wouter';
import { DEFAULT_LANGUAGE, type LanguageCode, matchAcceptLanguage } from '../site/languages';
import { type PageId, page as pageRecord } from '../site/pages';
import { resolvePath } from '../site/routing';
import { DevNotice } from './components/dev-notice';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { ToastProvider } from './components/toast';
import { WelcomePopup } from './components/welcome-popup';
import { applyHead, headFor } from './lib/head';
import { loadNamespaces } from './lib/i18n';
import { storedLanguage, storeLanguage } from './lib/storage';
import { loadPage, pageComponent } from './page-loaders';
import { NotFound } from './pages/not-found';

/** What the app shows: a page or the 404 page, in a language. */
export type View = { lang: LanguageCode; page: PageId | null };

/** Resolves a location to a view, or to a path to replace it with. */
export function viewFor(path: string): View | { redirect: string } {
  const preferred = typeof window === 'undefined' ? DEFAULT_LANGUAGE : clientPreferredLanguage();
  const resolved = resolvePath(path, '', preferred);
  if (resolved.kind === 'redirect') return { redirect: resolved.location };
  return { lang: resolved.lang, page: resolved.kind === 'page' ? resolved.page.id : null };
}

function clientPreferredLanguage(): LanguageCode {
  return storedLanguage() ?? matchAcceptLanguage(navigator.languages.join(',')) ?? DEFAULT_LANGUAGE;
}

/** Loads what a view needs (its language's catalogues and its page chunk) before it is shown. */
export async function prepareView(i18n: I18n, view: View): Promise<void> {
  const namespaces = view.page ? pageRecord(view.page).namespaces : [];
  await Promise.all([
    loadNamespaces(i18n, view.lang, ['common', ...namespaces]),
    view.page ? loadPage(view.page) : undefined,
  ]);
  if (i18n.language !== view.lang) await i18n.changeLanguage(view.lang);
}

export function App({ i18n, initial, onReady }: { i18n: I18n; initial: View; onReady?: () => void }) {
  const [location, navigate] = useLocation();
  const [shown, setShown] = useState(initial);

  // A navigation loads the next view first and keeps the current one on screen meanwhile.
  useEffect(() => {
    const next = viewFor(location);
    if ('redirect' in next) {
      navigate(next.redirect + window.location.search + window.location.hash, { replace: true });
      return;
    }
    let cancelled = false;
    prepareView(i18n, next).then(
      () => {
        // The same view keeps its object, so effects keyed on it (scrolling to the top) do not rerun.
        if (!cancelled)
          setShown((current) => (current.lang === next.lang && current.page === next.page ? current : next));
      },
      (error) => console.error(error),
    );
    return () => {
      cancelled = true;
    };
  }, [location, navigate, i18n]);

  // Marks the document as interactive (end-to-end tests wait for it before they click).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app is first committed
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    onReady?.();
  }, []);

  useEffect(() => {
    // The prerendered page has its head already, as the worker served it (a selling page's offers
    // carry the live state): it is replaced on navigation, and only built here in `vite dev`.
    const prerendered = shown === initial && document.head.querySelector('[data-head]');
    if (!prerendered) applyHead(document, headFor(shown.lang, shown.page, i18n.getFixedT(shown.lang)));
    storeLanguage(shown.lang);
    if (!shown.page) console.warn(JSON.stringify({ event: 'not_found', path: window.location.pathname }));
  }, [shown, i18n, initial]);

  // Every navigation starts at the top, or at the anchor the link points to. The first view is
  // left where the browser put it: React may arrive after the visitor has scrolled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per shown view
  useEffect(() => {
    if (shown === initial) return;
    const target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [shown]);

  const Page = shown.page ? pageComponent(shown.page) : NotFound;
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        {/*
          Suspense boundaries let React hydrate the page in parts. A tap, a key or a focus that
          arrives while the page is hydrating makes React finish hydrating the part it lands in at
          once, before the browser answers it: with one part, that was the whole page (seconds on a
          slow phone); now it is the header, or one section.
        */}
        <Suspense>
          <Header page={shown.page} />
        </Suspense>
        <main id="main" tabIndex={-1}>
          <Suspense>
            <Page />
          </Suspense>
        </main>
        <Suspense>
          <Footer />
        </Suspense>
        <Suspense>
          <DevNotice />
          <WelcomePopup />
        </Suspense>
      </ToastProvider>
    </I18nextProvider>
  );
}
