import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LANGUAGES, type LanguageCode, language } from '../../site/languages';
import { storeLanguage } from '../lib/storage';
import { useLanguage } from '../lib/use-language';
import { isOpen } from './dropdown';
import { Flag } from './flag';

/** The path with its first segment replaced by (or prefixed with) a language prefix. */
export function switchLanguagePath(path: string, lang: LanguageCode): string {
  const segments = path.split('/').filter(Boolean);
  const known = LANGUAGES.some((l) => l.prefix === segments[0]?.toLowerCase());
  const rest = known ? segments.slice(1) : segments;
  return `/${[language(lang).prefix, ...rest].join('/')}`;
}

/**
 * Button with the current language that opens the list of the five (a popover: the browser opens
 * it without script, closes it on Escape or a click outside); every option is a real link. Its
 * name starts with what it shows ("PL"), then says what it does, for voice control (WCAG 2.5.3).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = language(useLanguage());
  const [location, navigate] = useLocation();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!isOpen(list.current) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const links = [...(list.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    links[(index + step + links.length) % links.length]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys from the button and the links bubble here
    <div className="language-picker" onKeyDown={onKeyDown}>
      <button ref={button} type="button" className="language-picker__button" popovertarget={listId}>
        <Flag country={current.flag} />
        <span className="language-picker__code">{current.prefix.toUpperCase()}</span>
        <span className="visually-hidden"> {t('language.choose', { current: current.label })}</span>
      </button>
      <ul
        ref={list}
        id={listId}
        className="language-picker__list"
        popover="auto"
        onToggle={(event) => {
          // Opened: the current language's link takes focus, so arrows move from there.
          if ((event.nativeEvent as ToggleEvent).newState === 'open')
            list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
        }}
      >
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
                list.current?.hidePopover();
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
