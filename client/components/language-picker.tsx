import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, language } from '../../site/languages';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Flag } from './flag';

/**
 * Button with the current language that opens the list of the five (a popover: the browser opens
 * it without script, closes it on Escape or a click outside); every option is a real link to the
 * same page in that language. Its name starts with what it shows ("PL"), then says what it does,
 * for voice control (WCAG 2.5.3). The page script (client/boot.ts `languagePickers`) moves focus
 * to the current language when it opens, adds arrow keys and keeps the query on a switch.
 */
export function LanguagePicker({ page }: { page: PageId | null }) {
  const { t } = useTranslation();
  const current = language(useLanguage());
  const listId = useId();
  return (
    <div className="language-picker">
      <button type="button" className="language-picker__button" popoverTarget={listId}>
        <Flag country={current.flag} />
        <span className="language-picker__code">{current.prefix.toUpperCase()}</span>
        <span className="visually-hidden"> {t('language.choose', { current: current.label })}</span>
      </button>
      <ul id={listId} className="language-picker__list" popover="auto">
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <a
              href={page ? href(l.code, page) : `/${l.prefix}`}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === current.code ? 'true' : undefined}
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
