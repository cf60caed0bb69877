import { CONGRESS_PROFILES } from './event';
import { isExample } from './example-data';

/**
 * Sample speakers shown before the full list is published: EXAMPLE DATA (see `example-data.ts`),
 * labelled as examples on the pages, with no profile of their own: their links lead to the
 * congress's profiles. Names and handles are data; roles,
 * bios and topic names are in the `events` catalogue under `speakers.people.<id>` and
 * `speakers.topics.<topic>`.
 */
export const TOPICS = [
  'responsibleAi',
  'research',
  'languageModels',
  'aiProducts',
  'mlops',
  'agents',
  'generativeArt',
  'marketing',
  'video',
] as const;
export type TopicId = (typeof TOPICS)[number];

export type Speaker = {
  id: SpeakerId;
  name: string;
  /** Square portrait: a drawing of client/images/ by file name (put in the page), or a photo's path under public/images/. */
  image: string;
  topics: readonly TopicId[];
  /** Profile URLs; while the speakers are examples, the congress's own. */
  linkedin: string;
  x: string;
};

export const SPEAKER_IDS = ['ewaLisowska', 'tomaszGajda', 'juliaNowicka'] as const;
export type SpeakerId = (typeof SPEAKER_IDS)[number];

/** Square size of the portraits in CSS pixels (the SVGs are drawn at this size). */
export const PORTRAIT_SIZE = 160;

export const SPEAKERS: readonly Speaker[] = [
  {
    id: 'ewaLisowska',
    name: 'Ewa Lisowska',
    image: 'speaker-ewa-lisowska.svg',
    topics: ['responsibleAi', 'research', 'languageModels'],
    ...CONGRESS_PROFILES,
  },
  {
    id: 'tomaszGajda',
    name: 'Tomasz Gajda',
    image: 'speaker-tomasz-gajda.svg',
    topics: ['aiProducts', 'mlops', 'agents'],
    ...CONGRESS_PROFILES,
  },
  {
    id: 'juliaNowicka',
    name: 'Julia Nowicka',
    image: 'speaker-julia-nowicka.svg',
    topics: ['generativeArt', 'marketing', 'video'],
    ...CONGRESS_PROFILES,
  },
];

/** The speaker record of an id. */
export function speaker(id: SpeakerId): Speaker {
  const found = SPEAKERS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown speaker ${id}`);
  return found;
}

/** The fragment id of a speaker's card on the speakers page: `ewa-lisowska`. */
export const speakerAnchor = (id: SpeakerId) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Whether the speakers (and the sessions and workshops they lead) are still examples. */
export const speakersAreExamples = () => isExample('speakers');
