import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WELCOME_POPUP_STORAGE_KEY } from '../../site/privacy';
import { safeHtml } from '../lib/safe-html';
import { Logo } from './logo';

/** Delay after load before the popup appears. */
export const WELCOME_DELAY_MS = 500;

function wasClosed(): boolean {
  try {
    return localStorage.getItem(WELCOME_POPUP_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The welcome popup: a modal dialog shown once per browser. Closing it by the button, the close
 * icon, Escape or a click outside stores the flag. The native dialog traps focus and returns it.
 */
export function WelcomePopup() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (wasClosed()) return;
    const timer = window.setTimeout(() => setOpen(true), WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal?.();
  }, [open]);

  const close = () => {
    try {
      localStorage.setItem(WELCOME_POPUP_STORAGE_KEY, 'true');
    } catch {
      // Without storage it shows again next visit; closing still works now.
    }
    dialog.current?.close?.();
    setOpen(false);
  };

  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      className="welcome"
      aria-labelledby="welcome-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its content box.
        if (event.target === dialog.current) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="welcome__content">
        <button type="button" className="welcome__x" aria-label={t('welcome.closeIcon')} onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div className="welcome__logo">
          <Logo />
        </div>
        <h2 id="welcome-title">{t('welcome.title')}</h2>
        <div className="welcome__message">{safeHtml(t('welcome.message'))}</div>
        <button type="button" className="button button--accent" onClick={close}>
          {t('welcome.close')}
        </button>
      </div>
    </dialog>
  );
}
