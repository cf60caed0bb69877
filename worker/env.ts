import type { StaffIdentity } from '../site/staff';

/** Secrets (`wrangler secret put`, or .dev.vars locally): not in wrangler.toml, so typed here. */
type Secrets = {
  ADMIN_TOKEN?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Only for tests against a fake Stripe. */
  STRIPE_API_BASE?: string;
  /** Signs ticket codes (worker/tickets/code.ts); required in production. */
  TICKET_KEY?: string;
  /**
   * Cloudflare Stream (worker/online/stream-token.ts): the signing key's id and the key itself (the
   * `jwk` or `pem` that `POST /stream/keys` answered), and the account's customer code
   * (`customer-<code>.cloudflarestream.com`). With all three, each join signs a viewer token.
   */
  STREAM_SIGNING_KEY_ID?: string;
  STREAM_SIGNING_KEY?: string;
  STREAM_CUSTOMER_CODE?: string;
  /** Only for test servers: the instant the shop works at (worker/clock.ts); ignored in production. */
  TEST_CLOCK?: string;
  /**
   * Only for local servers (scripts/serve.mjs sets it): the origin that e-mails link to, so that a
   * local order's e-mail opens the local site. Ignored in production, which links to SITE_ORIGIN.
   */
  LOCAL_ORIGIN?: string;
  /**
   * `on` when the seller is registered for the One Stop Shop (worker/tax/oss.ts): an online plan
   * sold to a consumer in another member state then carries that state's VAT. Absent or anything
   * else: off, 23% Polish VAT (docs/vat.md). A var, not a secret: set in wrangler.toml or the dashboard.
   */
  VAT_OSS?: string;
  /** KSeF (worker/invoices/ksef-config.ts): `test`, `demo` or `production`, the seller's NIP, its KSeF token. */
  KSEF_ENVIRONMENT?: string;
  KSEF_NIP?: string;
  KSEF_TOKEN?: string;
  /** Turnstile's secret key (worker/turnstile/siteverify.ts); with TURNSTILE_SITE_KEY, the check is on. */
  TURNSTILE_SECRET_KEY?: string;
};

/**
 * Cloudflare Turnstile (docs/turnstile.md): the site key the pages' widget uses (public; unset is
 * off) and, outside production only, the siteverify to ask (the local fake). Typed here because
 * wrangler.toml's local vars leave them out.
 */
type TurnstileSettings = {
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
  /**
   * The ECB's data service for the OSS report's euro rates (worker/tax/ecb.ts): unset is the ECB's
   * own; local servers and tests name the stand-in (worker/tax/ecb-fake.ts). Ignored in production.
   */
  ECB_API_BASE?: string;
};

/**
 * Cloudflare Access (docs/staff-and-roles.md): set per deployment as vars. Locally unset, so staff
 * sign in with tokens; typed here because wrangler.toml's local vars leave them out.
 */
type AccessSettings = {
  /** The team domain, `https://<team>.cloudflareaccess.com`: the JWT's issuer; its keys at `/cdn-cgi/access/certs`. */
  ACCESS_TEAM_DOMAIN?: string;
  /** The Access application's audience (AUD) tag. */
  ACCESS_AUD?: string;
  /** Who has which role: `anna@firma.pl=admin, piotr@firma.pl=door` (worker/staff/roles-config.ts). */
  STAFF_ROLES?: string;
};

/** The worker's bindings: those of wrangler.toml (types by `npm run types`) and the secrets. */
export type Bindings = Env & Secrets & AccessSettings & TurnstileSettings;

/**
 * Per request: who is asking (set by the organisers' check for every /api/admin route) and what a
 * change adds to its staff-log entry (a route may say whom it concerned).
 */
type Variables = { staff: StaffIdentity; staffLogDetail: string };

/** The Hono environment of every route. */
export type AppEnv = { Bindings: Bindings; Variables: Variables };
