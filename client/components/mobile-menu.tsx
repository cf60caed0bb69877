import { useTranslation } from 'react-i18next';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { COOPERATION_MENU, DIRECT_LINKS, PROGRAM_MENU } from './navigation';

/**
 * The menu behind the hamburger on small screens: a popover the header's button opens without
 * script (Escape or a tap outside closes it and focus goes back to the button). Its Program
 * section starts open and Cooperation closed (native `<details>`); the page script
 * (client/boot.ts `popoverFocus`) moves focus into it when it opens.
 */
export function MobileMenu({ id, page }: { id: string; page: PageId | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();

  const item = (pageId: PageId) => (
    <li key={pageId}>
      <a href={href(lang, pageId)} aria-current={pageId === page ? 'page' : undefined}>
        {t(`pages.${pageId}.nav`)}
      </a>
    </li>
  );

  const section = (key: 'program' | 'cooperation', ids: readonly PageId[]) => (
    <li className="mobile-menu__section">
      <details open={key === 'program'}>
        <summary>
          {t(`nav.${key}`)}
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </summary>
        <ul>{ids.map(item)}</ul>
      </details>
    </li>
  );

  return (
    <div id={id} className="mobile-menu" popover="auto">
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
