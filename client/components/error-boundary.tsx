import type { i18n as I18n } from 'i18next';
import { Component, type ReactNode } from 'react';

type Props = { i18n: I18n; children: ReactNode };
type State = { error: Error | null };

/** The generic error screen: shown when rendering fails, with the error's status or message. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const t = this.props.i18n.t;
    const status = (error as Error & { status?: number }).status;
    return (
      <main className="error-screen">
        <h1>{t('error.title')}</h1>
        <p>{t('error.message')}</p>
        <pre>{status ? `${status} ${error.message}` : error.message}</pre>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </main>
    );
  }
}
