import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { SITE_ORIGIN } from '../../site/event';
import { WORKSHOPS } from '../../site/workshops';
import { orderPageUrl } from '../../worker/email/compose';
import type { Bindings } from '../../worker/env';
import { retryDelay } from '../../worker/queues/mail';
import { normaliseTicketCode, signedTicketCode, ticketCode, ticketKey } from '../../worker/tickets/code';
import { freshBoxOfficeEachTest, office } from './box-office';
import { type BoughtTicket, buyTicket } from './buyer';
import { clientIps } from './client-ip';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN, postJson } from './platform';

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const nextIp = clientIps(41);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };

const buy = (product: string, email = 'holder@example.com', lang = 'pl') =>
  buyTicket(product, { email, lang }, nextIp());

const pay = (orderId: string) => office().settle(orderId, 'paid', Date.now(), { by: 'test' });

const sent = () => vi.fn(async (_message: unknown) => ({ messageId: `msg-${crypto.randomUUID()}` }));

freshBoxOfficeEachTest({ silence: ['log'] });

describe('the ticket', () => {
  it('exists only once the order is paid, on the order page’s answer', async () => {
    const { orderId, token } = await buy('onsite-pro');
    const read = async () =>
      (await (await callWorker(new Request(`${ORIGIN}/api/orders/${orderId}?token=${token}`))).json()) as {
        status: string;
        tickets: { code: string | null }[];
      };
    expect(await read()).toMatchObject({ status: 'pending', tickets: [{ code: null }] });
    await pay(orderId);
    const paid = await read();
    const order = await office().order(orderId);
    expect(paid.tickets[0]?.code).toBe(
      await ticketCode(ticketKey(env), order?.tickets[0] as { id: string; code: string }),
    );
  });
});

describe('the confirmation e-mail', () => {
  it('is queued once per payment and sent once, even when its message is delivered twice', async () => {
    const { orderId } = await buy('online-premium', 'kupujacy@example.com', 'es');
    await pay(orderId);
    await pay(orderId);
    const emails = await office().emails(orderId);
    expect(emails.map((e) => e.kind)).toEqual(['confirmation']);
    const send = sent();
    const [email] = emails;
    const first = await consumeMail([email?.id ?? 0], send);
    expect(first.explicitAcks).toHaveLength(1);
    const second = await consumeMail([email?.id ?? 0], send);
    expect(second.explicitAcks).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
    const message = send.mock.calls[0]?.[0] as { to: string; subject: string; attachments: { filename: string }[] };
    expect(message.to).toBe('kupujacy@example.com');
    expect(message.subject).toMatch(/pedido/);
    expect(message.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/\.png$/),
      expect.stringMatching(/\.ics$/),
    ]);
    expect(await office().emails(orderId)).toMatchObject([{ kind: 'confirmation', status: 'sent' }]);
  });

  it('links to the order page with a token the order API takes', async () => {
    const { orderId } = await buy('online-standard');
    await pay(orderId);
    const send = sent();
    await consumeMail([(await office().emails(orderId))[0]?.id ?? 0], send);
    const { text } = (send.mock.calls[0]?.[0] ?? { text: '' }) as { text: string };
    const link = new URL(text.match(/https:\/\/\S+dziekujemy\S+/)?.[0] ?? '');
    const res = await callWorker(
      new Request(`${ORIGIN}/api/orders/${orderId}${link.search.replace(/^\?order=[^&]+&/, '?')}`),
    );
    expect(res.status).toBe(200);
  });

  it('links to the local server in a local run, and always to the site in production', async () => {
    const order = { id: '01JTESTORDER0000000000000', lang: 'de' as const };
    const local = { ...env, LOCAL_ORIGIN: 'http://127.0.0.1:8787' } as Bindings;
    expect(await orderPageUrl(local, order)).toMatch(/^http:\/\/127\.0\.0\.1:8787\/de\/kup-bilet\/dziekujemy\?order=/);
    const production = { ...local, ENVIRONMENT: 'production', TICKET_KEY: 'k'.repeat(32) } as Bindings;
    expect(await orderPageUrl(production, order)).toMatch(
      new RegExp(`^${SITE_ORIGIN}/de/kup-bilet/dziekujemy\\?order=`),
    );
  });

  it('is tried again with backoff while the binding fails, then marked failed after the dead letter', async () => {
    const { orderId } = await buy('online-standard');
    await pay(orderId);
    const id = (await office().emails(orderId))[0]?.id ?? 0;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.fn(async () => {
      throw new Error('Email Service unavailable');
    });
    const result = await consumeMail([id], failing);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`m${id}-0-1`]);
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([30, 60, 120, 240, 480, 480]);
    expect(await office().emails(orderId)).toMatchObject([{ status: 'queued' }]);
    await consumeMail([id], failing, { queue: 'congress-mail-dead' });
    expect(await office().emails(orderId)).toMatchObject([{ status: 'failed' }]);
    expect((await office().history(orderId)).map((e) => e.event)).toContain('email_failed');
    // An organiser's resend is a new e-mail, which can succeed.
    const resend = await callWorker(
      new Request(`${ORIGIN}/api/admin/orders/${orderId}/resend`, { method: 'POST', headers: ADMIN }),
    );
    expect(resend.status).toBe(202);
    const emails = await office().emails(orderId);
    expect(emails.map((e) => e.status)).toEqual(['failed', 'queued']);
    await consumeMail([emails[1]?.id ?? 0], sent());
    expect((await office().emails(orderId)).map((e) => e.status)).toEqual(['failed', 'sent']);
  });

  it('goes to the organisers for a new contact message, which is stored as before', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
        body: JSON.stringify({
          name: 'Jan',
          email: 'jan@example.com',
          subject: 'Stoisko',
          message: 'Ile kosztuje?',
          lang: 'de',
        }),
      }),
      { CONTACT_LIMITER: undefined as unknown as RateLimit },
    );
    const { id } = (await res.json()) as { id: string };
    const [email] = await office().emails(id);
    const send = sent();
    await consumeMail([email?.id ?? 0], send);
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      to: env.ORGANISERS_EMAIL,
      replyTo: 'jan@example.com',
      subject: expect.stringContaining('Stoisko'),
    });
  });
});

