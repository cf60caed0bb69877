import { EVENT } from '../../site/event';
import { type LanguageCode, language } from '../../site/languages';
import type { Order } from './types';

/** The venue's time zone: organisers read times as they happen at the congress. */
const ZONE = EVENT.timeZone;

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

/** The amounts an order's history records, in grosze (`created`, `marked_paid`, `vat_corrected`...). */
const MONEY_KEYS = new Set(['net', 'vat', 'gross', 'amount', 'difference', 'expected']);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One history entry's details as organisers read them: amounts in złoty, instants in the venue's
 * local time, the rest as recorded (`gross: 369,00 zł · holdUntil: 15.03.2027, 10:30`).
 */
export function historyDetails(lang: LanguageCode, data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([key, value]) => {
      if (typeof value === 'number' && MONEY_KEYS.has(key)) return `${key}: ${money(lang, value)}`;
      if (typeof value === 'string' && INSTANT.test(value)) return `${key}: ${dateTime(lang, value)}`;
      return `${key}: ${String(value)}`;
    })
    .join(' · ');
}

/**
 * Who bought an order, for the lists: the buyer's name, else the company of its invoice (a company
 * order names no person), else its first ticket's holder.
 */
export function buyerName(order: Pick<Order, 'name' | 'invoice' | 'tickets'>): string {
  return order.name ?? order.invoice?.name ?? order.tickets.find((t) => t.name)?.name ?? '';
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

/** A calendar day as written on an invoice (`2027-03-14`), short, in the language's form. */
export function calendarDay(lang: LanguageCode, day: string): string {
  // Noon UTC names the same day in every zone, so formatting never moves it.
  return new Intl.DateTimeFormat(language(lang).intl, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A month (`2027-03`) by name: "marzec 2027". */
export function monthName(lang: LanguageCode, month: string): string {
  return new Intl.DateTimeFormat(language(lang).intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** The month it is now at the venue, `YYYY-MM`: invoices are dated in Warsaw. */
export function currentMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', timeZone: ZONE }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** An order's tickets per product: "3 × Pro – on-site ticket, Premium – online ticket". */
export function summary(order: Pick<Order, 'tickets'>, productName: (id: Order['product']) => string): string {
  const counts = new Map<Order['product'], number>();
  for (const ticket of order.tickets) counts.set(ticket.product, (counts.get(ticket.product) ?? 0) + 1);
  return [...counts].map(([id, n]) => `${n > 1 ? `${n} × ` : ''}${productName(id)}`).join(', ');
}
