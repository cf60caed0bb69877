import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_BODY_LIMIT_BYTES, CONTACT_LIMITS, contactFieldErrors } from '../../site/contact';
import worker from '../../worker/index';
import { MESSAGE_PREFIX } from '../../worker/messages';
import { clientIps } from './client-ip';

const URL_ = 'https://kongres.test/api/contact';

const valid = () => ({
  name: 'Anna Kowalska',
  email: 'anna.kowalska@example.com',
  subject: 'Rejestracja wystawcy',
  message: 'Dzień dobry, chcielibyśmy zarezerwować stoisko na expo.',
  lang: 'pl',
});

/** A new client address per request, so the per-IP rate limit only shows in the tests about it. */
const nextIp = clientIps(198);

const post = (body: BodyInit | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  SELF.fetch(URL_, { method: 'POST', headers: { 'CF-Connecting-IP': nextIp(), ...headers }, body });

const postJson = (value: unknown) => post(JSON.stringify(value));

async function stored() {
  const list = await env.ORDERS.list({ prefix: MESSAGE_PREFIX });
  return Promise.all(list.keys.map(async (k) => ({ key: k.name, value: await env.ORDERS.get(k.name, 'json') })));
}

// KV outlives a test within this file: every test starts and ends without messages.
afterEach(async () => {
  vi.restoreAllMocks();
  const list = await env.ORDERS.list({ prefix: MESSAGE_PREFIX });
  await Promise.all(list.keys.map((k) => env.ORDERS.delete(k.name)));
});

describe('POST /api/contact', () => {
  it('stores a valid message with its language and time, and answers its id with 201', async () => {
    const before = Date.now();
    const res = await postJson({ ...valid(), name: '  Anna Kowalska  ', lang: 'de' });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

    const messages = await stored();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.key).toBe(`message:${id}`);
    const message = messages[0]?.value as Record<string, string>;
    expect(message).toMatchObject({ ...valid(), id, lang: 'de', name: 'Anna Kowalska' });
    expect(Date.parse(message.receivedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(message).not.toHaveProperty('website');
  });

  it('keys messages so that a list by prefix returns them oldest first', async () => {
    const first = await (await postJson({ ...valid(), subject: 'one' })).json<{ id: string }>();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await (await postJson({ ...valid(), subject: 'two' })).json<{ id: string }>();
    expect((await stored()).map((m) => m.key)).toEqual([`message:${first.id}`, `message:${second.id}`]);
  });

  it('accepts a message at every length limit, written in three-byte characters, within the body limit', async () => {
    const fill = (n: number) => '€'.repeat(n);
    const body = {
      name: fill(CONTACT_LIMITS.name),
      email: `${'a'.repeat(CONTACT_LIMITS.email - 12)}@example.com`,
      subject: fill(CONTACT_LIMITS.subject),
      message: fill(CONTACT_LIMITS.message),
      lang: 'es',
      website: '',
    };
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThanOrEqual(CONTACT_BODY_LIMIT_BYTES);
    const res = await postJson(body);
    expect(res.status).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  describe('refuses invalid fields with a field-level code and stores nothing', () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['a missing name', { name: undefined }, { name: 'required' }],
      ['a blank name', { name: '   ' }, { name: 'required' }],
      ['a name that is not a string', { name: 42 }, { name: 'invalid' }],
      ['a missing e-mail', { email: undefined }, { email: 'required' }],
      ['a malformed e-mail', { email: 'anna@example' }, { email: 'invalid_email' }],
      ['an e-mail with a space', { email: 'anna kowalska@example.com' }, { email: 'invalid_email' }],
      ['a missing subject', { subject: undefined }, { subject: 'required' }],
      ['a missing message', { message: '' }, { message: 'required' }],
      ['too long a name', { name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, { name: 'too_long' }],
      ['too long a subject', { subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }, { subject: 'too_long' }],
      ['too long a message', { message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, { message: 'too_long' }],
      ['too long an e-mail', { email: `${'a'.repeat(CONTACT_LIMITS.email)}@example.com` }, { email: 'too_long' }],
      ['an unknown language', { lang: 'fr' }, { lang: 'invalid' }],
      ['a lower-case en-gb', { lang: 'en-gb' }, { lang: 'invalid' }],
      ['a missing language', { lang: undefined }, { lang: 'required' }],
      ['a honeypot that is not a string', { website: 7 }, { website: 'invalid' }],
      ['several bad fields', { name: '', email: 'x' }, { name: 'required', email: 'invalid_email' }],
    ];
    it.each(cases)('%s', async (_label, change, fields) => {
      const res = await postJson({ ...valid(), ...change });
      expect(res.status).toBe(422);
      expect(res.headers.get('Content-Type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: 'invalid_fields', fields });
      expect(await stored()).toEqual([]);
    });
  });

  it('checks fields the way the form does, so both show the same errors', async () => {
    for (const change of [{ email: 'a@b' }, { email: 'a@b.c' }, { name: ' ' }, { message: 'x'.repeat(4001) }]) {
      const values = { ...valid(), ...change };
      const res = await postJson(values);
      const body = await res.json<{ fields?: Record<string, string> }>();
      expect(body.fields ?? {}, JSON.stringify(change)).toEqual(contactFieldErrors(values));
    }
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const res = await postJson({ ...valid(), website: 'https://spam.example' });
    expect(res.status).toBe(201);
    expect((await res.json<{ id: string }>()).id).toMatch(/^[0-9A-Z]{26}$/);
    expect(await stored()).toEqual([]);
  });

  it('stores a message whose honeypot is present but empty', async () => {
    const res = await postJson({ ...valid(), website: '' });
    expect(res.status).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await postJson({ ...valid(), message: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'body_too_large' });
    expect(await stored()).toEqual([]);
  });

  it('refuses an oversize chunked body that has no Content-Length with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(4096));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"message":"'));
        if (sent > CONTACT_BODY_LIMIT_BYTES * 2) controller.close();
        else controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const request = new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body,
    });
    expect(request.headers.get('Content-Length')).toBeNull();
    const res = await SELF.fetch(request);
    expect(res.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['form data', 'application/x-www-form-urlencoded'],
    ['plain text', 'text/plain'],
    ['JSON with another media type', 'application/vnd.api+json'],
  ])('refuses %s with 415', async (_label, type) => {
    const res = await post(JSON.stringify(valid()), { 'Content-Type': type });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: 'unsupported_media_type' });
    expect(await stored()).toEqual([]);
  });

  it('refuses a body without a content type with 415', async () => {
    const res = await SELF.fetch(URL_, {
      method: 'POST',
      headers: { 'CF-Connecting-IP': nextIp() },
      body: new Blob([JSON.stringify(valid())]),
    });
    expect(res.status).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it('accepts application/json with a charset', async () => {
    const res = await post(JSON.stringify(valid()), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(201);
  });

  it.each([
    ['malformed JSON', '{"name": "Anna",', 400, 'invalid_json'],
    ['an empty body', '', 400, 'invalid_json'],
    ['a JSON array', '[1, 2]', 400, 'invalid_body'],
    ['JSON null', 'null', 400, 'invalid_body'],
  ])('refuses %s with %i and a code, never a stack trace', async (_label, body, status, error) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error });
    expect(text).not.toMatch(/at |Error|stack/);
    expect(await stored()).toEqual([]);
  });

  it('answers other methods with 405 and the allowed method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await SELF.fetch(URL_, { method, redirect: 'manual' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
    }
  });
});

