import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LANGUAGES, type LanguageCode, language } from '../../site/languages';
import { storeLanguage } from '../lib/storage';
import { useLanguage } from '../lib/use-language';
import { Flag } from './flag';

/** The path with its first segment replaced by (or prefixed with) a language prefix. */
export function switchLanguagePath(path: string, lang: LanguageCode): string {
  const segments = path.split('/').filter(Boolean);
  const known = LANGUAGES.some((l) => l.prefix === segments[0]?.toLowerCase());
  const rest = known ? segments.slice(1) : segments;
  return `/${[language(lang).prefix, ...rest].join('/')}`;
}

/** Button with the current language that opens the list of the five; every option is a real link. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = language(useLanguage());
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const links = [...(root.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    links[(index + step + links.length) % links.length]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys from the button and the links bubble here
    <div className="language-picker" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="language-picker__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('language.choose', { current: current.label })}
        onClick={() => setOpen((value) => !value)}
      >
        <Flag country={current.flag} />
        <span>{current.prefix.toUpperCase()}</span>
      </button>
      <ul id={listId} className="language-picker__list" hidden={!open}>
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <a
              href={switchLanguagePath(location, l.code)}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === current.code ? 'true' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                storeLanguage(l.code);
                setOpen(false);
                navigate(switchLanguagePath(location, l.code) + window.location.search);
                button.current?.focus();
              }}
            >
              <Flag country={l.flag} />
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
