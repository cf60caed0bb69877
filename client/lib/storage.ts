import { findLanguage, LANGUAGE_STORAGE_KEY, type LanguageCode } from '../../site/languages';
import { LANGUAGE_COOKIE_DAYS } from '../../site/privacy';

const ONE_YEAR = 60 * 60 * 24 * LANGUAGE_COOKIE_DAYS;

/** The language stored by an earlier visit (localStorage), if any. */
export function storedLanguage(): LanguageCode | undefined {
  try {
    return findLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))?.code;
  } catch {
    return undefined;
  }
}

/** Stores the language in localStorage and in a cookie that the edge reads for redirects. */
export function storeLanguage(lang: LanguageCode): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the edge reads this cookie, so it must be a cookie
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}