describe('abuse limits on POST /api/contact', () => {
  it('answers 429 with Retry-After once an address sent 5 messages in a minute, and stores nothing more', async () => {
    const ip = '192.0.2.177';
    const send = (subject: string) =>
      post(JSON.stringify({ ...valid(), subject }), {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(`ok ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);

    const limited = await send('one too many');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(limited.headers.get('Content-Type')).toContain('application/json');
    expect(await limited.json()).toEqual({ error: 'rate_limited' });
    const subjects = (await stored()).map((m) => (m.value as { subject: string }).subject);
    expect(subjects).toHaveLength(5);
    expect(subjects).not.toContain('one too many');

    // Counted before the body is read: even a malformed request from that address is refused.
    const garbage = await post('{"name":', { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip });
    expect(garbage.status).toBe(429);
    // Another address is not affected.
    expect((await postJson(valid())).status).toBe(201);
  });

  it.each([
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['another origin', { Origin: 'https://evil.example' }],
    ['an opaque origin', { Origin: 'null' }],
    [
      'another origin that claims to be same-site',
      { Origin: 'https://kongres.test.evil.example', 'Sec-Fetch-Site': 'same-site' },
    ],
  ])('refuses %s with 403 and stores nothing', async (_label, headers) => {
    const res = await post(JSON.stringify(valid()), { 'Content-Type': 'application/json', ...headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'cross_site_request' });
    expect(await stored()).toEqual([]);
  });

  it('accepts a same-origin browser request', async () => {
    const res = await post(JSON.stringify(valid()), {
      'Content-Type': 'application/json',
      Origin: 'https://kongres.test',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(res.status).toBe(201);
  });

  it('logs no e-mail address, name or message text, only the id and language', async () => {
    const lines: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
    const res = await postJson(valid());
    expect(res.status).toBe(201);
    await postJson({ ...valid(), website: 'https://spam.example' });
    await postJson({ ...valid(), email: 'anna.kowalska@example' });
    const logged = lines.join('\n');
    expect(logged).toContain('contact_message');
    expect(logged).not.toContain('anna.kowalska');
    expect(logged).not.toMatch(/[^\s"@]+@[^\s"@]+/);
    expect(logged).not.toContain(valid().name);
    expect(logged).not.toContain(valid().message);
  });

  it('answers 503 without details when KV keeps failing, and never a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = {
      ...env.ORDERS,
      get: env.ORDERS.get.bind(env.ORDERS),
      list: env.ORDERS.list.bind(env.ORDERS),
      put: () => Promise.reject(new Error('KV unavailable at put (kv.ts:1:1)')),
    } as unknown as KVNamespace;
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: JSON.stringify(valid()),
      }),
      { ...env, ORDERS: failing },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'storage_unavailable' });
    expect(text).not.toMatch(/KV unavailable|at |stack|\.ts/);
    expect(await stored()).toEqual([]);
  });
});
