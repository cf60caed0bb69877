import { isExample } from './example-data';

/**
 * The accessibility statement's facts (the page `accessibility`, structured as the EU model
 * statement of Commission Implementing Decision 2018/1523, adapted to a private service provider
 * under the European Accessibility Act and the Polish act of 26 April 2024), and the venue's
 * accessibility shown on the contact and ticket pages.
 */

/** The day the statement was prepared and last reviewed: change it whenever its content changes. */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-27';

/** The standard the site aims to meet. */
export const ACCESSIBILITY_STANDARD = { name: 'WCAG 2.2', level: 'AA' } as const;

/**
 * The most days the organisers take to answer a reported barrier.
 * EXAMPLE DATA (see `example-data.ts`, `accessibility`): to be confirmed by the organisers.
 */
export const BARRIER_ANSWER_DAYS = 7;

/**
 * The authority that supervises the act of 26 April 2024 for services, to which a consumer may
 * complain when the service provider's answer does not satisfy them. Address to be checked before going live.
 */
export const ENFORCEMENT_AUTHORITY = {
  street: 'al. Jana Pawła II 13',
  postalCode: '00-828',
  city: 'Warszawa',
  url: 'https://www.pfron.org.pl',
} as const;

/**
 * What the venue offers disabled visitors, each a catalogue key under `info:venueAccess.items`.
 * EXAMPLE DATA (see `example-data.ts`, `accessibility`): what a hall of this kind offers, until the
 * organisers confirm each point with the arena.
 */
export const VENUE_ACCESS = ['stepFree', 'wheelchairSpaces', 'inductionLoop', 'quietRoom', 'assistance'] as const;
export type VenueAccessItem = (typeof VENUE_ACCESS)[number];

/** Whether the venue's accessibility and the answer time are still examples (the pages then label them). */
export const accessibilityIsExample = () => isExample('accessibility');
