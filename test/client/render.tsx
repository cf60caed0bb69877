import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../client/lib/i18n';
import cart from '../../locales/pl/cart.json';
import common from '../../locales/pl/common.json';
import home from '../../locales/pl/home.json';
import tickets from '../../locales/pl/tickets.json';

/** Renders UI in Polish, as the build renders a page or an island. */
export function renderPl(ui: ReactNode) {
  const i18n = createI18n('pl');
  i18n.addResourceBundle('pl', 'common', common);
  i18n.addResourceBundle('pl', 'home', home);
  i18n.addResourceBundle('pl', 'tickets', tickets);
  i18n.addResourceBundle('pl', 'cart', cart);
  const rendered = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { ...rendered, i18n };
}
