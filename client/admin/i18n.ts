import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, findLanguage, type LanguageCode } from '../../site/languages';
import { createI18n } from '../lib/i18n';

type Catalogue = Record<string, unknown>;

// The console's own texts, and those of the check-in screen it mounts (delivery, product names).
const loaders = import.meta.glob<Catalogue>('../../locales/*/{admin,delivery,tickets}.json', { import: 'default' });
const NAMESPACES = ['admin', 'delivery', 'tickets'] as const;

/** Where the console remembers its language (apart from the site's, which the edge reads). */
const LANGUAGE_KEY = 'adminLng';

/** The console's language: its own last choice, else the site's, else the browser's, else Polish. */
export function initialLanguage(): LanguageCode {
  const stored = (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  return (
    findLanguage(stored(LANGUAGE_KEY))?.code ??
    findLanguage(stored('i18nextLng'))?.code ??
    navigator.languages.map((tag) => findLanguage(tag)?.code ?? findLanguage(tag.split('-')[0])?.code).find(Boolean) ??
    DEFAULT_LANGUAGE
  );
}

/** Loads a language's catalogues and switches to it; remembers the choice. */
export async function switchLanguage(instance: I18n, lang: LanguageCode): Promise<void> {
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      if (instance.hasResourceBundle(lang, ns)) return;
      const load = loaders[`../../locales/${lang}/${ns}.json`];
      if (!load) throw new Error(`No catalogue ${lang}/${ns}`);
      instance.addResourceBundle(lang, ns, await load(), true, true);
    }),
  );
  await instance.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}

/** The console's i18next instance, in its first language. */
export async function consoleI18n(): Promise<I18n> {
  const lang = initialLanguage();
  const instance = createI18n(lang);
  await switchLanguage(instance, lang);
  return instance;
}
