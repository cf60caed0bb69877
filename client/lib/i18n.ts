import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { siteFacts } from '../../site/facts';
import { findLanguage, type LanguageCode } from '../../site/languages';
import type { Namespace } from '../../site/pages';

type Catalogue = Record<string, unknown>;

/**
 * The namespaces the islands use in the browser (client/islands.ts); the built client can load only
 * these. `ISLAND_CATALOGUES` below names the same list: a literal, as `import.meta.glob` needs.
 */
export const ISLAND_NAMESPACES = ['cart', 'contact', 'delivery', 'workshop'] as const satisfies readonly Namespace[];

// One lazily loaded chunk per language and namespace: a page ships only its own language. The
// prerender, `vite dev` and the tests render whole pages and take every catalogue; the built
// client knows only the islands' (each entry of the map is bytes in the islands' entry). The
// organiser console's catalogue belongs to its own bundle (scripts/prerender.ts), never the site's.
const loaders =
  import.meta.env.DEV || import.meta.env.SSR
    ? import.meta.glob<Catalogue>(['../../locales/*/*.json', '!../../locales/*/admin.json'], { import: 'default' })
    : import.meta.glob<Catalogue>('../../locales/*/{cart,contact,delivery,workshop}.json', { import: 'default' });

const loaded = new Map<string, Promise<Catalogue>>();

function catalogue(lang: LanguageCode, ns: Namespace): Promise<Catalogue> {
  const key = `${lang}/${ns}`;
  let promise = loaded.get(key);
  if (!promise) {
    const load = loaders[`../../locales/${key}.json`];
    if (!load) throw new Error(`No catalogue ${key}`);
    promise = load();
    loaded.set(key, promise);
  }
  return promise;
}

/** Loads the given namespaces of a language into the instance (each file at most once). */
export async function loadNamespaces(instance: I18n, lang: LanguageCode, namespaces: readonly Namespace[]) {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (instance.hasResourceBundle(lang, ns)) return;
      instance.addResourceBundle(lang, ns, await catalogue(lang, ns), true, true);
    }),
  );
}

/** A fresh i18next instance for one language; catalogues are added by `loadNamespaces`. */
export function createI18n(lang: LanguageCode): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: lang,
    // Missing keys fail the catalogue test; a fallback would only hide them.
    fallbackLng: false,
    supportedLngs: false,
    defaultNS: 'common',
    ns: ['common'],
    resources: {},
    initAsync: false,
    // Every text can name a fact of site/ (`{{date}}`, `{{live}}`) without the component passing
    // it: the facts of the instance's language are its default values, replaced when it changes.
    interpolation: { escapeValue: false, defaultVariables: siteFacts(lang) },
    react: { useSuspense: false },
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => {
    const code = findLanguage(lng)?.code;
    if (code) instance.options.interpolation = { ...instance.options.interpolation, defaultVariables: siteFacts(code) };
  });
  return instance;
}
