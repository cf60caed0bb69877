import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { COOPERATION_MENU, DIRECT_LINKS, PROGRAM_MENU } from './navigation';

type Props = { id: string; open: boolean; page: PageId | null; onClose: (returnFocus: boolean) => void };

/**
 * The menu behind the hamburger on small screens. The Program section starts open and
 * Cooperation closed; choosing a link closes the menu; Escape closes it and returns focus.
 */
export function MobileMenu({ id, open, page, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [sections, setSections] = useState({ program: true, cooperation: false });
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const item = (pageId: PageId) => (
    <li key={pageId}>
      <Link
        href={href(lang, pageId)}
        aria-current={pageId === page ? 'page' : undefined}
        onClick={() => onClose(false)}
      >
        {t(`pages.${pageId}.nav`)}
      </Link>
    </li>
  );

  const section = (key: 'program' | 'cooperation', ids: readonly PageId[]) => (
    <li className="mobile-menu__section">
      <button
        type="button"
        aria-expanded={sections[key]}
        aria-controls={`${id}-${key}`}
        onClick={() => setSections((s) => ({ ...s, [key]: !s[key] }))}
      >
        {t(`nav.${key}`)}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={`${id}-${key}`} hidden={!sections[key]}>
        {ids.map(item)}
      </ul>
    </li>
  );

  return (
    <div id={id} ref={panel} className="mobile-menu" hidden={!open}>
      <nav aria-label={t('nav.label')}>
        <ul className="mobile-menu__list">
          {section('program', PROGRAM_MENU)}
          {DIRECT_LINKS.slice(0, 4).map(item)}
          {section('cooperation', COOPERATION_MENU)}
          {DIRECT_LINKS.slice(4).map(item)}
          {item('tickets')}
        </ul>
      </nav>
    </div>
  );
}
