import { useId, useRef } from 'react';
import { Link } from 'wouter';

export type MenuLink = { href: string; label: string; current: boolean };

/** Whether a popover is shown (false where the Popover API is missing). */
export const isOpen = (element: Element | null | undefined) => {
  try {
    return !!element?.matches(':popover-open');
  } catch {
    return false;
  }
};

/**
 * A navigation dropdown: a button that opens a popover list of links. The browser opens it on a
 * tap or Enter without any script, closes it on Escape or a click outside, and tells assistive
 * technology whether it is expanded. React adds hover (a mouse resting on it opens it) and the
 * keys of a menu button: ArrowDown/ArrowUp open it on the first/last link, arrows move, Home/End
 * jump, leaving it with Tab closes it.
 */
export function Dropdown({ label, links }: { label: string; links: MenuLink[] }) {
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('a') ?? [])];
  const show = () => {
    if (!isOpen(menu.current)) menu.current?.showPopover();
  };
  const hide = () => {
    if (isOpen(menu.current)) menu.current?.hidePopover();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const onButton = document.activeElement === button.current;
    switch (event.key) {
      case 'ArrowDown':
        show();
        (onButton ? all[0] : all[(index + 1) % all.length])?.focus();
        break;
      case 'ArrowUp':
        show();
        (onButton ? all[all.length - 1] : all[(index - 1 + all.length) % all.length])?.focus();
        break;
      case 'Home':
        if (onButton || !isOpen(menu.current)) return;
        all[0]?.focus();
        break;
      case 'End':
        if (onButton || !isOpen(menu.current)) return;
        all[all.length - 1]?.focus();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu; the button and links carry the roles
    <div
      className="dropdown"
      ref={root}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === 'mouse' && show()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hide()}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) hide();
      }}
    >
      <button ref={button} type="button" className="dropdown__button" popovertarget={menuId}>
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="dropdown__chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul ref={menu} id={menuId} className="dropdown__menu" popover="auto">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.current ? 'page' : undefined} onClick={hide}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
