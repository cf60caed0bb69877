import type { PageId } from './pages';
import type { LocalTime, RoomId } from './program';

/** The special events of the evening; their texts are in the `events` catalogue. */
export type ShowId = 'promptAwards' | 'missAi' | 'misterAi' | 'roastAi';

/** A self-made SVG (a file of client/images/) with its intrinsic size, shown at the top of the show's page. */
export type Artwork = { src: string; width: number; height: number };

export type Show = {
  id: ShowId;
  page: PageId;
  start: LocalTime;
  end: LocalTime;
  room: RoomId;
  art: Artwork;
  /** Who presents the show; empty until they are announced (the pages then say so). */
  hosts: readonly string[];
};

// Miss AI and Mister AI are the two contests of one gala evening: same hall, same hours, one host.
const GALA = { start: '17:00', end: '19:00', room: 'mainHall', hosts: [] } as const;

/** The shows in the order they take place. */
export const SHOWS: readonly Show[] = [
  {
    id: 'promptAwards',
    page: 'promptAwards',
    start: '16:00',
    end: '17:00',
    room: 'mainHall',
    art: { src: 'prompt-awards.svg', width: 480, height: 360 },
    hosts: [],
  },
  { id: 'missAi', page: 'missAi', ...GALA, art: { src: 'gala-miss-ai.svg', width: 480, height: 360 } },
  {
    id: 'misterAi',
    page: 'misterAi',
    ...GALA,
    art: { src: 'gala-mister-ai.svg', width: 480, height: 360 },
  },
  {
    id: 'roastAi',
    page: 'roastAi',
    start: '19:30',
    end: '21:00',
    room: 'mainHall',
    art: { src: 'roast-ai.svg', width: 480, height: 360 },
    hosts: [],
  },
];

/** The show record of an id. */
export function show(id: ShowId): Show {
  const found = SHOWS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown show ${id}`);
  return found;
}

/** The two contests of the gala share one page component; these ids pick its texts. */
export type GalaId = 'missAi' | 'misterAi';

/** What the gala pages list: the same structure for both galas, texts per gala. */
export const GALA_FEATURES = ['finalists', 'voting', 'jury', 'stage'] as const;
export const GALA_REASONS = ['firstOfItsKind', 'yourVote', 'behindTheScenes'] as const;
export const GALA_VOTING_STEPS = ['download', 'watch', 'vote'] as const;

/** Roast AI: five highlights and three reasons to come. */
export const ROAST_HIGHLIGHTS = [
  'aiRoastsHumans',
  'humansRoastAi',
  'liveImpro',
  'deepfakeDuel',
  'audienceJury',
] as const;
export const ROAST_REASONS = ['laugh', 'learn', 'network'] as const;

/** The three shows featured on the home page, in the order shown. */
export const HOME_SHOWS = ['missAi', 'roastAi', 'promptAwards'] as const satisfies readonly ShowId[];
