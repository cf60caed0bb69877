/**
 * What a text from a visitor or an organiser must be before anything stores it, shared by the
 * worker (which enforces it on every route that takes text) and the forms (which check it before
 * sending): well-formed Unicode without noncharacters, in NFC, limits counted in characters (code
 * points, as a person counts them: one emoji is one), and no control character: none at all in a
 * one-line value (a name, a subject, a title, which may reach a header line), only a line break
 * or a tab in a multi-line one (a message, a bio).
 */

/** A UTF-16 surrogate without its pair: not a character, and it breaks encoders downstream. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is well-formed Unicode (no lone surrogate). */
export const isWellFormed = (value: string) => !LONE_SURROGATE.test(value);

/**
 * Unicode's 66 noncharacters: U+FDD0..U+FDEF and the last two code points of every plane
 * (U+FFFE, U+FFFF, U+1FFFE ... U+10FFFF). Never meant for interchange; XML forbids U+FFFE/U+FFFF,
 * so an invoice field made of them comes out empty.
 */
const NONCHARACTER = new RegExp(
  `[\\u{FDD0}-\\u{FDEF}${Array.from({ length: 17 }, (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`).join('')}]`,
  'u',
);

/** Control characters a multi-line value may hold: the line break and the tab. */
const MULTILINE_CONTROL = /(?![\n\t])[\p{Cc}\u2028\u2029]/u;

/** A string's length in characters (code points), not in UTF-16 units. */
export const charCount = (value: string) => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};

/** Line breaks and other control characters that may never stand in a one-line value. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Whether a value fits on one line (a name, a subject, a company): no CR, LF or other control. */
export const isSingleLine = (value: string) => !CONTROL.test(value);

/**
 * A typed value as it is stored and measured: line breaks of a multi-line value made `\n` (a form
 * sends CRLF), then NFC (a decomposed `Z` + combining dot is the one character `Ż`, as the invoice's
 * font and XML expect), then trimmed.
 */
export function normalText(value: string, options: { multiline?: boolean } = {}): string {
  const lines = options.multiline ? value.replace(/\r\n?/g, '\n') : value;
  // A lone surrogate is left for `isAcceptedText` to refuse (normalize would keep it anyway).
  return (isWellFormed(lines) ? lines.normalize('NFC') : lines).trim();
}

/**
 * The one rule for stored text: well-formed (no lone surrogate), no noncharacter, and no control
 * character except, in a multi-line value, `\n` and `\t`. Checked after `normalText`.
 */
export const isAcceptedText = (value: string, options: { multiline?: boolean } = {}) =>
  isWellFormed(value) &&
  !NONCHARACTER.test(value) &&
  (options.multiline ? !MULTILINE_CONTROL.test(value) : isSingleLine(value));

/** A value forced onto one line: each run of control characters becomes one space. */
export const oneLine = (value: string) => wellFormed(value).replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');

/**
 * A plain e-mail address: a dot-atom local part (letters, digits and RFC 5322's `atext` signs) and
 * a domain of labels. No spaces, quotes, comments, `<`, `>`, `,`, `;`, `:` or control characters, and
 * no `?` or `&` after the `@`, so an address can stand in a header as it is, and a `mailto:` link
 * made of it (encoded, as everywhere here) opens a mail to that one address.
 */
export const PLAIN_EMAIL =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,63}$/u;

/** Replaces lone surrogates (from records stored before these rules) so renderers never break. */
export const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Every string inside a value (object, array) made well-formed; other values as they are. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map(wellFormedDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormedDeep(v)])) as T;
  }
  return value;
}
