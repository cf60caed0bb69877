/**
 * Facts of the current edition. Every page, the worker and the build read them from here;
 * translations interpolate them (`{{date}}`), so changing an edition means editing this file.
 */
export const SITE_ORIGIN = 'https://kongres-ai.pl';

export const BRAND = { name: 'Kongres', highlight: 'AI', suffix: 'Polska' } as const;

/** The congress's name in full, the same in every language: "Kongres AI Polska". */
export const brandName = () => `${BRAND.name} ${BRAND.highlight} ${BRAND.suffix}`;

/**
 * The edition's day (`YYYY-MM-DD`, Europe/Warsaw): the one value to change for a new edition.
 * The lists' publication day, the cancellation deadline, the edition year in titles, file names,
 * JSON-LD and calendar files all derive from it.
 */
const EDITION_DATE = '2027-10-23';

/** Year of the edition, as titles ("Gala Miss AI 2027") and press file names show it. */
export const EDITION_YEAR = Number(EDITION_DATE.slice(0, 4));

export const EVENT = {
  /** Local date and hours in Europe/Warsaw: talks and workshops by day, the shows until the end. */
  date: EDITION_DATE,
  startTime: '10:00',
  endTime: '21:00',
  timeZone: 'Europe/Warsaw',
  /**
   * UTC offset on the event day: summer time (CEST) runs until the last Sunday of October, which in
   * 2027 is the 31st. A test checks this against the time zone database for the date above.
   */
  utcOffset: '+02:00',
  /** The day on which full lists of speakers, exhibitors, workshops and demos are published: 1 September. */
  listsPublishedOn: `${EDITION_YEAR}-09-01`,
  venue: {
    name: 'Atlas Arena',
    street: 'al. Bandurskiego 7',
    postalCode: '94-020',
    city: 'Łódź',
    country: 'PL',
  },
} as const;

/**
 * The venue on OpenStreetMap, searched by its postal address: the contact and travel pages link it.
 * A function, so a page that does not link the map does not carry the computation in its bundle.
 */
export const venueMapUrl = () =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(
    `${EVENT.venue.name}, ${EVENT.venue.street}, ${EVENT.venue.postalCode} ${EVENT.venue.city}`,
  )}`;

/** Headline figures; the `+` is part of how they are shown. */
export const FIGURES = {
  liveParticipants: 3500,
  onlineParticipants: 10000,
  exhibitors: 120,
  speakers: 80,
  workshops: 80,
  startups: 50,
  networkingTables: 10,
  awardCategories: 23,
} as const;

/**
 * The organiser as the footer, contact page, terms, privacy policy, JSON-LD and press kit name it.
 * EXAMPLE DATA (see `example-data.ts`): no real company can have these details. The tax id fails
 * the NIP checksum for any last digit (its weighted sum is 10 modulo 11), the postal code 00-000
 * is not assigned, area code 20 is not in the Polish numbering plan, and the bank account's IBAN
 * has the check digits 00, which no IBAN has.
 */
export const ORGANISER = {
  name: 'Przykładowy Organizator sp. z o.o.',
  street: 'ul. Przykładowa 1',
  postalCode: '00-000',
  city: 'Wrocław',
  country: 'PL',
  taxId: '123-456-78-90',
  email: 'kontakt@kongres-ai.pl',
  phone: '+48 20 555 01 00',
  pressEmail: 'media@kongres-ai.pl',
  /**
   * The account transfers are paid to (pro-forma, invoices). Its check digits 00 are never valid
   * in an IBAN, so no payment can reach a real account by mistake.
   */
  bank: { name: 'Przykładowy Bank S.A.', iban: 'PL00 0000 0000 1234 5678 9012 3456', swift: 'XMPLPLPW' },
} as const;

/** The congress's own social profiles, which sample speakers link to until the lists are out. */
export const CONGRESS_PROFILES = {
  linkedin: 'https://www.linkedin.com/company/kongres-ai-polska',
  x: 'https://x.com/kongresaipolska',
} as const;

/** First edition's year, shown in the footer's copyright line. */
export const FIRST_YEAR = 2024;

/** "2024" in 2024, otherwise "2024-<year>". */
export function copyrightYears(currentYear: number): string {
  return currentYear <= FIRST_YEAR ? String(FIRST_YEAR) : `${FIRST_YEAR}-${currentYear}`;
}
