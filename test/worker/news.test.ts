import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { News, NewsAudience, NewsDetail } from '../../site/news';
import type { Order } from '../../site/orders';
import { ticketPageHref } from '../../site/pages';
import type { ProductId } from '../../site/tickets';
import type { Tx } from '../../worker/box-office/context';
import { NEWS_BATCH, NEWS_INTERVAL_MS } from '../../worker/box-office/news';
import { QUEUE_LEASE_MS } from '../../worker/box-office/outbox';
import { wakeUp } from '../../worker/box-office/wake-up';
import { sha256Hex } from '../../worker/crypto';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { ticketLinkSecret } from '../../worker/tickets/page-link';
import { freshBoxOfficeEachTest, office, placePaidOrder } from './box-office';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN } from './platform';

// News to ticket holders (issue 45): the audience is resolved once per message, one e-mail per
// address, handed to the outbox in batches by the alarm; each is sent once through the mail queue.

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  callWorker(
    new Request(`${ORIGIN}/api/admin/news${path}`, {
      method: init.method ?? 'GET',
      headers: ADMIN,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    }),
  );

const TEXTS = {
  pl: {
    subject: 'Zmiana sali',
    body: 'Warsztat przeniesiony do sali B.\n\nSzczegóły: https://kongres.test/pl/program',
  },
  de: { subject: 'Raumänderung', body: 'Der Workshop findet in Raum B statt.' },
};

let serial = 0;
/** A paid order of tickets (`holders[i]` the i-th ticket's e-mail, null for none), in a language. */
async function paidOrder(
  items: { product: ProductId; email?: string | null }[],
  { lang = 'pl', buyer }: { lang?: 'pl' | 'de' | 'es'; buyer?: string } = {},
): Promise<Order> {
  serial++;
  const id = `01KE${String(serial).padStart(22, '0')}`;
  return placePaidOrder(
    items.map((item, i) => ({
      product: item.product,
      name: `Osoba ${serial}-${i + 1}`,
      ...(item.email ? { email: item.email } : {}),
    })),
    {
      id,
      email: buyer ?? `kupujacy${serial}@example.com`,
      lang,
      tokenHash: await sha256Hex('secret'),
      fingerprint: `f${serial}`,
    },
  );
}

/** Creates a message for an audience and returns it. */
async function draft(audience: NewsAudience = {}): Promise<News> {
  const res = await api('', { method: 'POST', body: { texts: TEXTS, audience } });
  expect(res.status).toBe(201);
  return (await res.json()) as News;
}

const detail = async (id: string) => (await (await api(`/${id}`)).json()) as NewsDetail;

/** What the fake mail queue was handed, by e-mail id, in order. */
type Handed = { ids: number[]; drop: boolean };

/**
 * Runs the box office's alarm at the test's clock with a queue that records the news e-mails it is
 * handed (the orders' own confirmations are another test's concern).
 */
async function alarm(handed: Handed): Promise<void> {
  await runInDurableObject(office(), async (instance) => {
    const c = (instance as unknown as { c: Tx }).c;
    const queue = {
      sendBatch: async (messages: { body: { emailId: number } }[]) => {
        const news = messages
          .map((m) => m.body.emailId)
          .filter((id) =>
            c.sql.exec<{ kind: string }>('SELECT kind FROM emails WHERE id = ?', id).one().kind.startsWith('news'),
          );
        if (!handed.drop) handed.ids.push(...news);
      },
      send: async () => {},
    } as unknown as Queue;
    await wakeUp({ ...c, env: { ...c.env, MAIL_QUEUE: queue } }, Date.now());
  });
}

/** Delivers handed e-mails through the real consumer, 10 a batch as the queue does, to `send`. */
async function deliver(handed: Handed, send: ReturnType<typeof vi.fn>): Promise<void> {
  const ids = handed.ids.splice(0);
  for (let i = 0; i < ids.length; i += 10) {
    await consumeMail(ids.slice(i, i + 10), send as never);
  }
}

const sender = () => vi.fn(async (_message: unknown) => ({ messageId: `msg-${crypto.randomUUID()}` }));
const recipients = (send: ReturnType<typeof vi.fn>) =>
  send.mock.calls.map((call) => (call[0] as { to: string }).to).sort();

