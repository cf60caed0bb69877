import type { LocalTime, RoomId } from './program';

/**
 * What the content cards show, resolved for one language (texts already in that language or, where
 * missing, in Polish): the build makes these from the example lists of site/, the worker from the
 * content store's published records (worker/content/pages.ts), and the same components render both.
 */
export type SpeakerView = {
  /** The card's fragment id on the speakers page (`ewa-lisowska`). */
  anchor: string;
  name: string;
  /** The site's own drawing (its file in client/images/) or an uploaded photo's URL. */
  drawing?: string;
  photo?: string;
  role: string;
  bio: string;
  topics: readonly string[];
  links: { linkedin?: string; x?: string };
  example: boolean;
};

export type SessionView = {
  id: string;
  start: LocalTime;
  end: LocalTime;
  room: RoomId;
  seats: number;
  title: string;
  abstract: string;
  speakers: readonly { name: string; anchor: string }[];
  /** Whether a calendar file exists for it (worker/routes/calendar.ts). */
  calendar: boolean;
};

/** A speaker's fragment id from a record id: `ewaLisowska` -> `ewa-lisowska`. */
export const anchorOf = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
