import { useTranslation } from 'react-i18next';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';

/**
 * The closable "site under development" notice, asking for exhibitors, speakers and partners.
 * Prerendered and hidden by the stylesheet; `showDevNotice` (client/boot.ts) shows it at load
 * unless it was closed in this session, and closes it with its button.
 */
export function DevNotice() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="dev-notice" aria-label={t('devNotice.label')}>
      <p>
        {t('devNotice.text')} <a href={href(lang, 'contact')}>{t('devNotice.link')}</a>
      </p>
      <button type="button" className="dev-notice__close" aria-label={t('devNotice.close')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </section>
  );
}
