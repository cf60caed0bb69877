import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../client/components/error-boundary';
import { createI18n } from '../../client/lib/i18n';
import de from '../../locales/de/common.json';
import es from '../../locales/es/common.json';

afterEach(() => vi.restoreAllMocks());

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderBroken(lang: 'de' | 'es', error: Error) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const i18n = createI18n(lang);
  i18n.addResourceBundle(lang, 'common', lang === 'de' ? de : es);
  return render(
    <ErrorBoundary i18n={i18n}>
      <Broken error={error} />
    </ErrorBoundary>,
  );
}

describe('generic error screen', () => {
  it('is translated and shows the status and text of the error', () => {
    renderBroken('de', Object.assign(new Error('Service Unavailable'), { status: 503 }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unerwarteter Anwendungsfehler!');
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
  });

  it('shows the message when the error has no status', () => {
    renderBroken('es', new Error('chunk failed to load'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('¡Error inesperado de la aplicación!');
    expect(screen.getByText('chunk failed to load')).toBeTruthy();
  });
});
