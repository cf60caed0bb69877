import { useId } from 'react';

export type MenuLink = { href: string; label: string; current: boolean };

/**
 * A navigation dropdown: a button that opens a popover list of links. The browser opens it on a
 * tap or Enter without any script, closes it on Escape or a click outside, and tells assistive
 * technology whether it is expanded. The page script (client/boot.ts `dropdowns`) adds hover
 * (a mouse resting on it opens it) and the keys of a menu button.
 */
export function Dropdown({ label, links }: { label: string; links: MenuLink[] }) {
  const menuId = useId();
  return (
    <div className="dropdown">
      <button type="button" className="dropdown__button" popoverTarget={menuId}>
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="dropdown__chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={menuId} className="dropdown__menu" popover="auto">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
