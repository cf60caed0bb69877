import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { copyrightYears, ORGANISER } from '../../site/event';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Logo } from './logo';

const COLUMNS: { title: 'event' | 'cooperation' | 'info'; pages: PageId[] }[] = [
  {
    title: 'event',
    pages: ['program', 'missAi', 'misterAi', 'roastAi', 'promptAwards', 'speakers', 'expo', 'zones', 'workshops'],
  },
  {
    title: 'cooperation',
    pages: ['forExhibitors', 'forSpeakers', 'forPartners', 'forSponsors', 'careers', 'becomePartner'],
  },
  { title: 'info', pages: ['tickets', 'contact', 'faq', 'press', 'privacy', 'terms'] },
];

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
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
      <p className="footer__legal">{t('footer.copyright', { years: copyrightYears(new Date().getFullYear()) })}</p>
    </footer>
  );
}
