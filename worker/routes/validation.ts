import type { Context, Next } from 'hono';

/** Refuses bodies that are not JSON with 415 before anything reads them. */
export async function jsonOnly(c: Context, next: Next) {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return c.json({ error: 'unsupported_media_type' }, 415);
  await next();
}

type ValidationResult = {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; code: string }[] };
};

/** zValidator hook: a 400 naming each invalid field (malformed JSON is a 400 of its own). */
export function validationError(result: ValidationResult, c: Context) {
  if (result.success || !result.error) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= issue.code;
  }
  return c.json({ error: 'invalid_request', fields }, 400);
}
