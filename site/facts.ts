import { EDITION_YEAR, EVENT, FIGURES, ORGANISER } from './event';
import { formatDate, formatNumber, formatPrice, formatTime } from './format';
import type { LanguageCode } from './languages';
import { MAX_TICKETS } from './orders';
import { CANCELLATION_DAYS, cancellationDeadline } from './terms';
import { ONLINE_PLANS, VAT_RATE_PERCENT } from './tickets';

/** The event day, as `formatDate` writes it. */
export const eventDate = (lang: LanguageCode) => formatDate(lang, EVENT.date);

/**
 * Every fact the texts interpolate, formatted for the language: titles, descriptions, pages, the
 * manifests, the calendar files and the press kit all fill their `{{placeholders}}` from here, so
 * a catalogue never types a date, time, figure, address or price.
 */
export function siteFacts(lang: LanguageCode) {
  const { venue } = EVENT;
  const number = (value: number) => formatNumber(lang, value);
  return {
    date: eventDate(lang),
    year: String(EDITION_YEAR),
    start: formatTime(lang, EVENT.startTime),
    end: formatTime(lang, EVENT.endTime),
    lists: formatDate(lang, EVENT.listsPublishedOn),
    venue: venue.name,
    street: venue.street,
    postalCode: venue.postalCode,
    city: venue.city,
    address: `${venue.street}, ${venue.postalCode} ${venue.city}`,
    live: number(FIGURES.liveParticipants),
    online: number(FIGURES.onlineParticipants),
    exhibitors: number(FIGURES.exhibitors),
    speakers: number(FIGURES.speakers),
    workshops: number(FIGURES.workshops),
    startups: number(FIGURES.startups),
    tables: number(FIGURES.networkingTables),
    categories: number(FIGURES.awardCategories),
    price: formatPrice(lang, Math.min(...ONLINE_PLANS.map((plan) => plan.net))),
    vat: number(VAT_RATE_PERCENT),
    maxTickets: number(MAX_TICKETS),
    days: number(CANCELLATION_DAYS),
    deadline: formatDate(lang, cancellationDeadline()),
    organiser: ORGANISER.name,
    orgStreet: ORGANISER.street,
    orgPostalCode: ORGANISER.postalCode,
    orgCity: ORGANISER.city,
    taxId: ORGANISER.taxId,
    email: ORGANISER.email,
    phone: ORGANISER.phone,
    pressEmail: ORGANISER.pressEmail,
  };
}

export type SiteFacts = ReturnType<typeof siteFacts>;

/** Fills `{{name}}` placeholders outside i18next (worker, build scripts); unknown names stay. */
export const interpolate = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
