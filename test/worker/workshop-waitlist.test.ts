import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntryView, WaitlistView } from '../../site/waitlist';
import { compose } from '../../worker/email/compose';
import { ticketKey, waitlistOfferToken } from '../../worker/tickets/code';
import { DURING_PROMOTION, freshBoxOfficeEachTest, office, runAlarm, setClock } from './box-office';
import { buyPaidTicket } from './buyer';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN, postJson } from './platform';

// A full workshop's waiting list (docs/waiting-list.md, "Workshops"): holders identified by their
// ticket join it, a seat that comes back goes to the next one as an offer that holds it, passed on
// at expiry and decline, one offer per seat, and nobody registers into a seat an offer holds.

const nextIp = clientIps(233);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };
const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const HOUR = 60 * 60 * 1000;
/** The published examples: promptLab is basic with 25 seats, ragAgents advanced with 20. */
const BASIC = 'promptLab';
const ADVANCED = 'ragAgents';

freshBoxOfficeEachTest({ silence: ['log', 'warn'] });
afterEach(() => {
  vi.useRealTimers();
});

type Holder = { orderId: string; code: string; email: string };
let sequence = 0;

/** A paid ticket of `product`, bought through the API. */
async function holder(product: string): Promise<Holder> {
  const email = `holder-${++sequence}@example.com`;
  const { orderId, code } = await buyPaidTicket(product, { email, lang: 'pl' }, nextIp());
  return { orderId, code, email };
}

const call = (path: string, who: Holder, extra: Record<string, unknown> = {}) =>
  postJson(
    `/api/workshops/${path}`,
    { email: who.email, code: who.code, ...extra },
    { ip: nextIp(), bindings: noLimit },
  );
const register = (workshop: string, who: Holder) => call(`${workshop}/registrations`, who);
const join = (workshop: string, who: Holder) => call(`${workshop}/waitlist`, who, { lang: 'en-GB' });
const release = (workshop: string, who: Holder) => call(`${workshop}/registrations/release`, who);

/** Seats of a workshop taken by others, so a test starts near full. */
const seatedOthers = (workshop: string, n: number) =>
  runInDurableObject(office(), (_, state) => {
    for (let i = 0; i < n; i++) {
      state.storage.sql.exec(
        'INSERT INTO workshop_seats (workshop_id, ticket_id, order_id, created_at) VALUES (?, ?, ?, 0)',
        workshop,
        `OTHER${workshop}${i}`,
        `OTHERORDER${i}`,
      );
    }
  });
const seats = (workshop: string) =>
  runInDurableObject(
    office(),
    (_, state) =>
      state.storage.sql
        .exec<{ n: number }>('SELECT COUNT(*) AS n FROM workshop_seats WHERE workshop_id = ?', workshop)
        .one().n,
  );

const list = async (): Promise<WaitlistView> =>
  (await (await callWorker(new Request(`${ORIGIN}/api/admin/waitlist`, { headers: ADMIN }))).json()) as WaitlistView;
const entryOf = async (who: Holder) =>
  (await list()).entries.find((e) => e.email === who.email) as WaitlistEntryView & { workshopTitle?: string };
const openOffers = async () => (await list()).entries.flatMap((e) => e.offers).filter((o) => o.state === 'open');

/** An offer's page path (the e-mail's link). */
const offerPath = async (offerId: string) =>
  `/waitlist/offer/${offerId}/${await waitlistOfferToken(ticketKey(env), offerId)}`;
const form = (path: string) =>
  callWorker(new Request(`${ORIGIN}${path}`, { method: 'POST', redirect: 'manual', headers: { Origin: ORIGIN } }));

/** promptLab with one seat left, taken by `first`: the workshop is full. */
async function fullWith(first: Holder) {
  await seatedOthers(BASIC, 24);
  expect((await register(BASIC, first)).status).toBe(201);
}

/** Holders of `products` in turn, each put on the basic workshop's waiting list (201). */
async function waitingHolders<Products extends string[]>(
  ...products: Products
): Promise<{ [K in keyof Products]: Holder }> {
  const waiting: Holder[] = [];
  for (const product of products) waiting.push(await holder(product));
  for (const who of waiting) expect((await join(BASIC, who)).status).toBe(201);
  return waiting as { [K in keyof Products]: Holder };
}

describe('joining a full workshop’s list', () => {
  it('takes an eligible holder without a double opt-in, once, and refuses the others for the registration’s reasons', async () => {
    setClock(DURING_PROMOTION);
    const seated = await holder('onsite-vip');
    await fullWith(seated);
    const vip = await holder('onsite-vip');
    const joined = await join(BASIC, vip);
    expect(joined.status).toBe(201);
    expect(await joined.json()).toEqual({ workshop: BASIC, state: 'waiting', position: 1 });
    const again = await join(BASIC, { ...vip, email: vip.email.toUpperCase() });
    expect(again.status).toBe(200);
    const entry = await entryOf(vip);
    expect(entry).toMatchObject({ workshop: BASIC, state: 'waiting', position: 1, lang: 'en-GB', offers: [] });
    expect(entry.workshopTitle).toBeTruthy();
    expect((await list()).entries).toHaveLength(1);

    const standard = await holder('onsite-standard');
    expect(await (await join(BASIC, standard)).json()).toEqual({ error: 'ticket_not_eligible' });
    const online = await holder('online-vip');
    const onlineAnswer = await join(BASIC, online);
    expect(onlineAnswer.status).toBe(403);
    expect(await onlineAnswer.json()).toMatchObject({ error: 'online_ticket' });
    await seatedOthers(ADVANCED, 20);
    const pro = await holder('onsite-pro');
    const proAdvanced = await join(ADVANCED, pro);
    expect(proAdvanced.status).toBe(403);
    expect(await proAdvanced.json()).toEqual({ error: 'ticket_not_eligible' });
    expect((await join(BASIC, { ...vip, email: 'someone@example.com' })).status).toBe(404);
    const already = await join(BASIC, seated);
    expect(already.status).toBe(409);
    expect(await already.json()).toEqual({ error: 'already_registered' });
    const open = await join('aiRoadmap', vip);
    expect(open.status).toBe(409);
    expect(await open.json()).toEqual({ error: 'seats_left', seatsLeft: 30 });
    expect((await list()).entries).toHaveLength(1);
  });
});

