/**
 * Sample speakers shown before the full list is published. Names and handles are data; roles,
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
  /** Self-hosted square portrait (SVG). */
  image: string;
  topics: readonly TopicId[];
  /** Profile handles: linkedin.com/in/<linkedin>, x.com/<x>. */
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
    image: '/images/events/speaker-ewa-lisowska.svg',
    topics: ['responsibleAi', 'research', 'languageModels'],
    linkedin: 'ewa-lisowska-ai',
    x: 'ewa_lisowska',
  },
  {
    id: 'tomaszGajda',
    name: 'Tomasz Gajda',
    image: '/images/events/speaker-tomasz-gajda.svg',
    topics: ['aiProducts', 'mlops', 'agents'],
    linkedin: 'tomasz-gajda-cto',
    x: 'tgajda_dev',
  },
  {
    id: 'juliaNowicka',
    name: 'Julia Nowicka',
    image: '/images/events/speaker-julia-nowicka.svg',
    topics: ['generativeArt', 'marketing', 'video'],
    linkedin: 'julia-nowicka-studio',
    x: 'julianowicka_art',
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

/** The speaker's LinkedIn profile URL. */
export const linkedinUrl = (s: Speaker) => `https://www.linkedin.com/in/${s.linkedin}`;

/** The speaker's X profile URL. */
export const xUrl = (s: Speaker) => `https://x.com/${s.x}`;
