import { EVENT } from '../../site/event';
import { type LanguageCode, language } from '../../site/languages';

const locale = (lang: LanguageCode) => language(lang).intl;

/** A calendar date (`YYYY-MM-DD`) written out in the language: "25 października 2025". */
export function formatDate(lang: LanguageCode, isoDate: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The event day, as `formatDate` writes it. */
export const eventDate = (lang: LanguageCode) => formatDate(lang, EVENT.date);

/** A count with the language's digit grouping: 10 000, 10,000, 10.000. */
export function formatNumber(lang: LanguageCode, value: number): string {
  return new Intl.NumberFormat(locale(lang)).format(value);
}

/**
 * An amount in grosze as PLN in the language's style: "299 zł", "PLN 299". `exact` always shows
 * the grosze, as a bill does ("299,00 zł").
 */
export function formatPrice(lang: LanguageCode, grosze: number, exact = false): string {
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: 'PLN',
    minimumFractionDigits: exact || grosze % 100 !== 0 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(grosze / 100);
}
