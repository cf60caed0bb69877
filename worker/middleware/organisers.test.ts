import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import {
  addFakeAccessKey,
  FAKE_ACCESS_TEST_BASE as FAKE_ACCESS_BASE,
  publishFakeAccessKeys,
  signFakeAccessJwt,
} from '../staff/access-fake';
import { organiserName, organisersOnly } from './organisers';
import { allow } from './roles';

const app = new Hono<AppEnv>()
  .use('*', organisersOnly)
  .get('/', allow('finance', 'content', 'door'), (c) => c.json({ by: organiserName(c), role: c.get('staff').role }))
  .onError((err, c) => (err instanceof ApiError ? c.json({ error: err.code }, err.status) : c.text('?', 500)));

const ask = (bindings: Partial<Bindings>, headers: Record<string, string> = {}) =>
  app.request('/', { headers }, { ...env, ...bindings } as Bindings);

describe('organisersOnly', () => {
  it('lets the configured bearer token through as the bootstrap admin, never cached', async () => {
    const res = await ask({ ADMIN_TOKEN: 'a-token' }, { Authorization: 'Bearer a-token' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ by: 'ADMIN_TOKEN', role: 'admin' });
  });

  it('answers 401 with a challenge to a missing or wrong token', async () => {
    for (const headers of [
      {},
      { Authorization: 'Bearer other' },
      { Authorization: 'Basic a-token' },
      { Authorization: 'Bearer kst_not-a-real-token' },
    ] as Record<string, string>[]) {
      const res = await ask({ ADMIN_TOKEN: 'a-token', ADMIN_LIMITER: undefined }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it('makes the routes not exist while neither a token nor Access is configured', async () => {
    const res = await ask({ ADMIN_TOKEN: '' }, { Authorization: 'Bearer ' });
    expect(res.status).toBe(404);
  });

  it('refuses a production token shorter than 32 characters as a configuration error', async () => {
    const res = await ask({ ADMIN_TOKEN: 'short', ENVIRONMENT: 'production' }, { Authorization: 'Bearer short' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'admin_unavailable' });
  });

  it('answers 429 once the sign-in limiter refuses the address', async () => {
    const limiter = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await ask({ ADMIN_TOKEN: 'a-token', ADMIN_LIMITER: limiter }, { Authorization: 'Bearer guess' });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
  });

  it('records the verified identity, never a typed X-Organiser name', async () => {
    const res = await ask({ ADMIN_TOKEN: 't' }, { Authorization: 'Bearer t', 'X-Organiser': 'Anna Nowak' });
    expect(await res.json()).toEqual({ by: 'ADMIN_TOKEN', role: 'admin' });
  });
});

/** Each test its own Access team, so keys and the worker's key cache are not shared. */
let teams = 0;
async function accessTeam(kids = ['k1']) {
  const team = `team-${Date.now().toString(36)}-${++teams}`;
  for (const kid of kids) await addFakeAccessKey(team, kid);
  const issuer = `${FAKE_ACCESS_BASE}/${team}`;
  const audience = `aud-${team}`;
  const bindings: Partial<Bindings> = {
    ACCESS_TEAM_DOMAIN: issuer,
    ACCESS_AUD: audience,
    STAFF_ROLES: 'anna@firma.pl=admin, Piotr@Firma.pl=door; 1a2b3c.access=finance',
    ADMIN_LIMITER: undefined,
  };
  const jwt = (kid: string, claims: Partial<Parameters<typeof signFakeAccessJwt>[2]> = {}) =>
    signFakeAccessJwt(team, kid, { email: 'anna@firma.pl', aud: audience, iss: issuer, ...claims });
  const asWith = async (assertion: string, more: Partial<Bindings> = {}) =>
    ask({ ...bindings, ...more }, { 'Cf-Access-Jwt-Assertion': assertion });
  return { team, issuer, audience, bindings, jwt, asWith };
}

describe('organisersOnly with Cloudflare Access', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits a valid JWT and gives the e-mail its configured role', async () => {
    const access = await accessTeam();
    const admin = await access.asWith(await access.jwt('k1'));
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ by: 'anna@firma.pl', role: 'admin' });
    // E-mails compare without case.
    const door = await access.asWith(await access.jwt('k1', { email: 'piotr@firma.pl' }));
    expect(await door.json()).toEqual({ by: 'piotr@firma.pl', role: 'door' });
    // A service token is named by its Client ID.
    const script = await access.asWith(await access.jwt('k1', { email: undefined, common_name: '1a2b3c.access' }));
    expect(await script.json()).toEqual({ by: '1a2b3c.access', role: 'finance' });
  });

  it('refuses an expired JWT', async () => {
    const access = await accessTeam();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const res = await access.asWith(await access.jwt('k1', { iat: past - 60, exp: past }));
    expect(res.status).toBe(401);
  });

  it('refuses a JWT for another application (audience) or another team (issuer)', async () => {
    const access = await accessTeam();
    expect((await access.asWith(await access.jwt('k1', { aud: 'another-app' }))).status).toBe(401);
    expect((await access.asWith(await access.jwt('k1', { iss: 'https://evil.cloudflareaccess.com' }))).status).toBe(
      401,
    );
  });

  it('refuses a JWT signed with a key the team never published, or with another key under a known key id', async () => {
    const access = await accessTeam();
    await addFakeAccessKey(access.team, 'stray', false);
    expect((await access.asWith(await access.jwt('stray'))).status).toBe(401);
    // Another team's key pair under the same key id: the signature does not verify.
    const other = await accessTeam(['k1']);
    const forged = await signFakeAccessJwt(other.team, 'k1', {
      email: 'anna@firma.pl',
      aud: access.audience,
      iss: access.issuer,
    });
    expect((await access.asWith(forged)).status).toBe(401);
  });

  it('fetches the keys again when a token names a key id the cache does not have (a rotation)', async () => {
    const access = await accessTeam(['old']);
    // The worker caches {old}.
    expect((await access.asWith(await access.jwt('old'))).status).toBe(200);
    // Access rotates: a new key is published and signs from now on; the old one is withdrawn.
    await addFakeAccessKey(access.team, 'new');
    publishFakeAccessKeys(access.team, ['new']);
    // Past the refetch cooldown (30 s), the unknown key id makes the worker fetch the set again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    expect((await access.asWith(await access.jwt('new'))).status).toBe(200);
    // The withdrawn key no longer admits once the new set is in.
    expect((await access.asWith(await access.jwt('old'))).status).toBe(401);
  });

  it('refuses a missing or malformed assertion, and does not take a bearer token instead', async () => {
    const access = await accessTeam();
    expect((await ask(access.bindings, {})).status).toBe(401);
    expect((await access.asWith('not.a.jwt')).status).toBe(401);
    const bearer = await ask({ ...access.bindings, ADMIN_TOKEN: 'a-token' }, { Authorization: 'Bearer a-token' });
    expect(bearer.status).toBe(401);
  });

  it('answers 403 to someone Access signed in who has no role here', async () => {
    const access = await accessTeam();
    const res = await access.asWith(await access.jwt('k1', { email: 'guest@example.com' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden' });
  });

  it('refuses everyone while the configuration is half made, unreadable or not https in production', async () => {
    const access = await accessTeam();
    const jwt = await access.jwt('k1');
    for (const more of [
      { ACCESS_AUD: '' },
      { STAFF_ROLES: 'anna@firma.pl=superuser' },
      { ENVIRONMENT: 'production' },
    ] as Partial<Bindings>[]) {
      const res = await access.asWith(jwt, more);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'admin_unavailable' });
    }
  });

  it('answers 503 while the team keys cannot be fetched', async () => {
    const access = await accessTeam();
    const jwt = await access.jwt('k1');
    const res = await access.asWith(jwt, { ACCESS_TEAM_DOMAIN: `${FAKE_ACCESS_BASE}/no/such/team` });
    expect(res.status).toBe(503);
  });
});
