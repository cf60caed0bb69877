import { wellFormed } from '../../site/text';

/**
 * The one iCalendar (RFC 5545) writer of the worker: every `.ics` it serves or attaches (the
 * congress, the shows, a published session, the confirmation e-mail's file) is made of lines built
 * here, so no text from the content store can end a line, start a property or break a reader.
 */

/**
 * A TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF,
 * a bare LF or a bare CR) written as `\n`; other control characters, which TEXT may not hold (only
 * HTAB), become a space, and a lone surrogate U+FFFD (it has no UTF-8 form).
 */
export const icsText = (value: string) =>
  wellFormed(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    .replace(/(?!\t)[\p{Cc}]/gu, ' ');

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545, 3.1) without splitting a UTF-8 character or an
 * escape sequence such as `\,`, which some readers do not reassemble.
 */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const [char] of line.matchAll(/\\.|./gsu)) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A property whose value is TEXT: `SUMMARY`, `DESCRIPTION`, `LOCATION`. */
export const textProperty = (name: string, value: string) => `${name}:${icsText(value)}`;

/**
 * A whole document from its content lines (properties already made; a line holding a CR or LF of
 * its own is a bug, refused rather than written), folded, CRLF after each.
 */
export function icsDocument(lines: readonly string[]): string {
  for (const line of lines) if (/[\r\n]/.test(line)) throw new Error(`An iCalendar line holds a line break: ${line}`);
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
