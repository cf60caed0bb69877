import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { HONEYPOT_FIELD } from '../../site/contact';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_KEYS } from '../../site/turnstile';
import worker from '../../worker/index';
import { MESSAGE_PREFIX } from '../../worker/messages';
import { FAKE_TURNSTILE_TEST_URL } from '../../worker/turnstile/fake';
import { SITEVERIFY_URL } from '../../worker/turnstile/siteverify';
import { allOrders, freshBoxOfficeEachTest, office } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

// Turnstile on the contact form and the purchase: with Cloudflare's test keys against the
// siteverify fake (worker/turnstile/fake.ts, answered in turnstile-fake.setup.ts). The other test
// files run with it off (wrangler.toml sets no site key), which is the old behaviour.

const nextIp = clientIps(53);

/** The worker's bindings with Turnstile on: the passing site key and `secret`. */
const on = (secret: string = TURNSTILE_TEST_KEYS.passingSecret, extra: Record<string, string> = {}) => ({
  ...env,
  TURNSTILE_SITE_KEY: TURNSTILE_TEST_KEYS.passingSiteKey,
  TURNSTILE_SECRET_KEY: secret,
  TURNSTILE_VERIFY_URL: FAKE_TURNSTILE_TEST_URL,
  ...extra,
});

async function send(path: string, body: unknown, bindings: typeof env, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: path.startsWith('/api/turnstile') ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp(), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Anna Kowalska',
  email: 'anna.kowalska@example.com',
  subject: 'Stoisko',
  message: 'Dzień dobry, chcemy stoisko.',
  lang: 'pl',
  ...extra,
});
const cart = (extra: Record<string, unknown> = {}) => ({
  email: 'turnstile@example.com',
  items: [{ product: 'onsite-pro', name: 'Ewa Bramka' }],
  consent: { ...CONSENT_VERSIONS },
  ...extra,
});
/** A message with a widget's token, sent to the contact form's route under `bindings`. */
const sendTokenedMessage = (bindings: typeof env) =>
  send('/api/contact', message({ turnstile: TURNSTILE_DUMMY_TOKEN }), bindings);

const oneTicket = (extra: Record<string, unknown> = {}) => ({
  email: 'turnstile@example.com',
  name: 'Ewa Bramka',
  consent: { ...CONSENT_VERSIONS },
  ...extra,
});

async function storedMessages() {
  return (await env.ORDERS.list({ prefix: MESSAGE_PREFIX })).keys.length;
}

async function fieldsOf(res: Response) {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toBe('invalid_fields');
  return body.fields;
}

freshBoxOfficeEachTest({ silence: ['log', 'error'] });

describe('GET /api/turnstile', () => {
  it('gives the pages no site key while Turnstile is off', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/turnstile`);
    expect(await res.json()).toEqual({ siteKey: null });
  });

  it('gives the configured site key while it is on', async () => {
    const res = await send('/api/turnstile', undefined, on());
    expect(await res.json()).toEqual({ siteKey: TURNSTILE_TEST_KEYS.passingSiteKey });
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
  });
});

describe('Turnstile on the contact form', () => {
  it('stores a message whose token the passing test secret confirms', async () => {
    const res = await sendTokenedMessage(on());
    expect(res.status).toBe(201);
    expect(await storedMessages()).toBe(1);
  });

  it('refuses with the failing test secret and stores nothing', async () => {
    const res = await sendTokenedMessage(on(TURNSTILE_TEST_KEYS.failingSecret));
    expect(await fieldsOf(res)).toEqual({ turnstile: 'bot_check_failed' });
    expect(await storedMessages()).toBe(0);
  });

  it('refuses a message without a token, and a spent token as expired, storing nothing', async () => {
    expect(await fieldsOf(await send('/api/contact', message(), on()))).toEqual({ turnstile: 'required' });
    const spent = await sendTokenedMessage(on(TURNSTILE_TEST_KEYS.spentSecret));
    expect(await fieldsOf(spent)).toEqual({ turnstile: 'bot_check_expired' });
    expect(await storedMessages()).toBe(0);
  });

  it('fails closed with 503 when siteverify cannot answer, storing nothing', async () => {
    const res = await sendTokenedMessage(
      on(TURNSTILE_TEST_KEYS.passingSecret, { TURNSTILE_VERIFY_URL: `${FAKE_TURNSTILE_TEST_URL}/down` }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'bot_check_unavailable' });
    expect(await storedMessages()).toBe(0);
  });

  it('off by configuration: no token needed, and the honeypot still stores nothing', async () => {
    expect((await send('/api/contact', message(), env)).status).toBe(201);
    expect(await storedMessages()).toBe(1);
    expect((await send('/api/contact', message({ [HONEYPOT_FIELD]: 'spam' }), env)).status).toBe(201);
    expect(await storedMessages()).toBe(1);
  });

  it('checks the token before the honeypot: a bot without one learns nothing more', async () => {
    const res = await send('/api/contact', message({ [HONEYPOT_FIELD]: 'spam' }), on());
    expect(await fieldsOf(res)).toEqual({ turnstile: 'required' });
    expect(await storedMessages()).toBe(0);
  });
});

describe.each([
  ['a cart', '/api/orders', cart],
  ['one ticket', '/api/purchase/onsite-pro', oneTicket],
] as const)('Turnstile on the purchase (%s)', (_, path, body) => {
  it('places the order when the passing test secret confirms the token', async () => {
    const res = await send(path, body({ turnstile: TURNSTILE_DUMMY_TOKEN }), on());
    expect(res.status).toBe(201);
    expect(await allOrders()).toHaveLength(1);
  });

  it('holds nothing with the failing test secret, or without a token', async () => {
    const before = await office().availability(Date.now());
    const failed = await send(path, body({ turnstile: TURNSTILE_DUMMY_TOKEN }), on(TURNSTILE_TEST_KEYS.failingSecret));
    expect(await fieldsOf(failed)).toEqual({ turnstile: 'bot_check_failed' });
    expect(await fieldsOf(await send(path, body(), on()))).toEqual({ turnstile: 'required' });
    expect(await allOrders()).toEqual([]);
    expect(await office().availability(Date.now())).toEqual(before);
  });

  it('off by configuration: the order is placed without a token, as before', async () => {
    const res = await send(path, body(), env);
    expect(res.status).toBe(201);
    expect(await allOrders()).toHaveLength(1);
  });
});

describe('Turnstile in production', () => {
  it("asks Cloudflare's siteverify whatever TURNSTILE_VERIFY_URL says, and never serves the fake", async () => {
    const asked: string[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith('https://challenges.cloudflare.com/')) {
        asked.push(url);
        return Response.json({ success: false, 'error-codes': ['invalid-input-response'] });
      }
      return real(input, init);
    });
    const production = on('0x4AAAAAAAexample-real-secret', {
      ENVIRONMENT: 'production',
      TURNSTILE_SITE_KEY: '0x4AAAAAAAexample-site-key',
    });
    const res = await send('/api/contact', message({ turnstile: 'a-real-looking-token' }), production);
    expect(await fieldsOf(res)).toEqual({ turnstile: 'bot_check_failed' });
    expect(asked).toEqual([SITEVERIFY_URL]);
    expect((await send('/_fake/turnstile/siteverify', {}, production)).status).toBe(404);
  });

  it("refuses Cloudflare's test keys in production: every check fails closed", async () => {
    const res = await sendTokenedMessage(on(undefined, { ENVIRONMENT: 'production' }));
    expect(res.status).toBe(503);
    expect(await storedMessages()).toBe(0);
  });
});
