import { zValidator } from '@hono/zod-validator';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Refuses bodies that are not JSON with 415 before anything reads them. */
export async function jsonOnly(c: Context, next: Next) {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError(415, 'unsupported_media_type');
  await next();
}

/** Parses the body once (Hono caches it for the validator), so malformed JSON has its own code. */
export const parseJson = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await c.req.json();
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  await next();
});

/** A body limit counted on the stream (a chunked body without Content-Length is cut off too). */
export const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'body_too_large');
    },
  });

/**
 * The one validation layer of the JSON routes: at most `maxBytes`, JSON only, well-formed, and
 * valid against `schema`. Errors: 413 `body_too_large`, 415 `unsupported_media_type`, 400
 * `invalid_json`, 400 `invalid_body` (not an object), 422 `invalid_fields` with `fields`, each
 * field's path (`items.2.name`) and first issue (the schema's own message, a code the client translates).
 * An issue whose message is one of `whole` refuses the body with that code instead (422).
 */
export function validJson<Schema extends z.ZodType>(
  schema: Schema,
  maxBytes: number,
  options: { whole?: readonly string[] } = {},
) {
  return [
    jsonOnly,
    limitBody(maxBytes),
    parseJson,
    zValidator('json', schema, (result) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        // A body that is not an object at all has no field to blame.
        if (typeof issue.path[0] !== 'string') throw new ApiError(400, 'invalid_body');
        // A refusal of the body as a whole (a cart over its limit) has a code of its own.
        if (options.whole?.includes(issue.message)) throw new ApiError(422, issue.message);
        // A field's whole path: `email`, `invoice.taxId`, `items.2.name`.
        fields[issue.path.join('.')] ??= issue.message;
      }
      throw new ApiError(422, 'invalid_fields', { fields });
    }),
  ] as const;
}

/**
 * The form posts of the pages that work without script (a ticket's star, the order page's change
 * of holder and its cancellation): at most `maxBytes`, `application/x-www-form-urlencoded` only
 * (415 otherwise), each field valid against `schema` (422 `invalid_fields` with `fields`).
 */
export function validForm<Schema extends z.ZodType>(schema: Schema, maxBytes: number) {
  return [
    async (c: Context, next: Next) => {
      const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') throw new ApiError(415, 'unsupported_media_type');
      await next();
    },
    limitBody(maxBytes),
    zValidator('form', schema, (result) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) fields[issue.path.join('.') || '(form)'] ??= issue.message;
      throw new ApiError(422, 'invalid_fields', { fields });
    }),
  ] as const;
}

/**
 * The one validation of query strings: every parameter the schema names given once and valid,
 * else 422 `invalid_query` with `fields`, each parameter's name and what is wrong with it:
 * `repeated` (`?month=a&month=b`: which one was meant is not guessed), else the schema's own
 * message for a refinement, else zod's code (`invalid_value`, `invalid_format`, `too_big`, ...).
 * Parameters the schema does not name are ignored (links carry tracking parameters).
 */
export function validQuery<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('query', schema, (result) => {
    if (result.success) return;
    const given = result.data as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '(query)');
      fields[name] ??= Array.isArray(given[name]) ? 'repeated' : issue.code === 'custom' ? issue.message : issue.code;
    }
    throw new ApiError(422, 'invalid_query', { fields });
  });
}

// The text fields every schema takes live with no Hono around them, so worker/content/schema.ts
// (also read by the Node scripts) uses the very same rule.
export { anyText, textField } from '../text-field';
