/**
 * Everything on the site that stands in for data the organisers have not given yet. Each flag is
 * true while its data is an example; the pages label examples as such. Two homes:
 * - `code`: the data is in site/. A production deploy (`npm run check:deploy` with
 *   CLOUDFLARE_ENV=production) refuses while such a flag is set, printing what to fill in. To
 *   publish real data: replace it where `where` says, then set the flag to false.
 * - `store`: the lists here are only the seed of the content store (worker/content/seed.ts), which
 *   organisers edit in the console. The deploy check asks the store whether a published record is
 *   still marked as an example, not these flags, which only label the build's own pages.
 */
export const EXAMPLE_DATA = {
  organiser: {
    example: true,
    in: 'code',
    where: 'site/event.ts ORGANISER',
    what: "the organiser's registered name, street, postal code, city, tax id (NIP), phone number, e-mail addresses and bank account (invoices, transfers)",
  },
  speakers: {
    example: true,
    in: 'store',
    where:
      'the console (/admin, Content); seeded from site/speakers.ts SPEAKERS, client/images/speaker-*.svg and the `speakers.people` texts in locales/*/events.json',
    what: 'the confirmed speakers: names, portraits, roles, bios, topics and their own LinkedIn and X profiles',
  },
  workshops: {
    example: true,
    in: 'store',
    where:
      'the console (/admin, Content); seeded from site/workshops.ts WORKSHOPS and the `workshops.items` texts in locales/*/events.json',
    what: 'the confirmed workshops: titles, descriptions, levels, durations, seats, instructors and prerequisites',
  },
  program: {
    example: true,
    in: 'store',
    where:
      'the console (/admin, Content); seeded from site/program.ts TRACKS and the `program.sessions` texts in locales/*/events.json',
    what: 'the confirmed sessions with their times, rooms and speakers',
  },
  accessibility: {
    example: true,
    in: 'code',
    where: 'site/accessibility.ts VENUE_ACCESS and BARRIER_ANSWER_DAYS (texts: `venueAccess` in locales/*/info.json)',
    what: "the venue's accessibility as confirmed with the arena (step-free access, wheelchair spaces, induction loop, quiet room, assistance on request) and the most days in which a reported barrier is answered",
  },
  travel: {
    example: true,
    in: 'code',
    where: 'site/travel.ts HOTELS (texts: `travel.car` and `travel.hotels` in locales/*/info.json)',
    what: "the hotels the organisers recommend (names, distances) and the venue's parking on the event day",
  },
} as const satisfies Record<string, { example: boolean; in: 'code' | 'store'; where: string; what: string }>;

export type ExampleDataId = keyof typeof EXAMPLE_DATA;

/** Whether a part of the site still shows example data (the pages then label it). */
export const isExample = (id: ExampleDataId): boolean => EXAMPLE_DATA[id].example;

/** The parts of site/ that are still examples (not the store's seed), each with where to fill in what. */
export function pendingExamples(): { id: ExampleDataId; where: string; what: string }[] {
  return (Object.keys(EXAMPLE_DATA) as ExampleDataId[])
    .filter((id) => EXAMPLE_DATA[id].example && EXAMPLE_DATA[id].in === 'code')
    .map((id) => ({ id, where: EXAMPLE_DATA[id].where, what: EXAMPLE_DATA[id].what }));
}
