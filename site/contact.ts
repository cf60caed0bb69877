import type { LanguageCode } from './languages';
import { href } from './pages';
import { charCount, isAcceptedText, normalText, PLAIN_EMAIL } from './text';

/**
 * The contact form's rules, shared by the worker (which enforces them with zod) and the form
 * (which checks them before sending, so most mistakes are shown without a round trip).
 */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Maximum lengths in characters (code points: one emoji is one), as site/text.ts counts them. */
export const CONTACT_LIMITS = { name: 120, email: 254, subject: 160, message: 4000 } as const satisfies Record<
  ContactField,
  number
>;

/** Longest value accepted in the honeypot field (bots fill it; people never see it). */
export const HONEYPOT_LIMIT = 500;

/** Name of the honeypot field in the form and in the JSON body. */
export const HONEYPOT_FIELD = 'website';

/**
 * Largest request body in bytes. Every valid message fits: at most 4 UTF-8 bytes per character
 * times the sum of the limits stays below it (a test pins this).
 */
export const CONTACT_BODY_LIMIT_BYTES = 20 * 1024;

/**
 * A plain address (site/text.ts): it goes into the organisers' Reply-To and their reply link, so
 * nothing in it may add a header or a `mailto:` parameter.
 */
export const EMAIL_PATTERN = PLAIN_EMAIL;

/** Why a field was refused; the same codes come back from the API under `fields`. */
export type ContactFieldError = 'required' | 'too_long' | 'invalid_email' | 'invalid_characters' | 'invalid';

/** The fields that reach a header line of the organisers' e-mail, so must stay on one line. */
export const SINGLE_LINE: readonly ContactField[] = ['name', 'email', 'subject'];

export type ContactValues = Record<ContactField, string>;

/** The field errors of a message, checked the way the worker checks it (normalised values). */
export function contactFieldErrors(values: ContactValues): Partial<Record<ContactField, ContactFieldError>> {
  const errors: Partial<Record<ContactField, ContactFieldError>> = {};
  for (const field of CONTACT_FIELDS) {
    const multiline = !SINGLE_LINE.includes(field);
    const value = normalText(values[field], { multiline });
    if (value === '') errors[field] = 'required';
    else if (!isAcceptedText(value, { multiline })) {
      errors[field] = 'invalid_characters';
    } else if (charCount(value) > CONTACT_LIMITS[field]) errors[field] = 'too_long';
    else if (field === 'email' && !EMAIL_PATTERN.test(value)) errors[field] = 'invalid_email';
  }
  return errors;
}

/** Query parameter that presets the subject: `/pl/kontakt?temat=wystawca`. */
export const SUBJECT_PARAM = 'temat';

/** Subjects a link can preset, by their (Polish, URL-friendly) query value. */
export const CONTACT_TOPICS = [
  'wystawca',
  'prelegent',
  'partner',
  'sponsor',
  'praca',
  'partnerstwo',
  'media',
  'grupa',
  // The on-site ticket price list asks about each ticket (`bilety-<type>` of ONSITE_TICKETS).
  'bilety-standard',
  'bilety-pro',
  'bilety-vip',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The preset topic named by a query value, or undefined for anything else. */
export function findTopic(value: string | null | undefined): ContactTopic | undefined {
  const lower = value?.trim().toLowerCase();
  return CONTACT_TOPICS.find((topic) => topic === lower);
}

/** Link to the contact form in a language, with the subject preset to a topic. */
export function contactHref(lang: LanguageCode, topic: ContactTopic): string {
  return `${href(lang, 'contact')}?${SUBJECT_PARAM}=${topic}`;
}
