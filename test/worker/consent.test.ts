import { createExecutionContext, env, runInDurableObject, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NewOrder } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import worker from '../../worker/index';
import { allOrders, DURING_PROMOTION, freshBoxOfficeEachTest, office, setClock } from './box-office';
import { fieldErrors, ORIGIN } from './platform';

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

function post(path: string, body: unknown) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: JSON.stringify(body),
  });
}

const routes = [
  [
    'a cart',
    (consent: unknown) =>
      post('/api/orders', {
        email: 'zgoda@example.com',
        items: [{ product: 'online-standard' }],
        ...(consent === undefined ? {} : { consent }),
      }),
  ],
  [
    'one ticket',
    (consent: unknown) =>
      post('/api/purchase/standard', { email: 'zgoda@example.com', ...(consent === undefined ? {} : { consent }) }),
  ],
] as const;

freshBoxOfficeEachTest();

describe('consent on record', () => {
  it.each(routes)('stores the versions accepted and the time on the order (%s)', async (_, send) => {
    setClock(DURING_PROMOTION);
    const res = await send({ ...CONSENT_VERSIONS });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const order = await office().order(orderId);
    expect(order?.consent).toEqual({ ...CONSENT_VERSIONS, at: DURING_PROMOTION });
    expect(order?.consent?.at).toBe(order?.createdAt);
    // The purchase log says what was accepted too.
    const logged = await runInDurableObject(office(), (_instance, state) =>
      state.storage.sql
        .exec<{ data: string }>("SELECT data FROM log WHERE order_id = ? AND event = 'created'", orderId)
        .toArray(),
    );
    expect(JSON.parse(logged[0]?.data ?? '{}')).toMatchObject({
      consentTerms: CONSENT_VERSIONS.terms,
      consentPrivacy: CONSENT_VERSIONS.privacy,
    });
  });

  it('gives the versions and the time in the orders CSV', async () => {
    setClock(DURING_PROMOTION);
    expect((await routes[0][1]({ ...CONSENT_VERSIONS })).status).toBe(201);
    const res = await SELF.fetch(`${ORIGIN}/api/admin/orders?format=csv`, {
      headers: { Authorization: 'Bearer test-admin-token' },
    });
    const [header, row] = (await res.text()).trim().split('\r\n');
    expect(header?.split(',').slice(-3)).toEqual(['consent.terms', 'consent.privacy', 'consent.at']);
    expect(row?.split(',').slice(-3)).toEqual([CONSENT_VERSIONS.terms, CONSENT_VERSIONS.privacy, DURING_PROMOTION]);
  });

  it.each(routes)('refuses an order without consent and holds nothing (%s)', async (_, send) => {
    setClock(DURING_PROMOTION);
    expect(await fieldErrors(await send(undefined))).toEqual({ consent: 'consent_required' });
    expect(await fieldErrors(await send(null))).toEqual({ consent: 'consent_required' });
    expect(await fieldErrors(await send(true))).toEqual({ consent: 'consent_required' });
    expect(await fieldErrors(await send({ terms: CONSENT_VERSIONS.terms }))).toEqual({
      'consent.privacy': 'consent_required',
    });
    expect(await allOrders()).toEqual([]);
  });

  it.each(routes)('refuses an order that accepted an older version, naming which (%s)', async (_, send) => {
    setClock(DURING_PROMOTION);
    expect(await fieldErrors(await send({ terms: '2024-01-01', privacy: CONSENT_VERSIONS.privacy }))).toEqual({
      'consent.terms': 'consent_outdated',
    });
    expect(await fieldErrors(await send({ terms: CONSENT_VERSIONS.terms, privacy: '2024-01-01' }))).toEqual({
      'consent.privacy': 'consent_outdated',
    });
    expect(await fieldErrors(await send({ terms: 1, privacy: 'x' }))).toEqual({
      'consent.terms': 'consent_required',
      'consent.privacy': 'consent_outdated',
    });
    expect(await allOrders()).toEqual([]);
  });
});

describe('consent in the box office itself', () => {
  /** An order asked of the box office directly, as any caller could, with `consent` as given. */
  const place = (consent: unknown, key?: string) =>
    office().purchase({
      id: `01C${String(Math.random()).slice(2, 25).padEnd(23, '0')}`,
      items: [{ product: 'onsite-pro', name: 'Ewa Zgoda' }],
      email: 'zgoda@example.com',
      lang: 'pl',
      provider: 'demo',
      tokenHash: 'x',
      fingerprint: 'f',
      now: Date.now(),
      ...(key ? { idempotencyKey: key } : {}),
      consent: consent as NewOrder['consent'],
    });

  it('refuses an order without the versions in force, holding nothing and keeping no key', async () => {
    setClock(DURING_PROMOTION);
    const before = await office().availability(Date.now());
    expect(await place(undefined, 'consent-key-0000001')).toEqual({
      kind: 'refused',
      error: 'consent_refused',
      fields: { consent: 'consent_required' },
    });
    expect(await place({ terms: '2024-01-01', privacy: CONSENT_VERSIONS.privacy })).toEqual({
      kind: 'refused',
      error: 'consent_refused',
      fields: { 'consent.terms': 'consent_outdated' },
    });
    expect(await place({ terms: CONSENT_VERSIONS.terms })).toEqual({
      kind: 'refused',
      error: 'consent_refused',
      fields: { 'consent.privacy': 'consent_required' },
    });
    expect(await allOrders()).toEqual([]);
    expect(await office().availability(Date.now())).toEqual(before);
    // The key was not taken: the same attempt with consent places its order.
    const placed = await place({ ...CONSENT_VERSIONS }, 'consent-key-0000001');
    expect(placed.kind).toBe('created');
    if (placed.kind !== 'created') return;
    expect(placed.order.consent).toEqual({ ...CONSENT_VERSIONS, at: DURING_PROMOTION });
  });

  it("answers the box office's refusal with 422 and the fields, as the route's own check does", async () => {
    setClock(DURING_PROMOTION);
    // A box office that refuses on its own (the route's check passed: versions changed in between).
    const refusing = {
      idFromName: () => ({}),
      get: () => ({
        purchase: async () => ({
          kind: 'refused',
          error: 'consent_refused',
          fields: { 'consent.terms': 'consent_outdated' },
        }),
      }),
    } as unknown as typeof env.BOX_OFFICE;
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: JSON.stringify({
          email: 'zgoda@example.com',
          items: [{ product: 'online-standard' }],
          consent: { ...CONSENT_VERSIONS },
        }),
      }),
      { ...env, BOX_OFFICE: refusing },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await fieldErrors(res)).toEqual({ 'consent.terms': 'consent_outdated' });
  });
});
