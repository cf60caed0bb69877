import { type LanguageCode, language } from '../../site/languages';

/** The venue's time zone: organisers read times as they happen at the congress. */
const ZONE = 'Europe/Warsaw';

/** Date and time of an instant, short, in the venue's time zone. */
export function dateTime(lang: LanguageCode, iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language(lang).intl, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: ZONE,
  }).format(new Date(iso));
}

/** Time of day with seconds, for "updated at". */
export function clock(lang: LanguageCode, at: Date): string {
  return new Intl.DateTimeFormat(language(lang).intl, { timeStyle: 'medium', timeZone: ZONE }).format(at);
}

/** An amount in grosze with its grosze, as a bill shows it. */
export function money(lang: LanguageCode, grosze: number): string {
  return new Intl.NumberFormat(language(lang).intl, { style: 'currency', currency: 'PLN' }).format(grosze / 100);
}

/** A count with the language's digit grouping. */
export function count(lang: LanguageCode, value: number): string {
  return new Intl.NumberFormat(language(lang).intl).format(value);
}

/** A local calendar day (`2027-05-01`) as the start of that day in this browser, ISO. */
export function dayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The start of the day after a local calendar day, ISO: an "until" day includes that whole day. */
export function dayEnd(day: string): string | undefined {
  const start = dayStart(day);
  if (!start) return undefined;
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}
