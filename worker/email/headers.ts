import { oneLine } from '../../site/text';
import type { EmailMessage } from './confirmation';

/**
 * The header fields of every e-mail the worker sends, encoded so that no text can break them: a
 * workshop title, a buyer's name or a contact subject may hold anything its rules let through (or
 * anything stored before them), and the service writes these values into header lines.
 */

const encoder = new TextEncoder();

/** Characters an encoded-word may carry as they are in any header (RFC 2047, 5 (3)). */
const Q_SAFE = /^[A-Za-z0-9!*+\-/]$/;

/** One character in RFC 2047's Q encoding: a space as `_`, a safe one as it is, any other as `=XX` per octet. */
const qChar = (char: string) =>
  char === ' '
    ? '_'
    : Q_SAFE.test(char)
      ? char
      : Array.from(encoder.encode(char), (byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

const PREFIX = '=?UTF-8?Q?';
const SUFFIX = '?=';
/** An encoded-word is at most 75 characters (RFC 2047, 2), its delimiters included. */
const WORD_ROOM = 75 - PREFIX.length - SUFFIX.length;

/**
 * RFC 2047 encoded-words (UTF-8, Q) of a text, each at most 75 characters and holding whole
 * characters, broken after a space where one fits, separated by single spaces (which a reader
 * drops between encoded-words).
 */
function encodedWords(text: string): string {
  const words: string[] = [];
  let current = '';
  // Words of the text with the space after each, so a break falls between them where it can.
  for (const piece of text.match(/[^ ]+ ?| /g) ?? []) {
    const encoded = [...piece].map(qChar);
    if (current && current.length + encoded.join('').length > WORD_ROOM) {
      words.push(current);
      current = '';
    }
    for (const char of encoded) {
      if (current.length + char.length > WORD_ROOM) {
        words.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current) words.push(current);
  return words.map((word) => `${PREFIX}${word}${SUFFIX}`).join(' ');
}

/**
 * An unstructured header value (a Subject, a display name): on one line whatever it held (every
 * run of control characters, CR and LF among them, is one space; a lone surrogate U+FFFD), in NFC,
 * printable ASCII as it is, anything else as RFC 2047 encoded-words. The result is printable ASCII
 * without CR or LF, so it can never end its header line or start another.
 */
export function headerText(value: string): string {
  const text = oneLine(value).normalize('NFC').replace(/\s+/g, ' ').trim();
  // Printable ASCII that does not look like an encoded-word stays readable as it is.
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes('=?')) return text;
  return encodedWords(text);
}

/** A bare address fit for a header: no space, control character, angle bracket, comma or semicolon. */
const ADDRESS = /^[^\s\p{Cc}<>,;"]+@[^\s\p{Cc}<>,;"@]+$/u;

/**
 * An address field from configuration or from an order: a bare address, or `Name <address>` whose
 * name is encoded (`headerText`) and quoted if it needs it. Anything else is an error: the e-mail
 * is not sent rather than sent with a header someone else wrote.
 */
export function mailbox(value: string): string {
  const trimmed = value.trim();
  if (ADDRESS.test(trimmed)) return trimmed;
  const named = /^(.*?)\s*<([^<>]+)>$/su.exec(trimmed);
  if (!named || !ADDRESS.test(named[2] ?? '')) throw new Error('An e-mail address is not fit for a header');
  const name = headerText((named[1] ?? '').replace(/^"(.*)"$/su, '$1'));
  if (!name) return named[2] as string;
  // An encoded-word stands bare; plain ASCII with RFC 5322 specials is a quoted string.
  const phrase =
    name.startsWith(PREFIX) || /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(name)
      ? name
      : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${phrase} <${named[2]}>`;
}

/**
 * A message as it goes to the service: its Subject and display names encoded, its addresses
 * checked. A reply address that is not fit for a header is left out (the organisers still have it
 * in the message); a bad sender or recipient stops the e-mail.
 */
export function headerSafe<M extends EmailMessage & { replyTo?: string }>(message: M): M {
  let replyTo: string | undefined;
  try {
    replyTo = message.replyTo === undefined ? undefined : mailbox(message.replyTo);
  } catch {
    replyTo = undefined;
  }
  const { replyTo: _, ...rest } = message;
  return {
    ...rest,
    from: mailbox(message.from),
    to: mailbox(message.to),
    subject: headerText(message.subject),
    ...(replyTo ? { replyTo } : {}),
  } as M;
}
