import { isExample } from './example-data';

/** The ways to the venue the travel page describes, in order: each a section and a catalogue key under `info:travel`. */
export const TRAVEL_MODES = ['train', 'city', 'car', 'plane'] as const;

/**
 * Hotels near the venue, with their distance in km.
 * EXAMPLE DATA (see `example-data.ts`, `travel`): made-up hotels until the organisers name their partners.
 */
export const HOTELS = [
  { name: 'Hotel Przykładowy Łódź Centrum', distanceKm: 2.5 },
  { name: 'Apartamenty Przykładowe przy Arenie', distanceKm: 0.8 },
  { name: 'Hostel Przykładowy Kaliska', distanceKm: 1.5 },
] as const;

/** Whether the hotels and the parking details are still examples (the page then labels them). */
export const travelIsExample = () => isExample('travel');
