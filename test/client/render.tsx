import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../../client/components/toast';
import { createI18n } from '../../client/lib/i18n';
import common from '../../locales/pl/common.json';
import home from '../../locales/pl/home.json';
import tickets from '../../locales/pl/tickets.json';

/** Renders UI in Polish with the router at `path`, as the app would. */
export function renderPl(ui: ReactNode, path = '/pl') {
  const i18n = createI18n('pl');
  i18n.addResourceBundle('pl', 'common', common);
  i18n.addResourceBundle('pl', 'home', home);
  i18n.addResourceBundle('pl', 'tickets', tickets);
  const { hook } = memoryLocation({ path });
  return render(
    <I18nextProvider i18n={i18n}>
      <Router hook={hook}>
        <ToastProvider>{ui}</ToastProvider>
      </Router>
    </I18nextProvider>,
  );
}
