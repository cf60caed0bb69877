import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '../../site/order-view';
import { ticketPageHref } from '../../site/pages';
import { qrMatrix } from '../../site/qr';
import { EVENT_ENDS, EVENT_STARTS, type ProductId } from '../../site/tickets';
import type { ContentFields } from '../../worker/content/schema';
import { getRecord, publishNow, saveDraft } from '../../worker/content/store';
import { ticketCode, ticketKey } from '../../worker/tickets/code';
import { ticketLinkSecret } from '../../worker/tickets/page-link';
import { consentJson } from '../support/consent';
import { vevents } from '../support/ics';
import { qrPngModules } from '../support/qr-png';
import { freshBoxOfficeEachTest, office, setClock } from './box-office';
import { buyAndPay } from './buyer';
import { clearContentStore } from './content-store';
import { ORIGIN, visit } from './platform';

let buyer = 0;
/** A paid order of two on-site tickets, the second for another holder with an e-mail. */
const paidOrder = () =>
  buyAndPay(
    {
      email: 'buyer@example.com',
      lang: 'pl',
      items: [
        { product: 'onsite-pro', name: 'Ada Lovelace' },
        { product: 'onsite-pro', name: 'Grace Hopper', email: 'grace@example.com' },
      ],
    },
    `198.51.100.${++buyer % 250}`,
  );

const pageOf = (view: OrderView, position = 1) => {
  const page = view.tickets.find((t) => t.position === position)?.page;
  if (!page) throw new Error('no ticket page');
  return page;
};

const keyOf = (page: string) => new URL(page, ORIGIN).searchParams.get('key') ?? '';

/** `paidOrder` with its first ticket and that ticket's page key. */
async function paidOrderFirstTicket() {
  const { view } = await paidOrder();
  const ticket = view.tickets[0];
  if (!ticket) throw new Error('no ticket');
  return { view, ticket, key: keyOf(pageOf(view, 1)) };
}

