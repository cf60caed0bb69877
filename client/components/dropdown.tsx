import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';

export type MenuLink = { href: string; label: string; current: boolean };

/**
 * A navigation dropdown (disclosure pattern): opens on hover and from the keyboard. Enter, Space
 * or ArrowDown open it and focus the first link; arrows move, Home/End jump, Escape closes and
 * returns focus to the button; leaving it with Tab or the pointer closes it.
 */
export function Dropdown({ label, links }: { label: string; links: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const items = root.current?.querySelectorAll<HTMLElement>('a') ?? [];
    (focusOnOpen.current === 'first' ? items[0] : items[items.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const openWithFocus = (where: 'first' | 'last') => {
    if (!open) {
      focusOnOpen.current = where;
      setOpen(true);
      return;
    }
    const items = root.current?.querySelectorAll<HTMLElement>('a') ?? [];
    (where === 'first' ? items[0] : items[items.length - 1])?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const onButton = document.activeElement === button.current;
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        setOpen(false);
        button.current?.focus();
        break;
      case 'ArrowDown':
        if (onButton) openWithFocus('first');
        else items[(index + 1) % items.length]?.focus();
        break;
      case 'ArrowUp':
        if (onButton) openWithFocus('last');
        else items[(index - 1 + items.length) % items.length]?.focus();
        break;
      case 'Home':
        if (onButton || !open) return;
        items[0]?.focus();
        break;
      case 'End':
        if (onButton || !open) return;
        items[items.length - 1]?.focus();
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
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="dropdown__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="dropdown__chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!open}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={link.current ? 'page' : undefined} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