describe('check-in at the door', () => {
  const checkIn = (ticket: string, headers: Record<string, string> = ADMIN) =>
    callWorker(
      new Request(`${ORIGIN}/api/admin/check-in`, { method: 'POST', headers, body: JSON.stringify({ ticket }) }),
    );

  it('admits a paid ticket once, then answers 409 with when', async () => {
    const { orderId } = await buy('onsite-vip');
    await pay(orderId);
    const code = (
      await ticketCode(ticketKey(env), (await office().order(orderId))?.tickets[0] as { id: string; code: string })
    )
      .toLowerCase()
      .replaceAll('-', ' ');
    const first = await checkIn(code);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ product: 'onsite-vip', name: 'Ala Kot' });
    const again = await checkIn(code);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_checked_in', previous: { at: expect.any(String) } });
  });

  it("admits by the QR code's Ed25519-signed form, and the typed code of the same ticket is then already in", async () => {
    // Through the box office's decision (worker/box-office/check-in.ts) at the entrance, as the door
    // route calls it with the normalised code.
    const admit = async (code: string) => {
      const outcome = await office().scan(
        {
          canonical: normaliseTicketCode(code),
          given: code,
          list: 'entrance',
          direction: 'in',
          device: 'test-door',
          nonce: null,
          at: null,
          who: 'test',
        },
        ticketKey(env),
        Date.now(),
      );
      return outcome.kind === 'answer' ? outcome.answer.result : outcome.kind;
    };
    const { orderId } = await buy('onsite-vip');
    await pay(orderId);
    const ticket = (await office().order(orderId))?.tickets[0] as { id: string; code: string; product: string };
    const signed = await signedTicketCode(ticketKey(env), ticket);
    // A signature made by another key, or one symbol changed, is no ticket.
    expect(await admit(await signedTicketCode('another key', ticket))).toBe('unknown');
    expect(await admit(`${signed.slice(0, 40)}${signed[40] === '0' ? '1' : '0'}${signed.slice(41)}`)).toBe('unknown');
    expect(await admit(signed)).toBe('admitted');
    expect(await admit(await ticketCode(ticketKey(env), ticket))).toBe('already');
  });

  it('admits one of two doors that scan the same ticket at once', async () => {
    const { orderId } = await buy('onsite-standard');
    await pay(orderId);
    const code = await ticketCode(
      ticketKey(env),
      (await office().order(orderId))?.tickets[0] as { id: string; code: string },
    );
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => checkIn(code)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('answers 409 for an unpaid ticket, 404 for an unknown or forged one, and 401 without the token', async () => {
    const { orderId } = await buy('onsite-pro');
    const order = (await office().order(orderId))?.tickets[0] as { id: string; code: string };
    const code = await ticketCode(ticketKey(env), order);
    const unpaid = await checkIn(code);
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toMatchObject({ error: 'ticket_not_valid', reason: 'not_paid', status: 'pending' });
    await pay(orderId);
    expect((await checkIn(await ticketCode('another key', order))).status).toBe(404);
    expect((await checkIn('ABCD-EFGH-JKMN-PQRS-TVWX')).status).toBe(404);
    expect((await checkIn('nonsense')).status).toBe(404);
    expect((await checkIn(code, { 'Content-Type': 'application/json' })).status).toBe(401);
    expect((await checkIn(code)).status).toBe(200);
  });
});