/** Runs the alarm and delivers until the message is sent and nothing waits, moving the clock a batch on each time. */
async function sendAll(id: string, send: ReturnType<typeof vi.fn>, handed: Handed = { ids: [], drop: false }) {
  for (let round = 0; round < 200; round++) {
    await alarm(handed);
    await deliver(handed, send);
    const { status, progress } = await detail(id);
    if (status !== 'sending' && progress.queued === 0) return;
    vi.setSystemTime(Date.now() + NEWS_INTERVAL_MS);
  }
  throw new Error('the send never finished');
}

freshBoxOfficeEachTest({ kv: false, silence: ['log'] });

describe('a send to 2,000 recipients', () => {
  it('makes exactly 2,000 e-mails, one per address, across a restart of the box office and a lost queue hand-over', {
    timeout: 180_000,
  }, async () => {
    // 100 orders of 20 tickets, each ticket with its own holder's address.
    for (let o = 0; o < 100; o++) {
      await paidOrder(
        Array.from({ length: 20 }, (_, i) => ({
          product: 'online-standard' as const,
          email: `h${o}-${i}@example.com`,
        })),
      );
    }
    // The orders' own e-mails (confirmations, tickets) went out long ago.
    await runInDurableObject(office(), (_instance, state) => {
      state.storage.sql.exec("UPDATE emails SET status = 'sent'");
    });
    const news = await draft();
    expect(((await (await api(`/${news.id}/send`, { method: 'POST', body: {} })).json()) as News).status).toBe(
      'sending',
    );
    const send = sender();
    const handed: Handed = { ids: [], drop: false };
    // Five batches go out and are delivered.
    for (let round = 0; round < 5; round++) {
      await alarm(handed);
      await deliver(handed, send);
      vi.setSystemTime(Date.now() + NEWS_INTERVAL_MS);
    }
    expect(send).toHaveBeenCalledTimes(5 * NEWS_BATCH);
    // The next batch reaches the queue, which loses it as the worker restarts; the box office restarts too.
    handed.drop = true;
    await alarm(handed);
    handed.drop = false;
    await runInDurableObject(office(), (_instance, state) => {
      state.abort('restart');
    }).catch(() => {});
    const middle = await detail(news.id);
    expect(middle.progress).toMatchObject({ recipients: 2000, sent: 5 * NEWS_BATCH, queued: NEWS_BATCH });
    // The lost batch's lease runs out: the alarm hands it over again, and the rest follows.
    vi.setSystemTime(Date.now() + QUEUE_LEASE_MS);
    await sendAll(news.id, send, handed);
    const to = recipients(send);
    expect(to).toHaveLength(2000);
    expect(new Set(to).size).toBe(2000);
    expect((await detail(news.id)).progress).toEqual({
      recipients: 2000,
      waiting: 0,
      queued: 0,
      sent: 2000,
      failed: 0,
      skipped: 0,
    });
    expect((await detail(news.id)).status).toBe('sent');
  });
});

