import { z } from 'zod';
import { charCount, isAcceptedText, normalText } from '../site/text';

/**
 * The one rule for every text the system stores (orders, carts, invoice data, holders, contact
 * messages, content records, staff input), site/text.ts: normalised first (multi-line breaks made
 * `\n`, NFC, trimmed), then well-formed Unicode without noncharacters and without control
 * characters (a multi-line value keeps `\n` and `\t`), else 422 `invalid_characters`; at most `max`
 * characters counted after NFC (code points, so an emoji counts once; else `too_long`). A value
 * that is not a string is `invalid`, a missing one `required`. May be empty; `textField` may not.
 */
export function anyText(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
    .overwrite((value) => normalText(value, options))
    .refine((value) => isAcceptedText(value, options), { error: 'invalid_characters', abort: true })
    .refine((value) => charCount(value) <= max, { error: 'too_long' });
}

/** A required text field as every route takes it: `anyText`, and not empty (`required`). */
export const textField = (max: number, options: { multiline?: boolean } = {}) =>
  // Not aborting: an object's own rules (a NIP's checksum beside an empty name) still report at once.
  anyText(max, options).refine((value) => value !== '', { error: 'required' });
