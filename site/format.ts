import { EVENT } from './event';
import { type LanguageCode, language } from './languages';

/**
 * The one place where dates, times, numbers, prices and lists are written out for a language: the
 * pages, the worker (calendar files, footer) and the press kit all format through it, so a fact
 * reads the same wherever it appears.
 */
const locale = (lang: LanguageCode) => language(lang).intl;

/** A calendar date (`YYYY-MM-DD`) written out in the language: "23 października 2027". */
export function formatDate(lang: LanguageCode, isoDate: string, weekday?: 'long'): string {
  return new Intl.DateTimeFormat(locale(lang), {
    weekday,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A calendar date with its weekday: "sobota, 23 października 2027". */
export const formatWeekdayDate = (lang: LanguageCode, isoDate: string): string => formatDate(lang, isoDate, 'long');

/** An instant as a date and a time at the venue (the event's time zone): "2 listopada 2027 10:42". */
export function formatDateTime(lang: LanguageCode, iso: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: EVENT.timeZone,
  }).format(new Date(iso));
}

/** The day (`YYYY-MM-DD`) an instant falls on at the venue (the event's time zone), where tax and payment days are counted. */
export const venueDay = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: EVENT.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

/** The time of day of an instant at the venue: "10:42", "10:42 AM". */
export function formatTimeOfDay(lang: LanguageCode, iso: string): string {
  return new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: EVENT.timeZone }).format(new Date(iso));
}

/** Languages whose readers expect a 12-hour clock (en-US); the others use 24 hours. */
export const usesTwelveHours = (lang: LanguageCode) =>
  new Intl.DateTimeFormat(locale(lang), { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions().hourCycle === 'h12';

/**
 * A wall-clock time (`HH:MM`) as the language writes it: "17:15", or "5:15 PM" in en-US.
 * Built by hand rather than by Intl, whose spacing (a narrow no-break space before "PM" in recent
 * ICU) differs between Node, workerd and browsers and would make prerendered text differ from the
 * hydrated one.
 */
export function formatTime(lang: LanguageCode, time: string): string {
  if (!usesTwelveHours(lang)) return time;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

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

/**
 * An amount in grosze as an invoice prints it, in Polish whatever the buyer's language: always the
 * grosze, thousands always grouped ("1 228,77 zł"). Intl's Polish style leaves four-digit amounts
 * ungrouped ("1228,77 zł"), which accounting documents do not.
 */
export function formatInvoiceAmount(grosze: number): string {
  return new Intl.NumberFormat(locale('pl'), {
    style: 'currency',
    currency: 'PLN',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(grosze / 100);
}

/** Names joined as the language joins them: "A, B i C", "A, B, and C". */
export function formatList(lang: LanguageCode, items: readonly string[]): string {
  return new Intl.ListFormat(locale(lang), { type: 'conjunction' }).format(items);
}

/** A file size in the language's style: "84 kB", "1,2 MB". */
export function formatSize(lang: LanguageCode, bytes: number): string {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale(lang), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
}

/** Text in Latin letters without diacritics: "Łucja Żak" → "Lucja Zak" (a header's name, a record's id). */
export function latinLetters(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L');
}