describe('the audience', () => {
  it('gets nothing from a cancelled or refunded order, also when it is cancelled after the send began', async () => {
    await paidOrder([{ product: 'online-premium', email: 'paid@example.com' }]);
    const cancelled = await paidOrder([{ product: 'online-premium', email: 'cancelled@example.com' }]);
    await office().settle(cancelled.id, 'refunded', Date.now(), { by: 'test' });
    const late = await paidOrder([{ product: 'online-premium', email: 'late@example.com' }]);
    const news = await draft();
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    expect((await detail(news.id)).progress.recipients).toBe(2);
    // Refunded before its batch goes out: skipped.
    await office().settle(late.id, 'refunded', Date.now(), { by: 'test' });
    const send = sender();
    await sendAll(news.id, send);
    expect(recipients(send)).toEqual(['paid@example.com']);
    expect((await detail(news.id)).progress).toMatchObject({ sent: 1, skipped: 1 });
  });

  it('writes once to an address with several tickets, to the buyer for a ticket without a holder address, in the order’s language', async () => {
    await paidOrder(
      [
        { product: 'onsite-pro', email: 'Same@Example.com' },
        { product: 'onsite-pro', email: 'same@example.com' },
        { product: 'onsite-pro', email: null },
      ],
      { lang: 'de', buyer: 'einkauf@example.com' },
    );
    await paidOrder([{ product: 'online-vip', email: 'osoba@example.com' }], { lang: 'es' });
    const news = await draft();
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    const send = sender();
    await sendAll(news.id, send);
    const messages = send.mock.calls.map((call) => call[0] as { to: string; subject: string; html: string });
    expect(messages.map((m) => m.to).sort()).toEqual(['einkauf@example.com', 'osoba@example.com', 'same@example.com']);
    // German has its own text; Spanish falls back to Polish, inside the Spanish frame.
    const german = messages.find((m) => m.to === 'same@example.com');
    expect(german?.subject).toMatch(/Raum/);
    expect(german?.html).toContain('lang="de"');
    const spanish = messages.find((m) => m.to === 'osoba@example.com');
    expect(spanish?.subject).toBe('Zmiana sali');
    expect(spanish?.html).toContain('lang="es"');
    expect(spanish?.html).toContain('<a href="https://kongres.test/pl/program"');
  });

  it("links each holder's own ticket page under the text", async () => {
    const order = await paidOrder([{ product: 'online-premium', email: 'widz@example.com' }], { lang: 'de' });
    const ticket = order.tickets[0];
    if (!ticket) throw new Error('no ticket');
    const page = ticketPageHref('de', ticket.id, await ticketLinkSecret(ticketKey(env), ticket));
    const news = await draft();
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    const send = sender();
    await sendAll(news.id, send);
    const message = send.mock.calls.map((call) => call[0] as { to: string; html: string; text: string })[0];
    expect(message?.to).toBe('widz@example.com');
    expect(message?.html).toMatch(
      new RegExp(`<a href="https://[^/"]+${page.replaceAll('&', '&amp;').replace(/[?]/g, '\\?')}"`),
    );
    expect(message?.html).toContain('Ticketseite öffnen');
    expect(message?.text).toContain(`${page}`);
  });

  it('narrows by product, by mode, by check-in and by workshop seat', async () => {
    const onsite = await paidOrder([
      { product: 'onsite-pro', email: 'pro-in@example.com' },
      { product: 'onsite-pro', email: 'pro-out@example.com' },
      { product: 'onsite-vip', email: 'vip@example.com' },
    ]);
    await paidOrder([{ product: 'online-standard', email: 'online@example.com' }]);
    const [proIn, , vip] = onsite.tickets;
    // The door admits one ticket.
    const scanned = await callWorker(
      new Request(`${ORIGIN}/api/admin/check-in`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({ ticket: await ticketCode(ticketKey(env), proIn as { id: string; code: string }) }),
      }),
    );
    expect(scanned.status).toBe(200);
    const seat = await office().registerWorkshop({
      workshopId: 'ragAgents',
      level: 'advanced',
      capacity: 20,
      code: vip?.code as string,
      email: 'vip@example.com',
      now: Date.now(),
    });
    expect(seat.kind).toBe('registered');
    const size = async (audience: NewsAudience) =>
      ((await (await api('/audience', { method: 'POST', body: { audience } })).json()) as { recipients: number })
        .recipients;
    expect(await size({})).toBe(4);
    expect(await size({ mode: 'online' })).toBe(1);
    expect(await size({ mode: 'onsite' })).toBe(3);
    expect(await size({ products: ['onsite-pro'] })).toBe(2);
    expect(await size({ mode: 'onsite', checkedIn: true })).toBe(1);
    expect(await size({ mode: 'onsite', checkedIn: false })).toBe(2);
    expect(await size({ workshop: 'ragAgents' })).toBe(1);
    expect(await size({ products: ['online-standard'], mode: 'onsite' })).toBe(0);
    const news = await draft({ workshop: 'ragAgents' });
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    const send = sender();
    await sendAll(news.id, send);
    expect(recipients(send)).toEqual(['vip@example.com']);
  });
});

