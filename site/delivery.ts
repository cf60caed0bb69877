import { EVENT } from './event';
import { type LanguageCode, language } from './languages';
import { CURRENCY, type ONSITE_TICKETS, type PlanType } from './tickets';

/**
 * What the ticket pieces (confirmation e-mail, order page, check-in) share: the product ids of
 * paid orders and the one place where they format amounts, dates and times. When the shared
 * formatting module lands in site/, the `format*` functions here become calls to it; when the box
 * office exports its product type, `TicketProduct` becomes an alias of it.
 */

type OnsiteType = (typeof ONSITE_TICKETS)[number]['type'];

/** The product of an order: an online plan or an on-site ticket. */
export type TicketProduct = `online-${PlanType}` | `onsite-${OnsiteType}`;

/**
 * Where a product's name lives in the `tickets` catalogue (`plans.names.*`, `onsite.names.*`),
 * and whether it is attended online or on site.
 */
export function productNameKey(
  product: TicketProduct,
): { kind: 'online'; key: `plans.names.${PlanType}` } | { kind: 'onsite'; key: `onsite.names.${OnsiteType}` } {
  if (product.startsWith('online-')) {
    return { kind: 'online', key: `plans.names.${product.slice('online-'.length) as PlanType}` };
  }
  return { kind: 'onsite', key: `onsite.names.${product.slice('onsite-'.length) as OnsiteType}` };
}

const locale = (lang: LanguageCode) => language(lang).intl;

/** An amount in grosze as a bill writes it, grosze always shown: "367,77 zł", "PLN 367.77". */
export function formatAmount(lang: LanguageCode, grosze: number): string {
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(grosze / 100);
}

/** An instant as a date and a time in the event's time zone (12-hour clock in en-US). */
export function formatDateTime(lang: LanguageCode, iso: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: EVENT.timeZone,
  }).format(new Date(iso));
}

/** The time of day of an instant in the event's time zone: "10:42", "10:42 AM". */
export function formatTimeOfDay(lang: LanguageCode, iso: string): string {
  return new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: EVENT.timeZone }).format(new Date(iso));
}

/** The event day with its weekday: "sobota, 25 października 2025". */
export function formatEventDay(lang: LanguageCode): string {
  return new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${EVENT.date}T00:00:00Z`));
}

/** A local time of the event day (`HH:MM`) as the language writes it: "20:00", "8:00 PM". */
export function formatLocalTime(lang: LanguageCode, time: string): string {
  return new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${EVENT.date}T${time}:00Z`),
  );
}
