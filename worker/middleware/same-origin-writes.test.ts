import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sameOriginWrites } from './same-origin-writes';

const app = new Hono().use('*', sameOriginWrites).all('/', (c) => c.text('done'));
const send = (method: string, headers: Record<string, string> = {}) =>
  app.request('https://kongres.test/', { method, headers });

describe('sameOriginWrites', () => {
  it('lets reads through from anywhere', async () => {
    expect((await send('GET', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.test' })).status).toBe(200);
  });

  it('lets a write from the site itself through', async () => {
    expect((await send('POST', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://kongres.test' })).status).toBe(200);
  });

  it('lets a write without browser headers through (a webhook, curl): it is authenticated otherwise', async () => {
    expect((await send('POST')).status).toBe(200);
  });

  it.each([
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['another origin', { Origin: 'https://evil.test' }],
    ['an opaque origin', { Origin: 'null' }],
  ])('refuses a write from %s with 403', async (_, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await send(method, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'cross_site_request' });
    }
  });
});
