import { TURNSTILE_TEST_KEYS, TURNSTILE_TOKEN_LIMIT } from '../../site/turnstile';

/**
 * Idempotency keys seen by this fake and what it answered: a retry with the same key gets the same
 * answer, as Cloudflare's siteverify gives it. Kept in the isolate: a local server runs one.
 */
const answered = new Map<string, SiteverifyAnswer>();

type SiteverifyAnswer = { success: boolean; 'error-codes': string[]; challenge_ts?: string; hostname?: string };

/**
 * A local stand-in for Cloudflare Turnstile's siteverify (`POST .../siteverify`, form-encoded or
 * JSON: `secret`, `response`, `remoteip`, `idempotency_key`), for tests and local servers, never
 * production. It knows only Cloudflare's test secrets and answers as the testing page documents:
 * `1x…AA` always passes, `2x…AA` always fails (`invalid-input-response`), `3x…AA` finds the token
 * spent (`timeout-or-duplicate`); any other secret is `invalid-input-secret` (a real key needs
 * Cloudflare itself). A missing secret or token is `missing-input-…`, a token over 2048 characters
 * `invalid-input-response`.
 */
export async function fakeSiteverify(request: Request): Promise<Response> {
  if (request.method !== 'POST')
    return Response.json({ success: false, 'error-codes': ['bad-request'] }, { status: 405 });
  const fields = await readFields(request);
  if (!fields) return Response.json({ success: false, 'error-codes': ['bad-request'] });
  const key = fields.idempotency_key;
  const known = key ? answered.get(key) : undefined;
  if (known) return Response.json(known);
  const answer = judge(fields.secret, fields.response, new URL(request.url).hostname);
  if (key) answered.set(key, answer);
  return Response.json(answer);
}

function judge(secret: string | undefined, response: string | undefined, hostname: string): SiteverifyAnswer {
  if (!secret) return { success: false, 'error-codes': ['missing-input-secret'] };
  if (!response) return { success: false, 'error-codes': ['missing-input-response'] };
  if (response.length > TURNSTILE_TOKEN_LIMIT) return { success: false, 'error-codes': ['invalid-input-response'] };
  if (secret === TURNSTILE_TEST_KEYS.passingSecret) {
    return { success: true, 'error-codes': [], challenge_ts: new Date().toISOString(), hostname };
  }
  if (secret === TURNSTILE_TEST_KEYS.failingSecret)
    return { success: false, 'error-codes': ['invalid-input-response'] };
  if (secret === TURNSTILE_TEST_KEYS.spentSecret) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
  return { success: false, 'error-codes': ['invalid-input-secret'] };
}

async function readFields(request: Request): Promise<Record<string, string | undefined> | null> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body = (await request.json()) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      return {
        secret: text(body.secret),
        response: text(body.response),
        idempotency_key: text(body.idempotency_key),
      };
    }
    const form = await request.formData();
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    return { secret: text('secret'), response: text('response'), idempotency_key: text('idempotency_key') };
  } catch {
    return null;
  }
}

/** Where the fake is mounted on a local server (worker/index.ts); TURNSTILE_VERIFY_URL points here. */
export const FAKE_TURNSTILE_PATH = '/_fake/turnstile';

/** The address worker tests give TURNSTILE_VERIFY_URL; test/worker/turnstile-fake.setup.ts answers it. */
export const FAKE_TURNSTILE_TEST_URL = 'https://turnstile-fake.test/siteverify';
