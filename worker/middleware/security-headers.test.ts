import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../site/security';
import { withSecurityHeaders } from './security-headers';

const expected = securityHeaders(undefined);

describe('withSecurityHeaders', () => {
  it("adds the site's security headers to what the worker answers, errors included", async () => {
    const app = new Hono()
      .use('*', withSecurityHeaders)
      .get('/json', (c) => c.json({ ok: true }))
      .get('/fail', () => {
        throw new Error('boom');
      })
      .onError((_, c) => c.json({ error: 'internal_error' }, 500));
    for (const path of ['/json', '/fail']) {
      const res = await app.request(path);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers.get(name), `${path}: ${name}`).toBe(value);
    }
  });

  it('keeps a header the response already has', async () => {
    const app = new Hono()
      .use('*', withSecurityHeaders)
      .get('/', () => Response.json({}, { headers: { 'Content-Security-Policy': "default-src 'none'" } }));
    const res = await app.request('/');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('copies a response whose headers are immutable (as the assets binding passes them) before adding', async () => {
    const app = new Hono()
      .use('*', withSecurityHeaders)
      .get('/', () => Response.redirect('https://kongres.test/pl', 302));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://kongres.test/pl');
    expect(res.headers.get('Content-Security-Policy')).toBe(expected['Content-Security-Policy']);
  });

  it('removes X-Powered-By', async () => {
    const app = new Hono()
      .use('*', withSecurityHeaders)
      .get('/', () => new Response('x', { headers: { 'X-Powered-By': 'something' } }));
    expect((await app.request('/')).headers.get('X-Powered-By')).toBeNull();
  });
});