describe('workshop seats', () => {
  const register = (workshop: string, body: { email: string; code: string }) =>
    postJson(`/api/workshops/${workshop}/registrations`, body, { ip: nextIp(), bindings: noLimit });

  it('never gives more seats than the card says under a burst', async () => {
    const workshop = WORKSHOPS.find((w) => w.id === 'ragAgents');
    const holders: BoughtTicket[] = [];
    for (let i = 0; i < (workshop?.capacity ?? 0) + 10; i++) {
      const bought = await buy('onsite-vip', `vip${i}@example.com`);
      await pay(bought.orderId);
      holders.push(bought);
    }
    const responses = await Promise.all(
      holders.map((h, i) => register('ragAgents', { email: `VIP${i}@example.com`, code: h.code.toLowerCase() })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(workshop?.capacity ?? 0);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(await responses.find((r) => r.status === 409)?.json()).toEqual({ error: 'workshop_full' });
  });

  it('lets Pro take a basic workshop but not an advanced one, and online tickets none', async () => {
    const pro = await buy('onsite-pro', 'pro@example.com');
    await pay(pro.orderId);
    expect((await register('ragAgents', { email: 'pro@example.com', code: pro.code })).status).toBe(403);
    const basic = await register('promptLab', { email: 'pro@example.com', code: pro.code });
    expect(basic.status).toBe(201);
    expect((await register('promptLab', { email: 'pro@example.com', code: pro.code })).status).toBe(409);
    expect((await office().registrations(pro.orderId)).map((seat) => seat.workshopId)).toEqual(['promptLab']);
    expect((await office().emails(pro.orderId)).map((e) => e.kind)).toEqual(['confirmation', 'workshop']);
    const online = await buy('online-vip', 'online@example.com');
    await pay(online.orderId);
    expect((await register('promptLab', { email: 'online@example.com', code: online.code })).status).toBe(403);
  });

  it('answers 404 for a wrong e-mail or code, and does not take an unpaid ticket', async () => {
    const vip = await buy('onsite-vip', 'v@example.com');
    expect((await register('promptLab', { email: 'v@example.com', code: vip.code })).status).toBe(403);
    await pay(vip.orderId);
    expect((await register('promptLab', { email: 'other@example.com', code: vip.code })).status).toBe(404);
    expect((await register('promptLab', { email: 'v@example.com', code: 'ZZZZ2222' })).status).toBe(404);
    expect((await register('nope', { email: 'v@example.com', code: vip.code })).status).toBe(404);
  });
});
