import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Dropdown } from './dropdown';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { COOPERATION_MENU, DIRECT_LINKS, PROGRAM_MENU } from './navigation';

/** Scroll distance after which the header turns opaque and casts a shadow. */
export const SCROLL_THRESHOLD = 10;

export function Header({ page }: { page: PageId | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  const links = (ids: readonly PageId[]) =>
    ids.map((id) => ({ href: href(lang, id), label: t(`pages.${id}.nav`), current: id === page }));

  return (
    <header className={`header${scrolled ? ' header--scrolled' : ''}`}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header__inner">
        <Logo />
        <nav aria-label={t('nav.label')} className="header__nav">
          <Dropdown label={t('nav.program')} links={links(PROGRAM_MENU)} />
          {links(DIRECT_LINKS.slice(0, 4)).map((link) => (
            <Link key={link.href} href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </Link>
          ))}
          <Dropdown label={t('nav.cooperation')} links={links(COOPERATION_MENU)} />
          {links(DIRECT_LINKS.slice(4)).map((link) => (
            <Link key={link.href} href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </Link>
          ))}
        </nav>
        <Link href={href(lang, 'tickets')} className="button button--accent header__cta">
          {t('nav.buyTicket')}
        </Link>
        <LanguagePicker />
        <button
          ref={toggle}
          type="button"
          className="header__toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
        </button>
      </div>
      <MobileMenu id="mobile-menu" open={menuOpen} page={page} onClose={closeMenu} />
    </header>
  );
}
