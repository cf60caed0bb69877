import type { SessionView, SpeakerView } from './content-view';
import { brandName, EVENT, ORGANISER, SITE_ORIGIN } from './event';
import { type LanguageCode, language } from './languages';
import { href } from './pages';
import {
  CURRENCY,
  FEW_LEFT,
  PRODUCTS,
  type Product,
  type ProductId,
  type ProductState,
  priceAt,
  priceBreakdown,
  product,
  salesWindow,
  windowState,
} from './tickets';

type Texts = { name: string; description: string; productNames: Record<ProductId, string>; image: string };

const SCHEMA = 'https://schema.org/';

/**
 * The terms of a product's offer at an instant: its gross price then (and until when it holds),
 * its sales window and its availability (few places left is `LimitedAvailability`; outside the
 * window `OutOfStock`). The build writes them from the sales window alone; the worker rewrites
 * them with the box office's live state as it serves the page (worker/live-state.ts).
 */
export function offerTerms(p: Product, now: number, state: ProductState) {
  const price = priceAt(p, now);
  const { opens, closes } = salesWindow(p);
  const availability =
    state.status === 'sold_out'
      ? 'SoldOut'
      : state.status === 'closed'
        ? 'OutOfStock'
        : state.remaining !== null && state.remaining <= FEW_LEFT
          ? 'LimitedAvailability'
          : 'InStock';
  return {
    price: (priceBreakdown(price.net).gross / 100).toFixed(2),
    priceCurrency: CURRENCY,
    ...(price.risesOn ? { priceValidUntil: price.risesOn } : {}),
    availability: SCHEMA + availability,
    validFrom: opens,
    validThrough: closes,
  };
}

type Offer = { sku?: string } & Record<string, unknown>;

/** An event's offers with the terms of the moment: each offer names its product by `sku`. */
export function liveOffers<T extends { offers?: Offer[] }>(event: T, now: number, states: readonly ProductState[]): T {
  const offers = event.offers?.map((offer) => {
    const state = states.find((s) => s.id === offer.sku);
    if (!state) return offer;
    // The terms are replaced whole: a price that no longer rises has no priceValidUntil.
    const { priceValidUntil: _built, ...rest } = offer;
    return { ...rest, ...offerTerms(product(state.id), now, state) };
  });
  return { ...event, offers };
}

const iso = (time: string) => `${EVENT.date}T${time}:00${EVENT.utcOffset}`;

/**
 * schema.org `Event` for the home and ticket pages (Google's Event requirements): dates with the
 * time zone, mixed attendance, the arena and the virtual location, organiser, and an offer per
 * product (online and on site) with its terms at `now`.
 */
export function eventJsonLd(lang: LanguageCode, texts: Texts, now: number) {
  const { venue } = EVENT;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: texts.name,
    description: texts.description,
    inLanguage: language(lang).code,
    startDate: iso(EVENT.startTime),
    endDate: iso(EVENT.endTime),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
    image: [texts.image],
    url: SITE_ORIGIN + href(lang, 'home'),
    location: [
      {
        '@type': 'Place',
        name: venue.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: venue.street,
          postalCode: venue.postalCode,
          addressLocality: venue.city,
          addressCountry: venue.country,
        },
      },
      { '@type': 'VirtualLocation', url: SITE_ORIGIN + href(lang, 'tickets') },
    ],
    organizer: {
      '@type': 'Organization',
      name: ORGANISER.name,
      url: SITE_ORIGIN,
      email: ORGANISER.email,
      telephone: ORGANISER.phone,
    },
    offers: PRODUCTS.map((p) => ({
      '@type': 'Offer',
      sku: p.id,
      name: `${brandName()}: ${texts.productNames[p.id]}`,
      url: SITE_ORIGIN + href(lang, 'tickets'),
      ...offerTerms(p, now, windowState(p, now)),
    })),
  };
}

/** What the store publishes, as the Event's JSON-LD names it. */
type Published = { speakers: readonly SpeakerView[]; sessions: readonly SessionView[] };

/**
 * The Event's performers (the published speakers, each with their card) and subEvents (the published
 * sessions, with their speakers): written into the JSON-LD of the pages that carry it when the
 * store's content is rendered (worker/content/pages.ts), so search engines see what is published.
 * An empty list leaves its property out.
 */
export function withPublished<T extends object>(event: T, lang: LanguageCode, published: Published) {
  const person = (p: { name: string; anchor: string }) => ({
    '@type': 'Person',
    name: p.name,
    url: SITE_ORIGIN + href(lang, 'speakers', p.anchor),
  });
  const performer = published.speakers.map((s) => ({
    ...person(s),
    ...(s.role ? { jobTitle: s.role } : {}),
    ...(s.photo ? { image: SITE_ORIGIN + s.photo } : {}),
  }));
  const { venue } = EVENT;
  const subEvent = published.sessions.map((s) => ({
    '@type': 'Event',
    name: s.title,
    startDate: iso(s.start),
    endDate: iso(s.end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
    location: { '@type': 'Place', name: venue.name, address: `${venue.street}, ${venue.postalCode} ${venue.city}` },
    url: SITE_ORIGIN + href(lang, 'program', `session-${s.id}`),
    ...(s.speakers.length ? { performer: s.speakers.map(person) } : {}),
  }));
  const {
    performer: _performer,
    subEvent: _subEvent,
    ...rest
  } = event as T & { performer?: unknown; subEvent?: unknown };
  return {
    ...rest,
    ...(performer.length ? { performer } : {}),
    ...(subEvent.length ? { subEvent } : {}),
  };
}