/** Stars a session through the page's form, as a browser without script sends it. */
const star = (ticketId: string, key: string, session: string, starred: boolean) =>
  SELF.fetch(`${ORIGIN}/api/tickets/${ticketId}/agenda?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
    body: new URLSearchParams({ session, starred: starred ? '1' : '0', lang: 'pl' }),
    redirect: 'manual',
  });

freshBoxOfficeEachTest();
beforeEach(() => clearContentStore());

describe("a ticket's own page", () => {
  it("names each paid ticket's page in the buyer's order view, behind that ticket's own secret", async () => {
    const { view } = await paidOrder();
    expect(view.tickets).toHaveLength(2);
    const key = ticketKey(env);
    const order = await office().order(view.id);
    for (const ticket of view.tickets) {
      const stored = order?.tickets.find((t) => t.id === ticket.id);
      if (!stored) throw new Error('no ticket');
      expect(ticket.page).toBe(ticketPageHref('pl', ticket.id, await ticketLinkSecret(key, stored)));
      expect(ticket.page).toMatch(/^\/pl\/bilet\?ticket=[0-9A-Z]{26}&key=[\w-]{32}$/);
    }
    expect(pageOf(view, 1)).not.toBe(pageOf(view, 2));
  });

  it('names no page for a ticket of an order that is not paid yet', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/purchase/onsite-pro`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.251' },
      body: consentJson({ email: 'pending@example.com', lang: 'pl' }),
    });
    const { url, orderId } = (await res.json()) as { url: string; orderId: string };
    const token = new URL(url).searchParams.get('token') ?? '';
    const view = (await (
      await SELF.fetch(`${ORIGIN}/api/orders/${orderId}?token=${encodeURIComponent(token)}`)
    ).json()) as OrderView;
    expect(view.tickets.map((t) => t.page)).toEqual([null]);
  });

  it('shows the holder, the QR code of the current code, the plan and the programme, and is never cached', async () => {
    const { view } = await paidOrder();
    const res = await visit(`${ORIGIN}${pageOf(view, 2)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Referrer-Policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('Grace Hopper');
    expect(html).not.toContain('Ada Lovelace');
    const code = view.tickets[1]?.code ?? '';
    expect(html).toContain(`Kod QR biletu ${code}`);
    // Its current signed code, as the order page draws it: a pixel per module.
    const src =
      html.match(new RegExp(`<img [^>]*alt="Kod QR biletu ${code}"[^>]*>`))?.[0].match(/src="([^"]+)"/)?.[1] ?? '';
    expect(qrPngModules(src)).toEqual(qrMatrix(view.tickets[1]?.qrCode ?? ''));
    // The plan (site/access.ts: on-site Pro) and the programme (the published examples).
    expect(html).toContain('Co obejmuje Twój bilet');
    expect(html).toContain('Miejsce na warsztatach na sali');
    expect(html).toMatch(/<form [^>]*action="\/api\/tickets\/[0-9A-Z]{26}\/agenda\?key=[\w-]{32}" method="post">/);
    expect(html).toContain('webcal://kongres.test/api/tickets/');
    // Nothing is laid over it: no welcome popup, no development notice.
    expect(html).not.toContain('class="welcome"');
  });

  it('answers a foreign, a malformed or a missing link with the 404 page and nothing of the ticket', async () => {
    const { view } = await paidOrder();
    const first = view.tickets[0];
    const second = view.tickets[1];
    if (!first || !second) throw new Error('two tickets');
    const foreign = ticketPageHref('pl', first.id, keyOf(pageOf(view, 2)));
    const cases = [
      foreign,
      ticketPageHref('pl', first.id, `${keyOf(pageOf(view, 1)).slice(0, -1)}A`),
      ticketPageHref('pl', first.id, 'short'),
      ticketPageHref('pl', 'not-an-id', keyOf(pageOf(view, 1))),
      `/pl/bilet?ticket=${first.id}`,
      '/pl/bilet',
    ];
    for (const path of cases) {
      const res = await visit(`${ORIGIN}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).not.toContain(first.code ?? '-');
      expect(html, path).not.toContain('Ada Lovelace');
      expect(html, path).not.toContain('ticket-card__qr');
    }
  });

  it("stops the old link once the ticket is given to someone else, and the new holder's link opens it", async () => {
    const { orderId, token, view } = await paidOrder();
    const ticket = view.tickets[0];
    if (!ticket) throw new Error('no ticket');
    const old = pageOf(view, 1);
    expect((await visit(`${ORIGIN}${old}`)).status).toBe(200);
    expect((await star(ticket.id, keyOf(old), 'aiStrategy', true)).status).toBe(303);
    const changed = await SELF.fetch(
      `${ORIGIN}/api/orders/${orderId}/tickets/${ticket.id}?token=${encodeURIComponent(token)}`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ name: 'Katherine Johnson', email: 'katherine@example.com' }),
      },
    );
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as OrderView;
    const fresh = pageOf(after, 1);
    expect(fresh).not.toBe(old);
    const gone = await visit(`${ORIGIN}${old}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('Katherine Johnson');
    // The old link can neither read nor change the agenda any more.
    expect((await SELF.fetch(`${ORIGIN}/api/tickets/${ticket.id}/agenda.ics?key=${keyOf(old)}`)).status).toBe(404);
    expect((await star(ticket.id, keyOf(old), 'llmInProduction', true)).status).toBe(404);
    const page = await visit(`${ORIGIN}${fresh}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Katherine Johnson');
    // The new holder starts with an agenda of their own: the previous holder's star is not theirs.
    expect(html).toContain('W Twojej agendzie jest 0 sesji.');
  });

  it("answers a cancelled order's ticket links with 404", async () => {
    const { orderId, token, view } = await paidOrder();
    const cancel = await SELF.fetch(`${ORIGIN}/api/orders/${orderId}/cancel?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { Origin: ORIGIN },
    });
    expect(cancel.status).toBe(200);
    expect((await visit(`${ORIGIN}${pageOf(view, 1)}`)).status).toBe(404);
  });
});

/** SHA-256 of an inline block as a CSP source. */
const cspSource = async (body: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
};

/** A page's inline style blocks and inline scripts, each with the sources its CSP allows for them. */
async function inlineParts(res: Response) {
  const html = await res.text();
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  const directive = (name: string) =>
    (csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '').trim().split(/\s+/).slice(1);
  const styles = [...html.matchAll(/<style(?: data-lean)?>([\s\S]*?)<\/style>/g)].map(([, body]) => body ?? '');
  const scripts = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([tag]) => !tag.includes('application/ld+json') && !tag.includes(' src='))
    .map(([, body]) => body ?? '');
  return {
    html,
    csp,
    styles,
    styleHashes: await Promise.all(styles.map(cspSource)),
    scriptHashes: await Promise.all(scripts.map(cspSource)),
    styleSrc: directive('style-src'),
    scriptSrc: directive('script-src'),
  };
}

describe("the ticket page's first-screen CSS (scripts/prerender.ts, laid out with samples of what the worker writes)", () => {
  it('a real ticket page carries the inline block, and its CSP allows exactly that block and its inline scripts', async () => {
    const { view } = await paidOrder();
    const res = await visit(`${ORIGIN}${pageOf(view, 1)}`);
    expect(res.status).toBe(200);
    const { html, csp, styles, styleHashes, scriptHashes, styleSrc, scriptSrc } = await inlineParts(res);
    expect(html).toContain('Ada Lovelace');
    expect(styles).toHaveLength(1);
    // The ticket card's rules are there: the sample's ticket is drawn in the first screen.
    expect(styles[0]).toContain('.ticket-card');
    expect(styleSrc).toEqual(["'self'", ...styleHashes]);
    for (const hash of scriptHashes) expect(scriptSrc).toContain(hash);
    // One CSP, the family's, not the site-wide one beside it.
    expect(csp).not.toContain(',');
    expect(html).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/index-[\w-]+\.css"><\/noscript>/);
  });

  it('is first drawn once the ticket and what it gives are parsed, before the whole programme (site/pages.ts firstFrameAt)', async () => {
    const { view } = await paidOrder();
    const html = await (await visit(`${ORIGIN}${pageOf(view, 1)}`)).text();
    const target = html.match(/<link rel="expect" href="#([\w-]+)" blocking="render"/)?.[1] ?? '';
    expect(target).toBe('ticket-agenda');
    const at = html.indexOf(` id="${target}"`);
    expect(at).toBeGreaterThan(html.indexOf('class="ticket-card'));
    expect(at).toBeLessThan(html.indexOf('<footer'));
  });

  it("a ticket link that opens nothing is the 404 page with the 404 page's own block and CSP", async () => {
    const res = await visit(`${ORIGIN}/pl/bilet?ticket=01JSAMP1E0000000000000000X&key=${'A'.repeat(32)}`);
    expect(res.status).toBe(404);
    const { styles, styleHashes, scriptHashes, styleSrc, scriptSrc } = await inlineParts(res);
    expect(styles).toHaveLength(1);
    expect(styleSrc).toEqual(["'self'", ...styleHashes]);
    for (const hash of scriptHashes) expect(scriptSrc).toContain(hash);
  });
});

describe("a ticket holder's agenda", () => {
  it('keeps the stars with the ticket: the form answers 303 back to the page, which marks them', async () => {
    const { view, ticket, key } = await paidOrderFirstTicket();
    const res = await star(ticket.id, key, 'llmInProduction', true);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${ticketPageHref('pl', ticket.id, key)}#session-llmInProduction`);
    // Asked twice, one star.
    await star(ticket.id, key, 'llmInProduction', true);
    expect(await office().agenda(ticket.id)).toEqual(['llmInProduction']);
    const html = await (await visit(`${ORIGIN}${pageOf(view, 1)}`)).text();
    expect(html).toContain('W Twojej agendzie jest 1 sesja.');
    expect(html).toMatch(/id="session-llmInProduction" class="agenda__item agenda__item--starred"/);
    // The other ticket of the order has its own, empty agenda.
    expect(await office().agenda(view.tickets[1]?.id ?? '')).toEqual([]);
    expect((await star(ticket.id, key, 'llmInProduction', false)).status).toBe(303);
    expect(await office().agenda(ticket.id)).toEqual([]);
  });

  it('refuses a star for a session that is not published, and a form from another site', async () => {
    const { ticket, key } = await paidOrderFirstTicket();
    const unknown = await star(ticket.id, key, 'noSuchSession', true);
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ error: 'invalid_fields', fields: { session: 'unknown_session' } });
    const cross = await SELF.fetch(`${ORIGIN}/api/tickets/${ticket.id}/agenda?key=${key}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams({ session: 'aiStrategy', starred: '1' }),
    });
    expect(cross.status).toBe(403);
    expect(await office().agenda(ticket.id)).toEqual([]);
  });

  it("lists the holder's sessions in the calendar feed, which follows a later change of the programme", async () => {
    const { ticket, key } = await paidOrderFirstTicket();
    await star(ticket.id, key, 'llmInProduction', true);
    await star(ticket.id, key, 'aiStrategy', true);
    const feed = () => SELF.fetch(`${ORIGIN}/api/tickets/${ticket.id}/agenda.ics?key=${encodeURIComponent(key)}`);
    const res = await feed();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const before = vevents(await res.text());
    // In the programme's time order, each with the session's own file's UID.
    expect(before.map((e) => e.DTSTART)).toEqual(['20271023T100000', '20271023T113000']);
    expect(before.map((e) => e.UID)).toEqual([
      'ai-strategy-2027-10-23@kongres-ai.pl',
      'llm-in-production-2027-10-23@kongres-ai.pl',
    ]);

    // The organisers move the session and retitle it, and publish.
    const record = await getRecord(env.CONTENT_DB, 'sessions', 'llmInProduction');
    if (!record) throw new Error('no session');
    const fields = record.draft as ContentFields['sessions'];
    await saveDraft(env.CONTENT_DB, {
      kind: 'sessions',
      id: 'llmInProduction',
      fields: {
        ...fields,
        start: '15:00',
        end: '16:00',
        texts: { ...fields.texts, pl: { ...fields.texts.pl, title: 'LLM w produkcji – nowa godzina' } },
      },
      version: record.version,
      actor: 'test',
      now: Date.now(),
    });
    await publishNow(env.CONTENT_DB, { actor: 'test', now: Date.now() });
    const after = vevents(await (await feed()).text());
    expect(after.map((e) => e.DTSTART)).toEqual(['20271023T100000', '20271023T150000']);
    expect(after[1]?.SUMMARY).toContain('LLM w produkcji – nowa godzina');
  });

  it('answers the feed of a foreign key with 404', async () => {
    const { view } = await paidOrder();
    const first = view.tickets[0];
    if (!first) throw new Error('no ticket');
    const res = await SELF.fetch(`${ORIGIN}/api/tickets/${first.id}/agenda.ics?key=${keyOf(pageOf(view, 2))}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});

