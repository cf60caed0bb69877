import { z } from 'zod';
import { textError } from '../site/purchase-rules';
import { normalText } from '../site/text';

/**
 * A string field checked by one of site/'s rule functions (site/purchase-rules.ts, which the
 * purchase dialog calls too): normalised first (`normalText`), then the rule's code, if any, is the
 * field's error. A value that is not a string is `invalid`, a missing one `required`.
 */
export function ruledText(rule: (value: string) => string | undefined, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
    .overwrite((value) => normalText(value, options))
    .superRefine((value, context) => {
      const code = rule(value);
      if (code) context.addIssue({ code: 'custom', message: code, continue: code !== 'invalid_characters' });
    });
}

/**
 * The one rule for every text the system stores (orders, carts, invoice data, holders, contact
 * messages, content records, staff input), site/text.ts: normalised first (multi-line breaks made
 * `\n`, NFC, trimmed), then well-formed Unicode without noncharacters and without control
 * characters (a multi-line value keeps `\n` and `\t`), else 422 `invalid_characters`; at most `max`
 * characters counted after NFC (code points, so an emoji counts once; else `too_long`). A value
 * that is not a string is `invalid`, a missing one `required`. May be empty; `textField` may not.
 */
export const anyText = (max: number, options: { multiline?: boolean } = {}) =>
  ruledText((value) => textError(value, max, { ...options, required: false }), options);

/** A required text field as every route takes it: `anyText`, and not empty (`required`). */
export const textField = (max: number, options: { multiline?: boolean } = {}) =>
  ruledText((value) => textError(value, max, { ...options, required: true }), options);

/** An https address of at most `max` characters, with no user name or password in it (else `https_url`). */
export const httpsUrl = (max: number) =>
  anyText(max).refine(
    (s) => {
      try {
        const url = new URL(s);
        return url.protocol === 'https:' && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'https_url' },
  );
