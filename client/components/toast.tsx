import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export type Toast = { title: string; description: string; variant?: 'default' | 'destructive' };

const ToastContext = createContext<(toast: Toast) => void>(() => {});

/**
 * Marks an element inside a dialog where toasts render while that dialog is open modally: the
 * rest of the page is inert and under the top layer then, so a toast there would be neither seen,
 * clickable nor announced.
 */
export const TOAST_HOST_ATTRIBUTE = 'data-toast-host';

/** The toast host of the open modal dialog, if one is open. */
function modalHost(): Element | null {
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    const modal = (() => {
      try {
        return dialog.matches(':modal');
      } catch {
        return true;
      }
    })();
    const host = modal && dialog.querySelector(`[${TOAST_HOST_ATTRIBUTE}]`);
    if (host) return host;
  }
  return null;
}

/** How long a toast stays unless closed. */
export const TOAST_DURATION_MS = 8000;

/**
 * Shows toasts in a live region (errors are announced assertively, others politely), inside the
 * open modal dialog when there is one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  // The purchase dialog's toasts are the only ones: their texts live in its namespace.
  const { t } = useTranslation('tickets');
  const [toast, setToast] = useState<(Toast & { id: number; host: Element | null }) | null>(null);
  const counter = useRef(0);
  const show = useCallback((next: Toast) => {
    counter.current += 1;
    setToast({ ...next, id: counter.current, host: modalHost() });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.variant === 'destructive';
  const region = (
    <div className="toasts" role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'}>
      {toast && (
        <div key={toast.id} className={`toast${destructive ? ' toast--destructive' : ''}`}>
          <div>
            <p className="toast__title">{toast.title}</p>
            <p className="toast__description">{toast.description}</p>
          </div>
          <button type="button" className="toast__close" aria-label={t('toast.close')} onClick={() => setToast(null)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast?.host ? createPortal(region, toast.host) : region}
    </ToastContext.Provider>
  );
}

/** Shows a toast. */
export const useToast = () => useContext(ToastContext);