/** A paid one-ticket order of `product` with its holder's own page. */
async function paidTicketOf(product: ProductId) {
  buyer++;
  const res = await SELF.fetch(`${ORIGIN}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${buyer % 250}` },
    body: consentJson({ email: 'holder@example.com', lang: 'pl', items: [{ product, name: 'Ada Lovelace' }] }),
  });
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as { orderId: string };
  await office().settle(orderId, 'paid', Date.now(), { by: 'test' });
  const ticket = (await office().order(orderId))?.tickets[0];
  if (!ticket) throw new Error('no ticket');
  const secret = await ticketLinkSecret(ticketKey(env), ticket);
  return { ticketId: ticket.id, secret, page: `${ORIGIN}${ticketPageHref('pl', ticket.id, secret)}` };
}

const HOUR = 3_600_000;
const DURING_EVENT = new Date(Date.parse(EVENT_STARTS) + 2 * HOUR).toISOString();
const AFTER_EVENT = new Date(Date.parse(EVENT_ENDS) + 24 * HOUR).toISOString();
const certificateLink = (ticketId: string) =>
  new RegExp(`href="/api/tickets/${ticketId}/certificate\\.pdf\\?k=[\\w-]+"`);

describe("the ticket page's plan: one source with the online access (site/access.ts)", () => {
  it('shows the join link per track during the event for an online Premium ticket, in the page as served', async () => {
    const holder = await paidTicketOf('online-premium');
    setClock(DURING_EVENT);
    const html = await (await visit(holder.page)).text();
    expect(html).toContain('id="online-access-title"');
    const join = `/join/${holder.ticketId}?k=${holder.secret}`;
    expect(html).toContain(`href="${join}"`);
    expect(html).toContain(`href="${join}&amp;to=track%3Abusiness"`);
    expect(html).toContain(`href="${join}&amp;to=track%3Atechnology"`);
    // Premium takes part in the workshops online: their live links are listed during the event.
    expect(html).toContain('to=workshop%3A');
  });

  it('gives an on-site Standard ticket no join link, and says what it gives', async () => {
    const holder = await paidTicketOf('onsite-standard');
    setClock(DURING_EVENT);
    const html = await (await visit(holder.page)).text();
    expect(html).toContain('id="online-access-title"');
    expect(html).toContain('data-kind="venue"');
    expect(html).not.toContain('data-kind="stream"');
    expect(html).not.toContain('href="/join/');
  });

  it('says before the event when the stream opens, with no join link yet', async () => {
    const holder = await paidTicketOf('online-standard');
    const html = await (await visit(holder.page)).text();
    expect(html).toContain('online-access__item--upcoming" data-kind="stream"');
    expect(html).not.toContain('href="/join/');
  });
});

