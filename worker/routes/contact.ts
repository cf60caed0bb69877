import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  CONTACT_BODY_LIMIT_BYTES,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldError,
  EMAIL_PATTERN,
  HONEYPOT_FIELD,
  HONEYPOT_LIMIT,
} from '../../site/contact';
import { LANGUAGE_CODES, type LanguageCode } from '../../site/languages';
import { timeSortableId } from '../ids';
import type { AppEnv } from '../index';
import { saveMessage } from '../messages';
import { rateLimit } from '../security';

// Issue messages are the error codes the client translates (see ContactFieldError).
const missingOr = (code: ContactFieldError) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : code;

const text = (max: number) =>
  z
    .string({ error: missingOr('invalid') })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' });

const schema = z.object({
  name: text(CONTACT_LIMITS.name),
  email: text(CONTACT_LIMITS.email).regex(EMAIL_PATTERN, { error: 'invalid_email' }),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message),
  lang: z.custom<LanguageCode>((value) => LANGUAGE_CODES.includes(value as LanguageCode), {
    error: missingOr('invalid'),
  }),
  [HONEYPOT_FIELD]: z.string({ error: 'invalid' }).max(HONEYPOT_LIMIT, { error: 'too_long' }).optional(),
});

type FieldErrors = Partial<Record<ContactField | 'lang' | typeof HONEYPOT_FIELD, string>>;

/** Only JSON is accepted; anything else (forms, text, no type) is refused before the body is read. */
const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return c.json({ error: 'unsupported_media_type' }, 415);
  await next();
});

/** Parses the body once (Hono caches it for the validator) so bad JSON gets its own error code. */
const parseJson = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await c.req.json();
  } catch {
    return c.json({ error: 'invalid_json' }, 400);
  }
  await next();
});

/**
 * `POST /api/contact`: validates a contact message and stores it in KV. Answers `{ id }` with
 * 201; errors are `{ error, fields? }`. A filled honeypot gets the same success answer, so a bot
 * cannot tell, but nothing is stored.
 */
export const contact = new Hono<AppEnv>()
  .post(
    '/',
    // Counted before anything else, so a flood costs no parsing and stores nothing.
    rateLimit((env) => env.CONTACT_LIMITER),
    requireJson,
    bodyLimit({
      maxSize: CONTACT_BODY_LIMIT_BYTES,
      onError: (c) => c.json({ error: 'body_too_large' }, 413),
    }),
    parseJson,
    zValidator('json', schema, (result, c) => {
      if (result.success) return;
      const fields: FieldErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        // A body that is not an object at all has no field to blame.
        if (typeof field !== 'string') return c.json({ error: 'invalid_body' }, 400);
        fields[field as keyof FieldErrors] ??= issue.message;
      }
      return c.json({ error: 'invalid_fields', fields }, 422);
    }),
    async (c) => {
      const { [HONEYPOT_FIELD]: trap, ...input } = c.req.valid('json');
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
        return c.json({ error: 'storage_unavailable' }, 503);
      }
      console.log(JSON.stringify({ event: 'contact_message', id: message.id, lang: message.lang }));
      return c.json({ id: message.id }, 201);
    },
  )
  .all('/', (c) => c.json({ error: 'method_not_allowed' }, 405, { Allow: 'POST' }));
