import { useTranslation } from 'react-i18next';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Dropdown } from './dropdown';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { COOPERATION_MENU, DIRECT_LINKS, PROGRAM_MENU } from './navigation';

/** The site header: logo, navigation with its dropdowns, buy button, language picker, mobile menu. */
export function Header({ page }: { page: PageId | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const links = (ids: readonly PageId[]) =>
    ids.map((id) => ({ href: href(lang, id), label: t(`pages.${id}.nav`), current: id === page }));

  return (
    // The page script (client/boot.ts `headerShadow`) marks it `header--scrolled` once the page scrolls.
    <header className="header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header__inner">
        <Logo />
        <nav aria-label={t('nav.label')} className="header__nav">
          <Dropdown label={t('nav.program')} links={links(PROGRAM_MENU)} />
          {links(DIRECT_LINKS.slice(0, 4)).map((link) => (
            <a key={link.href} href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
          <Dropdown label={t('nav.cooperation')} links={links(COOPERATION_MENU)} />
          {links(DIRECT_LINKS.slice(4)).map((link) => (
            <a key={link.href} href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
        </nav>
        {/* Below 420 px the short label ("Bilety", "Entradas") keeps the button on one line; the
            hidden one is no part of the link's name. */}
        <a href={href(lang, 'tickets')} className="button button--accent header__cta">
          <span className="header__cta-long">{t('nav.buyTicket')}</span>
          <span className="header__cta-short">{t('nav.buyTicketShort')}</span>
        </a>
        <LanguagePicker page={page} />
        {/* Opens the menu without script; the browser tells assistive technology whether it is open. */}
        <button type="button" className="header__toggle" popoverTarget="mobile-menu">
          <ToggleFace className="header__toggle-open" label={t('nav.openMenu')} path="M4 7h16M4 12h16M4 17h16" />
          <ToggleFace className="header__toggle-close" label={t('nav.closeMenu')} path="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
      <MobileMenu id="mobile-menu" page={page} />
    </header>
  );
}

/** One face of the menu button (open or close; the stylesheet shows the one that fits): its words, hidden, and its drawing. */
function ToggleFace({ className, label, path }: { className: string; label: string; path: string }) {
  return (
    <span className={className}>
      <span className="visually-hidden">{label}</span>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d={path} stroke="currentColor" strokeWidth="2" />
      </svg>
    </span>
  );
}
