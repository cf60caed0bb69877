import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';

const NAV: PageId[] = ['program', 'speakers', 'expo', 'zones', 'workshops', 'contact'];

export function Header({ page }: { page: PageId | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header__inner">
        <Logo />
        <nav aria-label={t('nav.label')} className="header__nav">
          {NAV.map((id) => (
            <Link key={id} href={href(lang, id)} aria-current={page === id ? 'page' : undefined}>
              {t(`pages.${id}.nav`)}
            </Link>
          ))}
        </nav>
        <Link href={href(lang, 'tickets')} className="button button--accent">
          {t('nav.buyTicket')}
        </Link>
        <LanguagePicker />
      </div>
    </header>
  );
}
