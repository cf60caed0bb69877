import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../client/lib/i18n';
import type { LanguageCode } from '../../site/languages';

// Eager imports of every language's catalogues this suite needs, keyed like `locales/<lng>/<ns>.json`.
const catalogues = import.meta.glob<Record<string, unknown>>(
  '../../locales/*/{common,tickets,delivery,admin,workshop}.json',
  {
    eager: true,
    import: 'default',
  },
);

/** Renders a ticket piece in a language with the catalogues the order page and check-in load. */
export function renderIn(lang: LanguageCode, ui: ReactNode) {
  const i18n = createI18n(lang);
  for (const ns of ['common', 'tickets', 'delivery', 'admin', 'workshop']) {
    const bundle = catalogues[`../../locales/${lang}/${ns}.json`];
    if (!bundle) throw new Error(`No catalogue ${lang}/${ns}`);
    i18n.addResourceBundle(lang, ns, bundle);
  }
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
