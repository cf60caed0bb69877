import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { LanguageCode } from '../site/languages';
import { type PageId, page as pageRecord } from '../site/pages';
import { DevNotice } from './components/dev-notice';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { WelcomePopup } from './components/welcome-popup';
import { loadNamespaces } from './lib/i18n';
import { PAGE_COMPONENTS } from './page-components';
import { NotFound } from './pages/not-found';

/** What a document shows: a page or the 404 page, in a language. */
export type View = { lang: LanguageCode; page: PageId | null };

/** Loads what a view needs (its language's catalogues) before it is rendered. */
export async function prepareView(i18n: I18n, view: View): Promise<void> {
  const namespaces = view.page ? pageRecord(view.page).namespaces : [];
  await loadNamespaces(i18n, view.lang, ['common', ...namespaces]);
  if (i18n.language !== view.lang) await i18n.changeLanguage(view.lang);
}

/**
 * A whole page, rendered at build time (client/entry-server.tsx). In the browser it stays HTML:
 * links are plain links between prerendered pages, and only its islands (client/islands.ts)
 * are hydrated.
 */
export function App({ i18n, view }: { i18n: I18n; view: View }) {
  const Page = view.page ? PAGE_COMPONENTS[view.page] : NotFound;
  // The order page and a ticket's page are opened at the door too: nothing is ever put over them.
  const quiet = view.page === 'thanks' || view.page === 'ticket';
  return (
    <I18nextProvider i18n={i18n}>
      <Header page={view.page} />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <Footer />
      {!quiet && <DevNotice />}
      {!quiet && <WelcomePopup />}
    </I18nextProvider>
  );
}