describe('a seat that comes back', () => {
  it('is offered once, held against a burst of registrations, passed on at expiry and at decline, then taken', async () => {
    setClock(DURING_PROMOTION);
    const start = Date.now();
    const seated = await holder('onsite-vip');
    await fullWith(seated);
    const [b, c, d] = await waitingHolders('onsite-vip', 'onsite-pro', 'onsite-vip');
    const others = await Promise.all(Array.from({ length: 6 }, () => holder('onsite-vip')));

    // The holder gives the seat up: exactly one offer, to the first in the queue, however often the rule runs.
    expect((await release(BASIC, seated)).status).toBe(200);
    expect(await seats(BASIC)).toBe(24);
    await office().offerWaitlistPlaces(Date.now());
    await runAlarm();
    let offers = await openOffers();
    expect(offers).toHaveLength(1);
    expect((await entryOf(b)).state).toBe('offered');
    expect((await entryOf(c)).position).toBe(1);

    // While the offer holds the seat, nobody else registers into it.
    const burst = await Promise.all(others.map((who) => register(BASIC, who)));
    expect(burst.map((r) => r.status)).toEqual(others.map(() => 409));
    expect(await seats(BASIC)).toBe(24);

    // The offer e-mail: the workshop's title, a link to take and one to decline.
    const mail = await compose(env, { kind: 'waitlist_offer', subjectId: offers[0]?.id as string, data: null });
    expect(mail.to).toBe(b.email);
    expect(mail.text).toContain(await offerPath(offers[0]?.id as string));
    expect(mail.text).toContain('?decline=1');

    // It runs out after the offer period (24 hours), not a second before, and passes on.
    setClock(new Date(start + 24 * HOUR - 1000).toISOString());
    await runAlarm();
    expect((await openOffers()).map((o) => o.id)).toEqual([offers[0]?.id]);
    setClock(new Date(start + 24 * HOUR).toISOString());
    await runAlarm();
    expect((await entryOf(b)).state).toBe('expired');
    offers = await openOffers();
    expect(offers).toHaveLength(1);
    expect((await entryOf(c)).state).toBe('offered');

    // Declined on its page: the next person gets it.
    const declined = await form(`${await offerPath(offers[0]?.id as string)}/decline?lang=pl`);
    expect(declined.status).toBe(303);
    expect((await entryOf(c)).state).toBe('declined');
    offers = await openOffers();
    expect(offers).toHaveLength(1);
    expect((await entryOf(d)).state).toBe('offered');

    // Taken on its page: the seat is the holder's, confirmed by the workshop e-mail.
    const path = await offerPath(offers[0]?.id as string);
    const page = await callWorker(new Request(`${ORIGIN}${path}?lang=en-GB`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${path}/take?lang=en`);
    const taken = await form(`${path}/take?lang=en`);
    expect(taken.status).toBe(303);
    expect(await seats(BASIC)).toBe(25);
    expect(await openOffers()).toEqual([]);
    expect(await entryOf(d)).toMatchObject({ state: 'bought', offers: [{ state: 'bought', orderId: d.orderId }] });
    expect((await office().registrations(d.orderId)).map((s) => s.workshopId)).toEqual([BASIC]);
    expect((await office().emails(d.orderId)).map((e) => e.kind)).toContain('workshop');
    // Taking it twice changes nothing; three offers in all, one per time the seat came back.
    expect((await form(`${path}/take?lang=en`)).status).toBe(303);
    expect(await seats(BASIC)).toBe(25);
    const offerMails = await runInDurableObject(
      office(),
      (_, state) =>
        state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM emails WHERE kind = 'waitlist_offer'").one().n,
    );
    expect(offerMails).toBe(3);
  });

  it('comes back with a refunded ticket, goes past a holder whose ticket is gone, and seats added are offered at once', async () => {
    setClock(DURING_PROMOTION);
    const seated = await holder('onsite-vip');
    await fullWith(seated);
    const [b, c, e] = await waitingHolders('onsite-vip', 'onsite-vip', 'onsite-pro');
    // b's own ticket is refunded while waiting: b leaves the list, nothing is offered yet.
    await office().settle(b.orderId, 'refunded', Date.now(), { by: 'test' });
    expect((await entryOf(b)).state).toBe('removed');
    expect(await openOffers()).toEqual([]);
    // The seated ticket is refunded: its seat goes to c.
    await office().settle(seated.orderId, 'refunded', Date.now(), { by: 'test' });
    expect((await openOffers()).length).toBe(1);
    expect((await entryOf(c)).state).toBe('offered');
    // Organisers add a seat: e gets an offer at once, one more, not two.
    await office().workshopsPublished([{ workshopId: BASIC, level: 'basic', capacity: 26 }], Date.now());
    await office().workshopsPublished([{ workshopId: BASIC, level: 'basic', capacity: 26 }], Date.now());
    expect((await openOffers()).length).toBe(2);
    expect((await entryOf(e)).state).toBe('offered');
    // A registration of e takes the seat e's offer holds.
    expect((await register(BASIC, e)).status).toBe(201);
    expect((await entryOf(e)).state).toBe('bought');
    expect(await seats(BASIC)).toBe(25);
  });
});
