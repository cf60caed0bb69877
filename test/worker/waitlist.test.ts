import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NewOrder } from '../../site/orders';
import type { WaitlistEntryView, WaitlistView } from '../../site/waitlist';
import { compose } from '../../worker/email/compose';
import { ticketKey, waitlistEntryToken, waitlistOfferToken } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office, placeOrder, runAlarm, setClock } from './box-office';
import { clientIps } from './client-ip';
import { ORIGIN } from './platform';

const nextIp = clientIps(181);
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const HOUR = 60 * 60 * 1000;
const VIP = 'onsite-vip';

freshBoxOfficeEachTest({ silence: ['log', 'warn'] });

/** Places of a product taken by others (the `held` count the triggers keep), so a test starts near sold out. */
const takenByOthers = (product: string, n: number) =>
  runInDurableObject(office(), (_, state) => {
    state.storage.sql.exec(
      'INSERT INTO held (product, n) VALUES (?, ?) ON CONFLICT (product) DO UPDATE SET n = n + excluded.n',
      product,
      n,
    );
  });

const vip = (name = 'Holder') => [{ product: VIP, name }] as NewOrder['items'];

/** The last `vipBuyers` places of on-site VIP held by pending orders of ours (the rest taken by others). */
async function soldOutWith(vipBuyers: number): Promise<string[]> {
  await takenByOthers(VIP, 50 - vipBuyers);
  const ids: string[] = [];
  for (let i = 0; i < vipBuyers; i++) {
    const result = await placeOrder(vip());
    if (result.kind !== 'created') throw new Error(`not placed: ${JSON.stringify(result)}`);
    ids.push(result.order.id);
  }
  return ids;
}

