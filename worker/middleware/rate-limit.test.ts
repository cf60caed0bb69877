import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, rateLimit } from './rate-limit';

/** A limiter that lets `allowed` requests per key through, as the binding does within its period. */
function limiter(allowed: number) {
  const seen = new Map<string, number>();
  return {
    keys: seen,
    limit: async ({ key }: { key: string }) => {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return { success: (seen.get(key) ?? 0) <= allowed };
    },
  };
}

describe('rateLimit', () => {
  it('counts per client address and answers 429 with Retry-After past the limit', async () => {
    const binding = limiter(2);
    const app = new Hono<{ Bindings: Env }>()
      .use(
        '*',
        rateLimit(() => binding as unknown as RateLimit, 30),
      )
      .post('/', (c) => c.text(clientIp(c)));
    const from = (ip: string) => app.request('/', { method: 'POST', headers: { 'CF-Connecting-IP': ip } }, {} as Env);
    expect((await from('192.0.2.1')).status).toBe(200);
    expect((await from('192.0.2.1')).status).toBe(200);
    const refused = await from('192.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('30');
    expect(await refused.json()).toEqual({ error: 'rate_limited' });
    expect((await from('192.0.2.2')).status).toBe(200);
    expect([...binding.keys.keys()]).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('lets everything through where the binding is not configured', async () => {
    const app = new Hono<{ Bindings: Env }>()
      .use(
        '*',
        rateLimit(() => undefined),
      )
      .get('/', (c) => c.text('ok'));
    expect((await app.request('/', {}, {} as Env)).status).toBe(200);
  });
});
