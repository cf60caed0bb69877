import { useMemo } from 'react';
import { EVENT, FIGURES, ORGANISER } from '../../site/event';
import { type LanguageCode, language } from '../../site/languages';
import { CANCELLATION_DAYS, cancellationDeadline } from '../../site/terms';
import { ONLINE_PLANS, VAT_RATE_PERCENT } from '../../site/tickets';
import { eventDate, formatDate, formatNumber, formatPrice } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** A wall-clock time (`HH:MM`) in the language's style: "10:00", "10:00 AM". */
export function formatTime(lang: LanguageCode, time: string): string {
  return new Intl.DateTimeFormat(language(lang).intl, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );
}

/**
 * Every fact the info pages interpolate into their texts, formatted for the language. The
 * catalogue never types a date, figure, address or price: it names one of these.
 */
export function infoFacts(lang: LanguageCode) {
  const { venue } = EVENT;
  return {
    date: eventDate(lang),
    start: formatTime(lang, EVENT.startTime),
    end: formatTime(lang, EVENT.endTime),
    lists: formatDate(lang, EVENT.listsPublishedOn),
    venue: venue.name,
    street: venue.street,
    postalCode: venue.postalCode,
    city: venue.city,
    live: formatNumber(lang, FIGURES.liveParticipants),
    online: formatNumber(lang, FIGURES.onlineParticipants),
    exhibitors: formatNumber(lang, FIGURES.exhibitors),
    speakers: formatNumber(lang, FIGURES.speakers),
    workshops: formatNumber(lang, FIGURES.workshops),
    startups: formatNumber(lang, FIGURES.startups),
    tables: formatNumber(lang, FIGURES.networkingTables),
    categories: formatNumber(lang, FIGURES.awardCategories),
    price: formatPrice(lang, Math.min(...ONLINE_PLANS.map((plan) => plan.net))),
    vat: formatNumber(lang, VAT_RATE_PERCENT),
    days: formatNumber(lang, CANCELLATION_DAYS),
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

export type InfoFacts = ReturnType<typeof infoFacts>;

/** The facts in the language of the page being shown. */
export function useInfoFacts(): InfoFacts {
  const lang = useLanguage();
  return useMemo(() => infoFacts(lang), [lang]);
}

/** `tel:` link target of a phone number as people write it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