function join(body: Record<string, unknown>) {
  return SELF.fetch(`${ORIGIN}/api/waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
    body: JSON.stringify(body),
  });
}

/** A confirmed person waiting for on-site VIP (signed up and confirmed in the box office). */
async function waiting(email: string): Promise<string> {
  const joined = await office().joinWaitlist({ product: VIP, email, name: null, lang: 'pl', now: Date.now() });
  if (joined.kind === 'refused') throw new Error(joined.error);
  await office().confirmWaitlistEntry(joined.entryId, Date.now());
  return joined.entryId;
}

const list = async (): Promise<WaitlistView> =>
  (await (await SELF.fetch(`${ORIGIN}/api/admin/waitlist`, { headers: ADMIN })).json()) as WaitlistView;
const entry = async (email: string) => (await list()).entries.find((e) => e.email === email) as WaitlistEntryView;
const openOffers = async () => (await list()).entries.flatMap((e) => e.offers).filter((o) => o.state === 'open');
const offerEmails = () =>
  runInDurableObject(office(), (_, state) =>
    state.storage.sql
      .exec<{ subject: string }>("SELECT order_id AS subject FROM emails WHERE kind = 'waitlist_offer'")
      .toArray()
      .map((row) => row.subject),
  );
const remaining = async () => (await office().availability(Date.now())).find((p) => p.id === VIP)?.remaining;

describe('signing up', () => {
  it('refuses bad input with the fields’ paths and stores nothing', async () => {
    await soldOutWith(0);
    const res = await join({ product: 'nope', email: 'not-an-address', name: 'x'.repeat(121), lang: 'xx' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_fields');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'lang', 'name', 'product']);
    expect(body.fields.email).toBe('invalid_email');
    const unlimited = await join({ product: 'online-standard', email: 'a@example.com' });
    expect(unlimited.status).toBe(422);
    expect(await unlimited.json()).toMatchObject({ fields: { product: 'no_waiting_list' } });
    expect((await list()).entries).toEqual([]);
  });

  it('has no list while places are left', async () => {
    const res = await join({ product: VIP, email: 'early@example.com' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'not_sold_out', remaining: 50 });
  });

  it('makes a second sign-up of the same person the same entry, and e-mails the confirmation link', async () => {
    await soldOutWith(0);
    for (const email of ['Ada@Example.com', 'ada@example.com']) {
      const res = await join({ product: VIP, email, name: 'Ada', lang: 'en-GB' });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ state: 'confirm_sent' });
    }
    const { entries } = await list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ email: 'ada@example.com', state: 'unconfirmed', lang: 'en-GB', offers: [] });
    const id = entries[0]?.id as string;
    const message = await compose(env, { kind: 'waitlist_confirm', subjectId: id, data: null });
    const token = await waitlistEntryToken(ticketKey(env), id);
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toContain('Confirm');
    expect(message.text).toContain(`/waitlist/confirm/${id}/${token}`);
  });

  it('is rate-limited as the contact form', async () => {
    await soldOutWith(0);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await SELF.fetch(`${ORIGIN}/api/waitlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.77' },
        body: JSON.stringify({ product: VIP, email: `r${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(5);
  });

  it('confirms through the link’s page (double opt-in) and refuses a wrong secret', async () => {
    await soldOutWith(0);
    await join({ product: VIP, email: 'eve@example.com' });
    const { id } = await entry('eve@example.com');
    const token = await waitlistEntryToken(ticketKey(env), id);
    const page = await SELF.fetch(`${ORIGIN}/waitlist/confirm/${id}/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await entry('eve@example.com')).state).toBe('unconfirmed');
    const wrong = await SELF.fetch(`${ORIGIN}/waitlist/confirm/${id}/AAAAAAAAAAAAAAAAAAAAAA`, { method: 'POST' });
    expect(wrong.status).toBe(404);
    const confirmed = await SELF.fetch(`${ORIGIN}/waitlist/confirm/${id}/${token}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    expect(await entry('eve@example.com')).toMatchObject({ state: 'waiting', position: 1 });
  });
});

describe('offers of returned places', () => {
  it('gives an unconfirmed entry nothing; the place goes to the confirmed person behind it', async () => {
    const [order] = await soldOutWith(1);
    await office().joinWaitlist({ product: VIP, email: 'first@example.com', name: null, lang: 'pl', now: Date.now() });
    await waiting('second@example.com');
    await office().releaseHold(order as string, Date.now(), 'test');
    expect((await entry('first@example.com')).state).toBe('unconfirmed');
    expect((await entry('first@example.com')).offers).toEqual([]);
    expect((await entry('second@example.com')).state).toBe('offered');
    expect(await offerEmails()).toHaveLength(1);
  });

  it('makes exactly one offer per freed place, in the order people confirmed', async () => {
    await takenByOthers(VIP, 48);
    const two = await placeOrder([
      { product: VIP, name: 'A' },
      { product: VIP, name: 'B' },
    ]);
    expect(two.kind).toBe('created');
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com']) await waiting(email);
    // The hold runs out: both places come back when the alarm expires the order.
    setClock(new Date(Date.now() + 31 * 60 * 1000).toISOString());
    await runAlarm();
    expect((await entry('p1@example.com')).state).toBe('offered');
    expect((await entry('p2@example.com')).state).toBe('offered');
    expect(await entry('p3@example.com')).toMatchObject({ state: 'waiting', position: 1 });
    expect(await openOffers()).toHaveLength(2);
    expect(await remaining()).toBe(0);
    // Running again (the alarm, another purchase) offers nothing more.
    await runAlarm();
    await placeOrder(vip());
    expect(await openOffers()).toHaveLength(2);
    expect(await offerEmails()).toHaveLength(2);
  });

  it('offers a lapsed hold’s place to the list before a purchase can take it, before the alarm runs', async () => {
    const [order] = await soldOutWith(1);
    await waiting('w@example.com');
    setClock(new Date(Date.now() + 31 * 60 * 1000).toISOString());
    const late = await placeOrder(vip('Fastest'));
    expect(late).toMatchObject({ kind: 'refused', error: 'sold_out' });
    expect((await entry('w@example.com')).state).toBe('offered');
    expect((await office().order(order as string))?.status).toBe('pending');
  });

  it('never sells an offered place to anyone else in a burst, and the offer’s code buys it', async () => {
    const [order] = await soldOutWith(1);
    await waiting('holder@example.com');
    await office().releaseHold(order as string, Date.now(), 'test');
    const [offer] = await openOffers();
    const burst = await Promise.all(Array.from({ length: 40 }, () => placeOrder(vip('Other'))));
    expect(burst.every((r) => r.kind === 'refused' && r.error === 'sold_out')).toBe(true);
    // Someone else's guess at a waiting-list code is refused; the offer's own buys the place.
    expect(await placeOrder(vip('Guess'), { voucher: 'WL-0000000000000000' })).toMatchObject({
      error: 'invalid_voucher',
    });
    const bought = await placeOrder(vip('Holder'), { voucher: offer?.code, email: 'holder@example.com' });
    expect(bought.kind).toBe('created');
    if (bought.kind !== 'created') return;
    expect(bought.order.gross).toBeGreaterThan(0);
    // At the full price: the order page shows no discount for the offer's code.
    const view = await SELF.fetch(`${ORIGIN}/api/orders/${bought.order.id}?token=${bought.order.id}`);
    expect(await view.json()).toMatchObject({
      voucher: null,
      tickets: [expect.not.objectContaining({ voucherPrice: expect.anything() })],
    });
    // Used once: a second purchase with it is refused.
    expect(await placeOrder(vip('Again'), { voucher: offer?.code })).toMatchObject({ error: 'invalid_voucher' });
    await office().settle(bought.order.id, 'paid', Date.now(), { by: 'test' });
    expect((await entry('holder@example.com')).state).toBe('bought');
    expect((await entry('holder@example.com')).offers[0]).toMatchObject({ state: 'bought', orderId: bought.order.id });
  });

  it('passes an unused offer on when it runs out after 24 hours', async () => {
    const [order] = await soldOutWith(1);
    await waiting('slow@example.com');
    await waiting('next@example.com');
    const start = Date.now();
    await office().releaseHold(order as string, start, 'test');
    const [offer] = await openOffers();
    expect(Date.parse(offer?.expiresAt as string) - start).toBe(24 * HOUR);
    setClock(new Date(start + 24 * HOUR - 1000).toISOString());
    await runAlarm();
    expect((await entry('slow@example.com')).state).toBe('offered');
    setClock(new Date(start + 24 * HOUR).toISOString());
    await runAlarm();
    expect((await entry('slow@example.com')).state).toBe('expired');
    expect((await entry('slow@example.com')).offers[0]?.state).toBe('expired');
    expect((await entry('next@example.com')).state).toBe('offered');
    expect(await openOffers()).toHaveLength(1);
    // The ran-out code buys nothing.
    expect(await placeOrder(vip(), { voucher: offer?.code })).toMatchObject({ error: 'invalid_voucher' });
  });

  it('passes an offer on when it is declined on its page, once', async () => {
    const [order] = await soldOutWith(1);
    await waiting('no@example.com');
    await waiting('yes@example.com');
    await office().releaseHold(order as string, Date.now(), 'test');
    const [offer] = await openOffers();
    const token = await waitlistOfferToken(ticketKey(env), offer?.id as string);
    const page = await SELF.fetch(`${ORIGIN}/waitlist/offer/${offer?.id}/${token}?decline=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(offer?.code);
    expect(html).toContain('/waitlist/offer.js');
    const email = await compose(env, { kind: 'waitlist_offer', subjectId: offer?.id as string, data: null });
    expect(email.to).toBe('no@example.com');
    expect(email.text).toContain(`/waitlist/offer/${offer?.id}/${token}`);
    expect(email.text).toContain('?decline=1');
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch(`${ORIGIN}/waitlist/offer/${offer?.id}/${token}/decline`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
    }
    expect((await entry('no@example.com')).state).toBe('declined');
    expect((await entry('yes@example.com')).state).toBe('offered');
    expect(await openOffers()).toHaveLength(1);
    expect(await offerEmails()).toHaveLength(2);
  });

  it('offers a cancelled paid order’s place once', async () => {
    const [order] = await soldOutWith(1);
    await office().settle(order as string, 'paid', Date.now(), { by: 'test' });
    await waiting('a@example.com');
    await waiting('b@example.com');
    const cancelled = await office().cancelPaid(order as string, 'refund-1', Date.now());
    expect(cancelled.kind).toBe('cancelled');
    // The same cancellation again, the alarm, a purchase attempt: still one offer.
    await office().cancelPaid(order as string, 'refund-1', Date.now());
    await runAlarm();
    await placeOrder(vip());
    expect(await openOffers()).toHaveLength(1);
    expect((await entry('a@example.com')).state).toBe('offered');
    expect((await entry('b@example.com')).state).toBe('waiting');
  });

  it('offers at once on confirmation when a place is free, and nothing while none is', async () => {
    await soldOutWith(0);
    await waiting('now@example.com');
    expect((await entry('now@example.com')).state).toBe('waiting');
    await runInDurableObject(office(), (_, state) => {
      state.storage.sql.exec("UPDATE held SET n = n - 1 WHERE product = 'onsite-vip'");
    });
    // Places added (here: one freed behind the box office's back): the console's "offer now".
    const res = await SELF.fetch(`${ORIGIN}/api/admin/waitlist/offer`, { method: 'POST', headers: ADMIN });
    expect(res.status).toBe(200);
    expect((await entry('now@example.com')).state).toBe('offered');
  });
});

