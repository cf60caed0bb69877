/**
 * What a text from a visitor must be before anything uses it, shared by the worker (which enforces
 * it) and the forms (which check it before sending): well-formed Unicode, limits counted in
 * characters (code points, as a person counts them: one emoji is one), and no line break where a
 * value may reach a header line.
 */

/** A UTF-16 surrogate without its pair: not a character, and it breaks encoders downstream. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is well-formed Unicode (no lone surrogate). */
export const isWellFormed = (value: string) => !LONE_SURROGATE.test(value);

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
