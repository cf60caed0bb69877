import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages';
import type { ProductId } from './tickets';

/**
 * News to ticket holders (issue 45): a message the console writes in the five languages (Polish
 * required, the others fall back to it), sent once to each address of its audience, in the
 * language of the order the address's ticket belongs to, through the box office's outbox.
 */

/** Limits of a message's texts, in characters. */
export const NEWS_LIMITS = { subject: 150, body: 10_000 } as const;

/** A message in one language. */
export type NewsText = { subject: string; body: string };

/** A message's texts: Polish always, any other language optional. */
export type NewsTexts = { pl: NewsText } & Partial<Record<Exclude<LanguageCode, 'pl'>, NewsText>>;

/**
 * Who gets a message: every ticket of a paid order, narrowed by each filter given (all must hold).
 * `checkedIn` true means checked in at the door, false not (yet); `workshop` the holders of a seat.
 */
export type NewsAudience = {
  products?: ProductId[];
  mode?: 'onsite' | 'online';
  checkedIn?: boolean;
  workshop?: string;
};

/** draft (editable) → scheduled (waits for `sendAt`) → sending → sent; a draft or a scheduled one may be cancelled. */
export const NEWS_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** Where a message stands with its recipients. */
export type NewsProgress = {
  /** Addresses of the audience, fixed when sending began. */
  recipients: number;
  /** Not handed to the outbox yet (the send goes in batches). */
  waiting: number;
  /** In the outbox or on the mail queue. */
  queued: number;
  sent: number;
  failed: number;
  /** Their order was cancelled or refunded between the start of the send and their batch. */
  skipped: number;
};

/** A recipient the message could not reach, for organisers. */
export type NewsFailure = { address: string; error: string };

/** A message as the console sees it. */
export type News = {
  id: string;
  texts: NewsTexts;
  audience: NewsAudience;
  status: NewsStatus;
  /** When it is to be sent (scheduled) or began sending. */
  sendAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: NewsProgress;
};

/** One recipient of a message and how far its e-mail got. */
export type NewsRecipient = {
  address: string;
  lang: LanguageCode;
  state: 'waiting' | 'queued' | 'sent' | 'failed' | 'skipped';
};

/** A message with the recipients it failed to reach (the first 100). */
export type NewsDetail = News & { failures: NewsFailure[] };

/** A message's text in a language: its own, else the Polish one. */
export function newsTextIn(texts: NewsTexts, lang: LanguageCode): NewsText {
  const own = lang === DEFAULT_LANGUAGE ? undefined : texts[lang as Exclude<LanguageCode, 'pl'>];
  return own?.subject && own.body ? own : texts.pl;
}

/** The languages a message has its own text in, Polish first. */
export const newsLanguages = (texts: NewsTexts): LanguageCode[] =>
  LANGUAGE_CODES.filter((lang) => lang === DEFAULT_LANGUAGE || Boolean(texts[lang as Exclude<LanguageCode, 'pl'>]));

/**
 * A message's body as paragraphs of lines: a blank line starts a paragraph, a line break stays a
 * line break. The e-mail renders each paragraph escaped; links are made of bare https URLs only.
 */
export function newsParagraphs(body: string): string[][] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** Pieces of a line: text, or an http(s) URL to link. */
export function linkPieces(line: string): { text: string; url?: string }[] {
  const pieces: { text: string; url?: string }[] = [];
  let last = 0;
  for (const match of line.matchAll(/https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g)) {
    const at = match.index ?? 0;
    if (at > last) pieces.push({ text: line.slice(last, at) });
    pieces.push({ text: match[0], url: match[0] });
    last = at + match[0].length;
  }
  if (last < line.length) pieces.push({ text: line.slice(last) });
  return pieces;
}
