import { useTranslation } from 'react-i18next';
import { copyrightYears, ORGANISER } from '../../site/event';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Logo } from './logo';
import { COOPERATION_MENU, PROGRAM_MENU } from './navigation';

const COLUMNS: { title: 'event' | 'cooperation' | 'info'; pages: readonly PageId[] }[] = [
  { title: 'event', pages: [...PROGRAM_MENU, 'speakers', 'expo', 'zones', 'workshops'] },
  { title: 'cooperation', pages: [...COOPERATION_MENU, 'becomePartner'] },
  { title: 'info', pages: ['tickets', 'contact', 'travel', 'faq', 'press', 'privacy', 'terms', 'accessibility'] },
];

/**
 * The site footer. Its legal line is the plain copyright line until the page script
 * (client/boot.ts `footerService`) replaces it with the footer service's parts, sanitised, when
 * the footer comes near the screen; a failed request keeps the plain line.
 */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const years = copyrightYears(new Date().getFullYear());
  const [before, after] = t('footerService.top').split('{year}');

  return (
    <footer id="footer" className="footer">
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
                  <a href={href(lang, id)}>{t(`pages.${id}.nav`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__legal" data-footer="loading">
        {/*
          The same line the footer service sends, so both name the organiser alike. The page
          script writes this year's range into it: the page may be older than this year.
        */}
        <p>
          {before}
          <span data-years>{years}</span>
          {after}
        </p>
      </div>
    </footer>
  );
}
