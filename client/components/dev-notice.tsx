import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href } from '../../site/pages';
import { DEV_NOTICE_STORAGE_KEY } from '../../site/privacy';
import { useLanguage } from '../lib/use-language';

/** The closable "site under development" notice, asking for exhibitors, speakers and partners. */
export function DevNotice() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    try {
      setVisible(sessionStorage.getItem(DEV_NOTICE_STORAGE_KEY) !== 'true');
    } catch {
      setVisible(true);
    }
  }, []);

  if (!visible) return null;
  const close = () => {
    try {
      sessionStorage.setItem(DEV_NOTICE_STORAGE_KEY, 'true');
    } catch {
      // Closed for this page view at least.
    }
    setVisible(false);
  };
  return (
    <section className="dev-notice" aria-label={t('devNotice.label')}>
      <p>
        {t('devNotice.text')} <Link href={href(lang, 'contact')}>{t('devNotice.link')}</Link>
      </p>
      <button type="button" className="dev-notice__close" aria-label={t('devNotice.close')} onClick={close}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </section>
  );
}
