import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { organiserName, organisersOnly } from './organisers';

const app = new Hono<AppEnv>()
  .use('*', organisersOnly)
  .get('/', (c) => c.json({ by: organiserName(c) }))
  .onError((err, c) => (err instanceof ApiError ? c.json({ error: err.code }, err.status) : c.text('?', 500)));

const ask = (bindings: Partial<Bindings>, headers: Record<string, string> = {}) =>
  app.request('/', { headers }, { ...env, ...bindings } as Bindings);

describe('organisersOnly', () => {
  it('lets the configured bearer token through, never cached', async () => {
    const res = await ask({ ADMIN_TOKEN: 'a-token' }, { Authorization: 'Bearer a-token' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('answers 401 with a challenge to a missing or wrong token', async () => {
    for (const headers of [{}, { Authorization: 'Bearer other' }, { Authorization: 'Basic a-token' }] as Record<
      string,
      string
    >[]) {
      const res = await ask({ ADMIN_TOKEN: 'a-token', ADMIN_LIMITER: undefined }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it('makes the routes not exist while no token is configured', async () => {
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
});

describe('organiserName', () => {
  it.each([
    ['Anna Nowak', 'Anna Nowak'],
    ["  O'Neil  ", "O'Neil"],
    ['', 'organiser'],
    ['a\tb', 'organiser'],
    ['<script>', 'organiser'],
    ['x'.repeat(61), 'organiser'],
  ])('takes %j as %j', async (name, expected) => {
    const res = await ask({ ADMIN_TOKEN: 't' }, { Authorization: 'Bearer t', 'X-Organiser': name });
    expect(await res.json()).toEqual({ by: expected });
  });
});
