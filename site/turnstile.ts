// Cloudflare Turnstile, as both sides see it: the body field that carries a widget's token, the
// codes a refused check answers with, and Cloudflare's documented test keys
// (developers.cloudflare.com/turnstile/troubleshooting/testing/), which local servers and tests use.

/** The body field of `POST /api/contact`, `/api/orders` and `/api/purchase/:product` with the widget's token. */
export const TURNSTILE_FIELD = 'turnstile';

/** Siteverify refuses longer tokens (Cloudflare: at most 2048 characters). */
export const TURNSTILE_TOKEN_LIMIT = 2048;

/**
 * Why a check refused a request, as the field code at `turnstile` of a 422: `required` (no token
 * while Turnstile is on), `bot_check_failed` (Cloudflare did not confirm the token),
 * `bot_check_expired` (older than five minutes, or spent already: the widget gives a new one).
 */
export type TurnstileFieldError = 'required' | 'bot_check_failed' | 'bot_check_expired';

/** Cloudflare's test keys: a site key and a secret that always pass, and ones that always fail. */
export const TURNSTILE_TEST_KEYS = {
  passingSiteKey: '1x00000000000000000000AA',
  failingSiteKey: '2x00000000000000000000AB',
  passingSecret: '1x0000000000000000000000000000000AA',
  failingSecret: '2x0000000000000000000000000000000AA',
  /** Always answers "token already spent" (`timeout-or-duplicate`). */
  spentSecret: '3x0000000000000000000000000000000AA',
} as const;

/** Whether a key is one of Cloudflare's dummy keys (`1x0…`, `2x0…`, `3x0…`): never for production. */
export const isTurnstileTestKey = (key: string) => /^[123]x0{20,}[A-F]{2}$/.test(key);

/** The token Cloudflare's test site keys give (the widget's answer in a test). */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Where Cloudflare serves the widget's script (explicit rendering: the page says when). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The origin the widget's script and its frame come from: the pages' CSP allows it. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
