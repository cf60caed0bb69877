import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { ROOMS } from '../../site/program';
import { anyText, httpsUrl, textField } from '../text-field';

/** The kinds of content organisers publish, as they appear in `/api/admin/content/:kind`. */
export const CONTENT_KINDS = ['speakers', 'sessions', 'workshops', 'exhibitors', 'partners'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * A record's id: letters, digits and hyphens, as it appears in URLs, anchors and calendar files.
 * Case counts, so the examples keep the ids that workshop seats and calendar links already use.
 */
export const CONTENT_ID = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/;

/** An uploaded image (worker/content/images.ts) or one of the site's own drawings of the examples. */
export const IMAGE_REF = /^(?:img-[0-9a-f]{32}\.(?:png|jpg|webp)|speaker-[a-z-]{1,60}\.svg)$/;

/**
 * A text as organisers type it, under the one rule of every stored text (worker/text-field.ts):
 * NFC, well-formed, no noncharacter, no control character (a multi-line text keeps line breaks and
 * tabs), else `invalid_characters`. It is always shown as text (escaped by React or the XML writer),
 * so markup in it is harmless.
 */
const text = (max: number, multiline = false) => anyText(max, { multiline });
const required = (max: number, multiline = false) => textField(max, { multiline });

const httpsLink = httpsUrl(300);

const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'time_hh_mm' });
const image = z.string().regex(IMAGE_REF, { message: 'unknown_image' }).nullable().default(null);
const recordId = z.string().regex(CONTENT_ID, { message: 'invalid_id' });

/**
 * Per-language texts of a kind: Polish with its required fields, every other language optional and
 * partial (a missing text falls back to Polish on the pages; the console marks it).
 */
function texts<Shape extends z.ZodRawShape>(polish: z.ZodObject<Shape>) {
  const other = polish.partial();
  return z
    .object({
      pl: polish,
      'en-GB': other.optional(),
      'en-US': other.optional(),
      de: other.optional(),
      es: other.optional(),
    })
    .strict();
}

const topics = z.array(required(60)).max(6, { message: 'too_many' });

/** Speakers: name, portrait, profile links; role, bio and topics per language. */
const speaker = z
  .object({
    name: required(120),
    image,
    links: z
      .object({ linkedin: httpsLink.optional(), x: httpsLink.optional(), website: httpsLink.optional() })
      .strict()
      .default({}),
    texts: texts(z.object({ role: required(160), bio: required(1200, true), topics: topics.default([]) })),
  })
  .strict();

/** Sessions of the programme: track, room, start and end on the event day, speakers, seats. */
const session = z
  .object({
    track: z.enum(['business', 'technology']),
    room: z.enum(Object.keys(ROOMS) as [keyof typeof ROOMS, ...(keyof typeof ROOMS)[]]),
    start: time,
    end: time,
    speakers: z.array(recordId).max(8, { message: 'too_many' }).default([]),
    seats: z.number().int().min(1).max(10_000).nullable().default(null),
    texts: texts(z.object({ title: required(160), abstract: required(1200, true) })),
  })
  .strict()
  .refine((s) => s.end > s.start, { message: 'end_before_start', path: ['end'] });

/** Workshops: the fields of the workshop cards; title, description and prerequisites per language. */
const workshop = z
  .object({
    category: z.enum(['practical', 'technical', 'business']),
    level: z.enum(['basic', 'intermediate', 'advanced']),
    durationHours: z.number().min(0.5).max(12).multipleOf(0.5),
    capacity: z.number().int().min(1).max(500),
    instructor: recordId.nullable().default(null),
    texts: texts(
      z.object({
        title: required(160),
        text: required(1200, true),
        prerequisites: z.array(required(200)).max(6, { message: 'too_many' }).default([]),
      }),
    ),
  })
  .strict();

/** Exhibitors: name, logo, booth, the time of their live demo, link; description and demo per language. */
const exhibitor = z
  .object({
    name: required(120),
    logo: image,
    booth: required(20),
    link: httpsLink.nullable().default(null),
    demo: z
      .object({ start: time, end: time })
      .strict()
      .refine((d) => d.end > d.start, { message: 'end_before_start', path: ['end'] })
      .nullable()
      .default(null),
    texts: texts(z.object({ description: required(600, true), demo: text(160).default('') })),
  })
  .strict();

/** Partners: name, logo, package, link; a short description per language. */
const partner = z
  .object({
    name: required(120),
    logo: image,
    package: z.enum(['silver', 'gold', 'platinum']),
    link: httpsLink.nullable().default(null),
    texts: texts(z.object({ description: text(600, true).default('') })),
  })
  .strict();

/** The fields of each kind, as a PUT sends them (without `version`). */
export const CONTENT_SCHEMAS = {
  speakers: speaker,
  sessions: session,
  workshops: workshop,
  exhibitors: exhibitor,
  partners: partner,
} as const;

export type Speaker = z.output<typeof speaker>;
export type Session = z.output<typeof session>;
export type Workshop = z.output<typeof workshop>;
export type Exhibitor = z.output<typeof exhibitor>;
export type Partner = z.output<typeof partner>;
export type ContentFields = {
  speakers: Speaker;
  sessions: Session;
  workshops: Workshop;
  exhibitors: Exhibitor;
  partners: Partner;
};

/** `POST /publish`: now, or at an instant (ISO 8601 with its offset). */
export const publishBody = z.object({ at: z.iso.datetime({ offset: true }).optional() }).strict();

/** The languages other than Polish, whose texts may be missing. */
export const TRANSLATED: readonly LanguageCode[] = LANGUAGE_CODES.filter((code) => code !== 'pl');

/**
 * The text fields missing per language (empty where complete): what the console marks and the
 * pages fill from Polish.
 */
export function missingTranslations(
  texts: Record<string, Record<string, unknown> | undefined>,
): Record<string, string[]> {
  const polish = texts.pl ?? {};
  const wanted = Object.keys(polish).filter((field) => isFilled(polish[field]));
  return Object.fromEntries(
    TRANSLATED.map((lang) => [lang, wanted.filter((field) => !isFilled(texts[lang]?.[field]))] as const),
  );
}

const isFilled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';

/**
 * The texts of a language, each missing field taken from Polish: what visitors of that language
 * read.
 */
export function textsIn<T extends Record<string, unknown>>(
  texts: { pl: T } & Partial<Record<LanguageCode, Partial<T> | undefined>>,
  lang: LanguageCode,
): T {
  const own = texts[lang] ?? {};
  const merged: Record<string, unknown> = { ...texts.pl };
  for (const [field, value] of Object.entries(own)) if (isFilled(value)) merged[field] = value;
  return merged as T;
}

/** Field paths of a failed parse: `texts.pl.bio` → its first issue's code or message. */
export function issueFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    fields[path] ??= /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code;
  }
  return fields;
}
