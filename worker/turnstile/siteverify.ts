import { isTurnstileTestKey, TURNSTILE_FIELD, type TurnstileFieldError } from '../../site/turnstile';
import type { Bindings } from '../env';
import { ApiError } from '../errors';

/** Cloudflare's siteverify: the only address production ever asks. */
export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** How long a siteverify call may take before the request is answered 503 (it is one POST). */
const SITEVERIFY_TIMEOUT_MS = 5_000;

/** Turnstile's settings: `off` (no site key: the honeypot and the rate limits alone), or on. */
export type TurnstileSettings =
  | { on: false }
  | { on: true; siteKey: string; secret: string; verifyUrl: string }
  /** On, but unusable (no secret; a test key or another siteverify in production): every check fails closed. */
  | { on: true; siteKey: string; misconfigured: string };

/**
 * Turnstile is on when TURNSTILE_SITE_KEY is set (the pages read it from `GET /api/turnstile`);
 * the worker then needs the secret TURNSTILE_SECRET_KEY. TURNSTILE_VERIFY_URL (the local fake) is
 * honoured outside production only, and production refuses Cloudflare's test keys, which let anyone by.
 */
export function turnstileSettings(env: Bindings): TurnstileSettings {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  if (!siteKey) return { on: false };
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  if (!secret) return { on: true, siteKey, misconfigured: 'no TURNSTILE_SECRET_KEY' };
  const production = env.ENVIRONMENT === 'production';
  if (production && (isTurnstileTestKey(siteKey) || isTurnstileTestKey(secret))) {
    return { on: true, siteKey, misconfigured: "Cloudflare's test keys in production" };
  }
  const verifyUrl = !production && env.TURNSTILE_VERIFY_URL ? env.TURNSTILE_VERIFY_URL : SITEVERIFY_URL;
  return { on: true, siteKey, secret, verifyUrl };
}

/** What siteverify said of a token. */
export type TurnstileVerdict =
  | { ok: true }
  | { ok: false; field: TurnstileFieldError }
  | { ok: false; unavailable: string };

/** A UUID, which siteverify accepts as `idempotency_key` (a retry of one request gets one answer). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Asks siteverify about a token. A purchase's Idempotency-Key, when a UUID (the dialog's), goes
 * along as siteverify's own, so a retry of the same attempt (its answer was lost) is confirmed
 * again instead of refused as a spent token.
 */
export async function verifyToken(
  settings: { secret: string; verifyUrl: string },
  token: string,
  remoteIp: string | undefined,
  idempotencyKey?: string,
): Promise<TurnstileVerdict> {
  const form = new URLSearchParams({ secret: settings.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  if (idempotencyKey && UUID.test(idempotencyKey)) form.set('idempotency_key', idempotencyKey);
  let answer: { success?: unknown; 'error-codes'?: unknown };
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, unavailable: `status ${response.status}` };
    answer = await response.json();
  } catch (error) {
    return { ok: false, unavailable: String(error) };
  }
  if (answer.success === true) return { ok: true };
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
  // Cloudflare's own trouble, or a secret it does not know: not the visitor's doing.
  if (codes.includes('internal-error') || codes.some((code) => code.endsWith('-secret'))) {
    return { ok: false, unavailable: codes.join(',') };
  }
  if (codes.includes('timeout-or-duplicate')) return { ok: false, field: 'bot_check_expired' };
  return { ok: false, field: 'bot_check_failed' };
}

/**
 * The check a contact message or a purchase passes before anything is stored or held: nothing
 * when Turnstile is off; else the token must be confirmed by siteverify, or the request is
 * refused with 422 `turnstile: required | bot_check_failed | bot_check_expired` (the visitor's
 * form keeps what was typed and the widget gives a new token), or 503 `bot_check_unavailable` when
 * siteverify cannot say (it fails closed: a bot must not get through an outage).
 */
export async function requireHuman(
  env: Bindings,
  token: string | undefined,
  remoteIp: string | undefined,
  route: string,
  idempotencyKey?: string,
): Promise<void> {
  const settings = turnstileSettings(env);
  if (!settings.on) return;
  if ('misconfigured' in settings) {
    console.error(JSON.stringify({ event: 'turnstile_misconfigured', route, reason: settings.misconfigured }));
    throw new ApiError(503, 'bot_check_unavailable');
  }
  if (!token) throw new ApiError(422, 'invalid_fields', { fields: { [TURNSTILE_FIELD]: 'required' } });
  const verdict = await verifyToken(settings, token, remoteIp, idempotencyKey);
  if (verdict.ok) return;
  if ('unavailable' in verdict) {
    console.error(JSON.stringify({ event: 'turnstile_unavailable', route, reason: verdict.unavailable }));
    throw new ApiError(503, 'bot_check_unavailable');
  }
  console.log(JSON.stringify({ event: 'turnstile_refused', route, code: verdict.field }));
  throw new ApiError(422, 'invalid_fields', { fields: { [TURNSTILE_FIELD]: verdict.field } });
}