describe('organisers', () => {
  it('set the offer period (422 with the path when out of range)', async () => {
    const bad = await SELF.fetch(`${ORIGIN}/api/admin/waitlist/settings`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ offerHours: 0 }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ fields: { offerHours: 'invalid' } });
    const ok = await SELF.fetch(`${ORIGIN}/api/admin/waitlist/settings`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ offerHours: 6 }),
    });
    expect(await ok.json()).toEqual({ offerHours: 6 });
    const [order] = await soldOutWith(1);
    await waiting('six@example.com');
    const start = Date.now();
    await office().releaseHold(order as string, start, 'test');
    const [offer] = await openOffers();
    expect(Date.parse(offer?.expiresAt as string) - start).toBe(6 * HOUR);
    expect((await list()).offerHours).toBe(6);
  });

  it('remove an entry: its open offer is withdrawn and the place offered to the next person', async () => {
    const [order] = await soldOutWith(1);
    const gone = await waiting('gone@example.com');
    await waiting('stays@example.com');
    await office().releaseHold(order as string, Date.now(), 'test');
    const res = await SELF.fetch(`${ORIGIN}/api/admin/waitlist/${gone}/remove`, { method: 'POST', headers: ADMIN });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'removed', offers: [{ state: 'withdrawn' }] });
    expect((await entry('stays@example.com')).state).toBe('offered');
    expect(await openOffers()).toHaveLength(1);
  });
});

describe('the sold-out card', () => {
  it('links a sold-out product to its waiting list’s sign-up page, which has the form', async () => {
    await soldOutWith(0);
    const page = await (await SELF.fetch(`${ORIGIN}/pl/kup-bilet`)).text();
    expect(page).toContain('href="/waitlist/join?product=onsite-vip&amp;lang=pl"');
    const join = await SELF.fetch(`${ORIGIN}/waitlist/join?product=onsite-vip&lang=en-gb`);
    expect(join.status).toBe(200);
    const html = await join.text();
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('name="email"');
    const sent = await SELF.fetch(`${ORIGIN}/waitlist/join?lang=en-gb`, {
      method: 'POST',
      headers: { 'CF-Connecting-IP': nextIp() },
      body: new URLSearchParams({ product: VIP, email: 'form@example.com', name: 'Form' }),
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toContain('sent=1');
    expect(await entry('form@example.com')).toMatchObject({ state: 'unconfirmed', name: 'Form', lang: 'en-GB' });
  });
});
