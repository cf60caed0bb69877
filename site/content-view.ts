import type { LocalTime, RoomId } from './program';

/**
 * What the content cards show, resolved for one language (texts already in that language or, where
 * missing, in Polish): the build makes these from the example lists of site/, the worker from the
 * content store's published records (worker/content/pages.ts), and the same components render both.
 */
/**
 * The pages' lists that show examples until the store publishes content of their own: a notice or
 * a heading naming one (`data-examples-note`, `data-examples-title`) says so only while it does.
 */
export type ContentList = 'speakers' | 'workshops' | 'sessions' | 'exhibitors';

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
  example: boolean;
};

/** A speaker's fragment id from a record id: `ewaLisowska` -> `ewa-lisowska`. */
export const anchorOf = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export type WorkshopView = {
  id: string;
  category: 'practical' | 'technical' | 'business';
  level: 'basic' | 'intermediate' | 'advanced';
  durationHours: number;
  capacity: number;
  title: string;
  text: string;
  prerequisites: readonly string[];
  /** The instructor while published (a link to their card on the speakers page). */
  instructor?: { name: string; anchor: string };
  example: boolean;
};

/** The box a logo is drawn in on the expo page: an uploaded logo keeps its proportions inside it. */
export const LOGO_SLOT = { width: 160, height: 64 } as const;
/** The box of a logo on the home page's logo wall. */
export const LOGO_WALL_SLOT = { width: 128, height: 36 } as const;

export type ExhibitorView = {
  id: string;
  name: string;
  /** An uploaded logo's URL. */
  logo?: string;
  booth: string;
  link?: string;
  description: string;
  /** Its live demo on the expo stage, with what it shows (may be empty). */
  demo?: { start: LocalTime; end: LocalTime; text: string };
  example: boolean;
};

export const PARTNER_TIERS = ['platinum', 'gold', 'silver'] as const;
export type PartnerTier = (typeof PARTNER_TIERS)[number];

export type PartnerView = {
  id: string;
  name: string;
  logo?: string;
  package: PartnerTier;
  link?: string;
  description: string;
  example: boolean;
};

/** A logo on the home page's wall: an exhibitor or a partner. */
export type LogoView = { name: string; src?: string; href?: string };

/** How many speakers and sessions the home page shows at a glance (the pages have them all). */
export const HOME_SPEAKERS = 6;
export const HOME_SESSIONS = 6;
/** How many logos the home page's wall shows. */
export const HOME_LOGOS = 12;
