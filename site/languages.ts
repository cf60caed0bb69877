/** The five languages of the site; pl is the default and the fallback. */
export const LANGUAGES = [
  { code: 'pl', prefix: 'pl', label: 'Polski', flag: 'pl', ogLocale: 'pl_PL', intl: 'pl-PL' },
  { code: 'en-GB', prefix: 'en-gb', label: 'English (UK)', flag: 'gb', ogLocale: 'en_GB', intl: 'en-GB' },
  { code: 'en-US', prefix: 'en-us', label: 'English (US)', flag: 'us', ogLocale: 'en_US', intl: 'en-US' },
  { code: 'de', prefix: 'de', label: 'Deutsch', flag: 'de', ogLocale: 'de_DE', intl: 'de-DE' },
  { code: 'es', prefix: 'es', label: 'Español', flag: 'es', ogLocale: 'es_ES', intl: 'es-ES' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'pl';

/** Name of the localStorage key and of the cookie that hold the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

/** The language whose code or URL prefix matches `value`, ignoring case. */
export function findLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  return LANGUAGES.find((l) => l.prefix === lower);
}

/** The language record of a known code. */
export function language(code: LanguageCode): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

/**
 * Best supported language for an Accept-Language header: exact tags first, then the base
 * language; any English that is not en-US goes to en-GB. Undefined when nothing matches.
 */
export function matchAcceptLanguage(header: string | null | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = findLanguage(tag);
    if (exact) return exact.code;
    const base = tag.split('-')[0];
    if (base === 'en') return 'en-GB';
    const byBase = findLanguage(base);
    if (byBase) return byBase.code;
  }
  return undefined;
}

/**
 * Path of the web app manifest of a language (code or prefix; the default language's for anything
 * else), written per language by the build (scripts/prerender.ts): `/manifest-en-gb.webmanifest`.
 */
export function manifestPath(lang: string | null | undefined): string {
  return `/manifest-${(findLanguage(lang) ?? language(DEFAULT_LANGUAGE)).prefix}.webmanifest`;
}
