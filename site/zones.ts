/**
 * The eight themed zones of the venue, in the order of their numbers on the floor plan
 * (zone `n` is the marker `n`). Names and descriptions are in the `events` catalogue
 * under `zones.items.<id>`.
 */
export const ZONES = [
  'business',
  'marketing',
  'education',
  'school',
  'funWithAI',
  'kidsAI',
  'powerOfAI',
  'influencerAI',
] as const;

export type ZoneId = (typeof ZONES)[number];

/** The number of a zone on the floor plan. */
export const zoneMarker = (id: ZoneId) => ZONES.indexOf(id) + 1;
