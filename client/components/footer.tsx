import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { copyrightYears, ORGANISER } from '../../site/event';
import { href, type PageId } from '../../site/pages';
import { type FooterParts, fetchFooter, fillYear } from '../lib/footer-api';
import { safeHtml } from '../lib/safe-html';
import { useLanguage } from '../lib/use-language';
import { Logo } from './logo';
import { COOPERATION_MENU, PROGRAM_MENU } from './navigation';

const COLUMNS: { title: 'event' | 'cooperation' | 'info'; pages: readonly PageId[] }[] = [
  { title: 'event', pages: [...PROGRAM_MENU, 'speakers', 'expo', 'zones', 'workshops'] },
  { title: 'cooperation', pages: [...COOPERATION_MENU, 'becomePartner'] },
  { title: 'info', pages: ['tickets', 'contact', 'faq', 'press', 'privacy', 'terms'] },
];

type Remote = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; parts: FooterParts };

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [remote, setRemote] = useState<Remote>({ status: 'loading' });
  const years = copyrightYears(new Date().getFullYear());

  // The service's parts replace the plain copyright line once they arrive; leaving the page
  // (or switching language) cancels the request.
  useEffect(() => {
    const controller = new AbortController();
    setRemote({ status: 'loading' });
    fetchFooter(lang, controller.signal).then(
      (parts) => setRemote({ status: 'loaded', parts }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('footer service unavailable', error);
        setRemote({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [lang]);

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <address>
            {ORGANISER.name}
            <br />
            {ORGANISER.street}, {ORGANISER.postalCode} {ORGANISER.city}
            <br />
            {t('footer.taxId', { taxId: ORGANISER.taxId })}
            <br />
            <a href={`tel:${ORGANISER.phone.replaceAll(' ', '')}`}>{ORGANISER.phone}</a>
            <br />
            <a href={`mailto:${ORGANISER.email}`}>{ORGANISER.email}</a>
          </address>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(`footer.columns.${column.title}`)} className="footer__column">
            <h2>{t(`footer.columns.${column.title}`)}</h2>
            <ul>
              {column.pages.map((id) => (
                <li key={id}>
                  <Link href={href(lang, id)}>{t(`pages.${id}.nav`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__legal" data-footer={remote.status}>
        {remote.status === 'loaded' ? (
          <>
            <div>{safeHtml(fillYear(remote.parts.top, years))}</div>
            <div>{safeHtml(remote.parts.middle)}</div>
            <div>{safeHtml(remote.parts.bottom)}</div>
          </>
        ) : (
          // The same line the footer service sends, so both name the organiser alike.
          <p>{fillYear(t('footerService.top'), years)}</p>
        )}
      </div>
    </footer>
  );
}
