import type { PageId } from './pages';

/** The evening shows: their pages and local times (Europe/Warsaw) on the event day. */
export const SHOWS = [
  { id: 'missAi', page: 'missAi', start: '17:00', end: '19:00' },
  { id: 'misterAi', page: 'misterAi', start: '17:00', end: '19:00' },
  { id: 'roastAi', page: 'roastAi', start: '19:30', end: '21:00' },
  { id: 'promptAwards', page: 'promptAwards', start: '16:00', end: '17:00' },
] as const satisfies readonly { id: string; page: PageId; start: string; end: string }[];

export type ShowId = (typeof SHOWS)[number]['id'];

/** The three shows featured on the home page, in the order shown. */
export const HOME_SHOWS: readonly ShowId[] = ['missAi', 'roastAi', 'promptAwards'];

/** A show by id. */
export function show(id: ShowId) {
  const found = SHOWS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown show ${id}`);
  return found;
}