describe("the ticket page's certificate", () => {
  it('offers no certificate before the end of the event, even to a ticket that will qualify', async () => {
    const holder = await paidTicketOf('online-premium');
    setClock(DURING_EVENT);
    expect(
      (await SELF.fetch(`${ORIGIN}/join/${holder.ticketId}?k=${holder.secret}`, { redirect: 'manual' })).status,
    ).toBeLessThan(400);
    const html = await (await visit(holder.page)).text();
    expect(html).not.toContain('id="ticket-certificate"');
    expect(html).not.toMatch(certificateLink(holder.ticketId));
  });

  it('links the PDF after the event once the stream was opened during it, and the link downloads it', async () => {
    const holder = await paidTicketOf('online-premium');
    setClock(DURING_EVENT);
    await SELF.fetch(`${ORIGIN}/join/${holder.ticketId}?k=${holder.secret}`, { redirect: 'manual' });
    setClock(AFTER_EVENT);
    const html = await (await visit(holder.page)).text();
    expect(html).toContain('Certyfikat uczestnictwa');
    const href = html.match(certificateLink(holder.ticketId))?.[0].slice(6, -1).replaceAll('&amp;', '&');
    if (!href) throw new Error('no certificate link');
    const pdf = await SELF.fetch(`${ORIGIN}${href}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('says why not after the event for a ticket that did not attend, or whose certificate was withdrawn', async () => {
    const absent = await paidTicketOf('onsite-standard');
    const withdrawn = await paidTicketOf('online-vip');
    setClock(DURING_EVENT);
    await SELF.fetch(`${ORIGIN}/join/${withdrawn.ticketId}?k=${withdrawn.secret}`, { redirect: 'manual' });
    await office().decideCertificate(withdrawn.ticketId, false, 'test', 'shared the link', Date.now());
    setClock(AFTER_EVENT);
    const absentHtml = await (await visit(absent.page)).text();
    expect(absentHtml).toContain('Ten bilet nie ma certyfikatu: certyfikat dostają osoby');
    expect(absentHtml).not.toMatch(certificateLink(absent.ticketId));
    const withdrawnHtml = await (await visit(withdrawn.page)).text();
    expect(withdrawnHtml).toContain('Organizatorzy wycofali certyfikat tego biletu');
    expect(withdrawnHtml).not.toMatch(certificateLink(withdrawn.ticketId));
  });
});

// The code the page's QR carries is the ticket's current signed code.
it('draws the QR code of the signed code of the ticket', async () => {
  const { view } = await paidOrder();
  const stored = (await office().order(view.id))?.tickets[0];
  if (!stored) throw new Error('no ticket');
  expect(view.tickets[0]?.code).toBe(await ticketCode(ticketKey(env), stored));
});
