// The organiser console's entry: a Vite build of its own (scripts/prerender.ts), so nothing here
// reaches a public page.
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { ConsoleApp } from './app';
import { consoleI18n } from './i18n';
import '../styles/base.css';
import './admin.css';

const root = document.getElementById('admin');
if (root) {
  void consoleI18n().then((i18n) =>
    createRoot(root).render(
      <I18nextProvider i18n={i18n}>
        <Router base="/admin">
          <ConsoleApp />
        </Router>
      </I18nextProvider>,
    ),
  );
}
