import { Trans, useTranslation } from 'react-i18next';
import { Logo } from './logo';

/**
 * The welcome popup: a native modal dialog, prerendered closed. `scheduleWelcomePopup`
 * (client/boot.ts) opens it after load, without React, and stores that it was closed.
 * The browser closes it with its buttons (a `method="dialog"` form), Escape and a click outside
 * (`closedby="any"`), traps focus while it is open and returns focus afterwards.
 */
export function WelcomePopup() {
  const { t } = useTranslation();
  return (
    <dialog className="welcome" aria-labelledby="welcome-title" closedby="any">
      <form method="dialog" className="welcome__content">
        <button type="submit" className="welcome__x" aria-label={t('welcome.closeIcon')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div className="welcome__logo">
          <Logo />
        </div>
        <h2 id="welcome-title">{t('welcome.title')}</h2>
        <div className="welcome__message">
          {/* Trans renders the catalogue's <p> and <strong> as elements, anything else as text. */}
          <Trans t={t} i18nKey="welcome.message" />
        </div>
        <button type="submit" className="button button--accent">
          {t('welcome.close')}
        </button>
      </form>
    </dialog>
  );
}