describe('scheduling', () => {
  it('waits for its time on the clock, then sends; cancelling a scheduled one makes it a draft again', async () => {
    await paidOrder([{ product: 'online-standard', email: 'kto@example.com' }]);
    const news = await draft();
    const at = new Date(Date.now() + 24 * 3600_000).toISOString();
    const scheduled = (await (await api(`/${news.id}/send`, { method: 'POST', body: { at } })).json()) as News;
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: at });
    const send = sender();
    const handed: Handed = { ids: [], drop: false };
    vi.setSystemTime(Date.parse(at) - 1000);
    await alarm(handed);
    await deliver(handed, send);
    expect(send).not.toHaveBeenCalled();
    expect((await detail(news.id)).status).toBe('scheduled');
    vi.setSystemTime(Date.parse(at));
    await sendAll(news.id, send);
    expect(recipients(send)).toEqual(['kto@example.com']);

    const other = await draft();
    await api(`/${other.id}/send`, { method: 'POST', body: { at: new Date(Date.now() + 3600_000).toISOString() } });
    const back = (await (await api(`/${other.id}/cancel`, { method: 'POST' })).json()) as News;
    expect(back).toMatchObject({ status: 'draft', sendAt: null });
  });

  it('refuses to change or send again a message that began sending (409 with its status)', async () => {
    const news = await draft();
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    const again = await api(`/${news.id}/send`, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'news_not_editable', status: 'sent' });
    const edit = await api(`/${news.id}`, { method: 'PUT', body: { texts: TEXTS, audience: {} } });
    expect(edit.status).toBe(409);
  });
});

describe('writing a message', () => {
  it('requires Polish, takes a translation whole or not at all, and refuses control characters in a subject', async () => {
    const bad = await api('', {
      method: 'POST',
      body: {
        texts: { pl: { subject: 'A\r\nBcc: x@example.com', body: '' }, de: { subject: 'Nur Betreff', body: '' } },
        audience: { mode: 'hall' },
      },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      'texts.pl.subject': 'invalid_characters',
      'texts.pl.body': 'required',
      'texts.de': 'incomplete_translation',
      'audience.mode': expect.any(String),
    });
    expect(((await (await api('')).json()) as { news: News[] }).news).toEqual([]);
  });

  it('previews the e-mail a language’s holders get and sends a test to the organisers’ address only', async () => {
    await paidOrder([{ product: 'online-standard', email: 'nie-teraz@example.com' }]);
    const news = await draft();
    const preview = (await (await api(`/${news.id}/preview`, { method: 'POST', body: { lang: 'de' } })).json()) as {
      subject: string;
      html: string;
    };
    expect(preview.subject).toBe('Raumänderung');
    expect(preview.html).toContain('Der Workshop findet in Raum B statt.');
    const test = await api(`/${news.id}/test`, { method: 'POST', body: { lang: 'en-GB' } });
    expect(test.status).toBe(202);
    const send = sender();
    const handed: Handed = { ids: [], drop: false };
    await alarm(handed);
    await deliver(handed, send);
    expect(send).toHaveBeenCalledTimes(1);
    const message = send.mock.calls[0]?.[0] as { to: string; subject: string; text: string };
    expect(message.to).toBe(env.ORGANISERS_EMAIL);
    // English has no text of its own: the Polish one, and the test says whose view it is.
    expect(message.subject).toBe('Zmiana sali');
    expect(message.text).toMatch(/^Test message/);
    expect((await detail(news.id)).status).toBe('draft');
  });

  it('encodes a subject with any characters as RFC 2047 words on one line', async () => {
    await paidOrder([{ product: 'online-standard', email: 'znaki@example.com' }]);
    const res = await api('', {
      method: 'POST',
      body: { texts: { pl: { subject: 'Żółć =?utf-8?b?x?= 🎉', body: 'Treść' } }, audience: {} },
    });
    const news = (await res.json()) as News;
    await api(`/${news.id}/send`, { method: 'POST', body: {} });
    const send = sender();
    await sendAll(news.id, send);
    const subject = (send.mock.calls[0]?.[0] as { subject: string } | undefined)?.subject;
    expect(subject).toMatch(/^=\?UTF-8\?Q\?/);
    expect(subject).not.toMatch(/[\r\n]/);
  });
});
