import { Hono } from 'hono';
import { z } from 'zod';
import {
  CONTACT_BODY_LIMIT_BYTES,
  CONTACT_LIMITS,
  type ContactFieldError,
  EMAIL_PATTERN,
  HONEYPOT_FIELD,
  HONEYPOT_LIMIT,
} from '../../site/contact';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { TURNSTILE_FIELD, TURNSTILE_TOKEN_LIMIT } from '../../site/turnstile';
import { boxOffice } from '../box-office/box-office';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { timeSortableId } from '../ids';
import { saveMessage } from '../messages';
import { rateLimit } from '../middleware/rate-limit';
import { textField, validJson } from '../middleware/validation';
import { requireHuman } from '../turnstile/siteverify';

// Issue messages are the error codes the client translates (see ContactFieldError).
const missingOr = (code: ContactFieldError) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : code;

const schema = z.object({
  name: textField(CONTACT_LIMITS.name),
  email: textField(CONTACT_LIMITS.email).pipe(z.string().regex(EMAIL_PATTERN, { error: 'invalid_email' })),
  subject: textField(CONTACT_LIMITS.subject),
  message: textField(CONTACT_LIMITS.message, { multiline: true }),
  lang: z.custom<LanguageCode>((value) => LANGUAGE_CODES.includes(value as LanguageCode), {
    error: missingOr('invalid'),
  }),
  [HONEYPOT_FIELD]: z.string({ error: 'invalid' }).max(HONEYPOT_LIMIT, { error: 'too_long' }).optional(),
  [TURNSTILE_FIELD]: z.string({ error: 'invalid' }).max(TURNSTILE_TOKEN_LIMIT, { error: 'too_long' }).optional(),
});

/**
 * `POST /api/contact`: validates a contact message and stores it in KV. Answers `{ id }` with
 * 201; errors are `{ error, fields? }`. A filled honeypot gets the same success answer, so a bot
 * cannot tell, but nothing is stored. With Turnstile on, `turnstile` carries the widget's token,
 * confirmed by siteverify before anything is stored (worker/turnstile/siteverify.ts).
 */
export const contact = new Hono<AppEnv>()
  .post(
    '/',
    // Counted before anything else, so a flood costs no parsing and stores nothing.
    rateLimit((env) => env.CONTACT_LIMITER),
    ...validJson(schema, CONTACT_BODY_LIMIT_BYTES),
    async (c) => {
      const { [HONEYPOT_FIELD]: trap, [TURNSTILE_FIELD]: token, ...input } = c.req.valid('json');
      // Turnstile (when on) before anything else is done with the message: a refused check stores nothing.
      await requireHuman(c.env, token, c.req.header('CF-Connecting-IP'), 'contact');
      if (trap?.trim()) {
        console.log(JSON.stringify({ event: 'contact_honeypot' }));
        return c.json({ id: timeSortableId() }, 201);
      }
      let message: Awaited<ReturnType<typeof saveMessage>>;
      try {
        message = await saveMessage(c.env.ORDERS, input);
      } catch (error) {
        // Only the error's text: the message, the name and the address stay out of the logs.
        console.error(JSON.stringify({ event: 'storage_failed', route: 'contact', message: String(error) }));
        throw new ApiError(503, 'storage_unavailable');
      }
      // The organisers get it by e-mail too; stored first, so a mail problem loses nothing.
      await boxOffice(c.env.BOX_OFFICE)
        .queueEmail(message.id, 'contact', null, Date.now())
        .catch((error: unknown) =>
          console.error(JSON.stringify({ event: 'contact_mail_not_queued', id: message.id, message: String(error) })),
        );
      console.log(JSON.stringify({ event: 'contact_message', id: message.id, lang: message.lang }));
      return c.json({ id: message.id }, 201);
    },
  )
  .all('/', (c) => c.json({ error: 'method_not_allowed' }, 405, { Allow: 'POST' }));
