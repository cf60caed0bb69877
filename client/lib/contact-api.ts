import { CONTACT_FIELDS, type ContactField, type ContactFieldError, type ContactValues } from '../../site/contact';
import type { LanguageCode } from '../../site/languages';

export type ContactRequest = ContactValues & { lang: LanguageCode; website: string; turnstile?: string };

/** A bot check that did not let a message through (Turnstile), as the form says it. */
export type BotCheckReason = 'botCheckRequired' | 'botCheckFailed' | 'botCheckExpired' | 'botCheckUnavailable';

/** The form's reason for a bot check's code (the worker's field code at `turnstile`, or the widget's). */
export const botCheckReason = (code: string): BotCheckReason =>
  code === 'required'
    ? 'botCheckRequired'
    : code === 'bot_check_failed'
      ? 'botCheckFailed'
      : code === 'bot_check_expired'
        ? 'botCheckExpired'
        : 'botCheckUnavailable';

export type FieldErrors = Partial<Record<ContactField, ContactFieldError>>;

/** What became of a send: stored, refused for some fields, or failed for another reason. */
export type SendResult =
  | { ok: true; id: string }
  | { ok: false; error: 'fields'; fields: FieldErrors }
  | { ok: false; error: 'network' | 'server' | 'tooLarge' | 'rateLimited' | 'invalid' | BotCheckReason };

const FIELD_ERRORS: readonly ContactFieldError[] = ['required', 'too_long', 'invalid_email', 'invalid'];

/** Sends a message to `POST /api/contact` and reads the answer; never throws. */
export async function sendContactMessage(body: ContactRequest): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: 'network' };
  }
  const data: unknown = await response.json().catch(() => null);
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (response.status === 201 && typeof record.id === 'string') return { ok: true, id: record.id };
  if (response.status === 413) return { ok: false, error: 'tooLarge' };
  // The per-address limit (a few messages a minute): worth waiting for, not a broken form.
  if (response.status === 429) return { ok: false, error: 'rateLimited' };
  if (response.status === 503 && record.error === 'bot_check_unavailable')
    return { ok: false, error: 'botCheckUnavailable' };
  if (response.status === 422 && record.fields && typeof record.fields === 'object') {
    const sent = record.fields as Record<string, unknown>;
    // Turnstile refused the token (or there was none): the widget gives a new one, the text stays.
    if (typeof sent.turnstile === 'string') return { ok: false, error: botCheckReason(sent.turnstile) };
    const fields: FieldErrors = {};
    for (const field of CONTACT_FIELDS) {
      const code = sent[field];
      if (FIELD_ERRORS.includes(code as ContactFieldError)) fields[field] = code as ContactFieldError;
    }
    // A refusal of something the visitor cannot edit (the language, the hidden field) is not theirs to fix.
    return Object.keys(fields).length ? { ok: false, error: 'fields', fields } : { ok: false, error: 'invalid' };
  }
  if (response.status >= 400 && response.status < 500) return { ok: false, error: 'invalid' };
  return { ok: false, error: 'server' };
}
