import { BRAND, EVENT, ORGANISER, SITE_ORIGIN } from './event';
import { type LanguageCode, language } from './languages';
import { href } from './pages';
import { ONLINE_PLANS, type PlanType, priceBreakdown } from './tickets';

type Texts = { name: string; description: string; planNames: Record<PlanType, string>; image: string };

const iso = (time: string) => `${EVENT.date}T${time}:00${EVENT.utcOffset}`;

/**
 * schema.org `Event` for the home and ticket pages (Google's Event requirements): dates with the
 * time zone, mixed attendance, the arena and the virtual location, organiser, and the three online
 * offers at their gross PLN price.
 */
export function eventJsonLd(lang: LanguageCode, texts: Texts) {
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
    offers: ONLINE_PLANS.map((plan) => ({
      '@type': 'Offer',
      name: `${BRAND.name} ${BRAND.highlight} ${BRAND.suffix}: ${texts.planNames[plan.type]}`,
      price: (priceBreakdown(plan.net).gross / 100).toFixed(2),
      priceCurrency: 'PLN',
      availability: 'https://schema.org/InStock',
      url: SITE_ORIGIN + href(lang, 'tickets'),
    })),
  };
}
