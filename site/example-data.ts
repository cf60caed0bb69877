/**
 * Everything on the site that stands in for data the organisers have not given yet. Each flag is
 * true while its data is an example; the pages label examples as such, and a production deploy
 * (`npm run check:deploy` with CLOUDFLARE_ENV=production) refuses while any flag is set, printing
 * what to fill in. To publish real data: replace it where `where` says, then set the flag to false.
 */
export const EXAMPLE_DATA = {
  organiser: {
    example: true,
    where: 'site/event.ts ORGANISER',
    what: "the organiser's registered name, street, postal code, city, tax id (NIP), phone number and e-mail addresses",
  },
  speakers: {
    example: true,
    where:
      'site/speakers.ts SPEAKERS, client/images/speaker-*.svg and the `speakers.people` texts in locales/*/events.json',
    what: 'the confirmed speakers: names, portraits, roles, bios, topics and their own LinkedIn and X profiles',
  },
  workshops: {
    example: true,
    where: 'site/workshops.ts WORKSHOPS and the `workshops.items` texts in locales/*/events.json',
    what: 'the confirmed workshops: titles, descriptions, levels, durations, seats, instructors and prerequisites',
  },
  program: {
    example: true,
    where: 'site/program.ts TRACKS and the `program.sessions` texts in locales/*/events.json',
    what: 'the confirmed sessions with their times, rooms and speakers',
  },
} as const satisfies Record<string, { example: boolean; where: string; what: string }>;

export type ExampleDataId = keyof typeof EXAMPLE_DATA;

/** Whether a part of the site still shows example data (the pages then label it). */
export const isExample = (id: ExampleDataId): boolean => EXAMPLE_DATA[id].example;

/** The parts that are still examples, each with where to fill in what. */
export function pendingExamples(): { id: ExampleDataId; where: string; what: string }[] {
  return (Object.keys(EXAMPLE_DATA) as ExampleDataId[])
    .filter((id) => EXAMPLE_DATA[id].example)
    .map((id) => ({ id, where: EXAMPLE_DATA[id].where, what: EXAMPLE_DATA[id].what }));
}
