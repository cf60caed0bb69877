import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSettling, type KnownOrder } from '../../site/order-view';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { qrMatrix, qrSvg } from '../../site/qr';
import { EVENT_ENDS, HOLD_MINUTES } from '../../site/tickets';
import { sha256Hex } from '../../worker/crypto';
import { orderLinkToken, signedTicketCode, ticketKey } from '../../worker/tickets/code';
import { consentJson } from '../support/consent';
import { qrPngModules } from '../support/qr-png';
import { DURING_PROMOTION, office, placePaidOrder, resetBoxOffice, setClock } from './box-office';
import { clearKv } from './kv';
import { callWorker, ORIGIN, visit } from './platform';

let buyer = 0;
/** An order as the purchase dialog makes it, paid in the demo checkout unless `paid` is false. */
async function order({ paid = true } = {}) {
  buyer++;
  const res = await SELF.fetch(`${ORIGIN}/api/purchase/onsite-pro`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${buyer % 250}` },
    body: consentJson({ email: 'holder@example.com', lang: 'pl' }),
  });
  const { url, orderId } = (await res.json()) as { url: string; orderId: string };
  const token = new URL(url).searchParams.get('token') ?? '';
  if (paid) {
    const pay = await SELF.fetch(`${ORIGIN}/checkout/demo/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
  }
  return { orderId, token };
}

/** The QR image of an order's first ticket (of an id no ticket has, for an unknown order). */
const image = async (id: string, token: string) => {
  const ticket = (await office().order(id))?.tickets[0]?.id ?? '01ARZ3NDEKTSV4RRFFQ69G5FAV';
  return SELF.fetch(`${ORIGIN}/api/orders/${id}/tickets/${ticket}/qr.svg?token=${encodeURIComponent(token)}`);
};

beforeEach(async () => {
  await clearKv();
  await resetBoxOffice();
  setClock(DURING_PROMOTION);
});
afterEach(() => vi.useRealTimers());

const thanksPage = (id: string, token: string) =>
  visit(`${ORIGIN}/pl/kup-bilet/dziekujemy?order=${id}&token=${encodeURIComponent(token)}`);

/** The order island of a served thank-you page: its props (decoded as the browser reads them), start and HTML. */
function orderIsland(html: string) {
  const match = html.match(/<div class="island" data-island="order"([^>]*)>([\s\S]*?)<\/div><\/main>/);
  if (!match) throw new Error('no order island');
  const attributes = match[1] ?? '';
  const raw = attributes.match(/ data-props="([^"]*)"/)?.[1] ?? '{}';
  const decoded = raw
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return {
    props: JSON.parse(decoded) as { workshopTitles: Record<string, string>; known?: KnownOrder },
    start: attributes.match(/ data-start="([^"]*)"/)?.[1] ?? null,
    html: match[2] ?? '',
  };
}

describe('the thank-you page, as the worker serves it', () => {
  it("writes the paid order in: its state, ticket and QR image at first paint, and the island's props", async () => {
    const { orderId, token } = await order();
    const api = await (await SELF.fetch(`${ORIGIN}/api/orders/${orderId}?token=${encodeURIComponent(token)}`)).json();
    const res = await thanksPage(orderId, token);
    expect(res.status).toBe(200);
    // The buyer's own order: no cache keeps it, and no validator of the built page is sent.
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'sha256-");
    const island = orderIsland(await res.text());
    const known = island.props.known;
    if (known?.kind !== 'loaded') throw new Error(`the page has no order: ${JSON.stringify(known)}`);
    // The API's answer, but for the e-mail's delivery, which may have moved on meanwhile.
    const [{ code, qrCode }] = (api as { tickets: [{ code: string; qrCode: string }] }).tickets;
    // The QR code carries the Ed25519-signed form, which any door checks offline; the typed code is the text.
    const ticket = (await office().order(orderId))?.tickets[0] as { code: string; product: string };
    expect(qrCode).toBe(await signedTicketCode(ticketKey(env), ticket));
    expect(known).toEqual({
      kind: 'loaded',
      // Without what the QR code encodes: the image says it, and the island never reads it.
      order: {
        ...(api as object),
        emails: known.order.emails,
        tickets: (api as { tickets: object[] }).tickets.map((t) => ({ ...t, qrCode: null })),
      },
      // The QR image is in the island's markup only, not again in its props (the browser takes it from there).
      qr: {},
      // No invoice asked for: no documents to link; a card order has no pro-forma.
      links: { invoices: {}, proforma: null },
    });
    expect(known.order.emails.map((e) => e.kind)).toEqual(['confirmation']);
    expect(Object.keys(island.props.workshopTitles)).toHaveLength(3);
    expect(island.html).toContain('Opłacone');
    expect(island.html).toContain(`>${code}<`);
    // The QR code is in the page itself: no request of its own holds up the largest paint. A PNG of
    // one pixel per module, whose modules are the signed code's, as a door's scanner reads them.
    const src = island.html.match(/<img src="data:image\/png;base64,([^"]+)"/)?.[1] ?? '';
    expect(qrPngModules(src)).toEqual(qrMatrix(qrCode));
    // While its confirmation e-mail is on its way, the island starts at load and asks until it is sent.
    expect(island.start).toBe(isSettling(known.order) ? 'at-load' : null);
  });

  it("carries each ticket's QR code once: in its card, not again in the island's props", async () => {
    // An order of three tickets, each with a code of its own (the page is judged at three: docs/performance.md).
    const bought = await placePaidOrder(
      (['onsite-pro', 'onsite-pro', 'online-vip'] as const).map((product, i) => ({ product, name: `Osoba ${i + 1}` })),
      {
        id: '01KQRONCE00000000000000000',
        email: 'team@example.com',
        lang: 'pl',
        tokenHash: await sha256Hex('order-secret'),
        fingerprint: 'qr-once',
      },
    );
    const api = (await (await SELF.fetch(`${ORIGIN}/api/orders/${bought.id}?token=order-secret`)).json()) as {
      tickets: { id: string; qrCode: string }[];
    };
    expect(api.tickets).toHaveLength(3);
    const page = await (await thanksPage(bought.id, 'order-secret')).text();
    const island = orderIsland(page);
    // The island as served, its props attribute included (the head's icon is a data URL of its own).
    const served = page.slice(page.indexOf('<div class="island" data-island="order"'), page.indexOf('</main>'));
    const images = [...served.matchAll(/data:image\/[^"&]+/g)].map(([url]) => url);
    // One image a ticket, each that ticket's, and none twice.
    expect(images).toHaveLength(3);
    expect(new Set(images).size).toBe(3);
    expect(images.map((url) => qrPngModules(url.replace(/^data:image\/png;base64,/, '')))).toEqual(
      api.tickets.map((ticket) => qrMatrix(ticket.qrCode)),
    );
    expect(island.props.known).toMatchObject({ kind: 'loaded', qr: {} });
    expect(JSON.stringify(island.props)).not.toContain('data:image');
    for (const ticket of api.tickets) expect(JSON.stringify(island.props)).not.toContain(ticket.qrCode);
  });

  it('serves the invoice form when asked for it (or after its sending failed), a button that asks for it otherwise', async () => {
    const { orderId, token } = await order();
    const served = orderIsland(await (await thanksPage(orderId, token)).text());
    expect(served.html).toContain('Faktura do tego zamówienia');
    // The country list alone is 2.7 KB of gzip: not in the page as first served.
    expect(served.html).not.toContain('name="invoice.country"');
    // A GET of this page with the form: the order's secret as it came, and `invoice=form`.
    const ask = served.html.match(/<form action="([^"]+)" method="get">([\s\S]*?)<\/form>/);
    expect(ask?.[1]).toBe('/pl/kup-bilet/dziekujemy#invoice-request-title');
    expect(ask?.[2]).toContain(`<input type="hidden" name="order" value="${orderId}"/>`);
    expect(ask?.[2]).toContain(`<input type="hidden" name="token" value="${token}"/>`);
    expect(ask?.[2]).toMatch(/<button type="submit" value="form"[^>]* name="invoice">Podaj dane do faktury</);
    expect(served.props).not.toHaveProperty('invoiceForm');

    const asked = orderIsland(
      await (
        await visit(
          `${ORIGIN}/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}&invoice=form`,
        )
      ).text(),
    );
    expect(asked.html).toContain('name="invoice.country"');
    expect(asked.html).toContain('<option value="PL" selected="">Polska</option>');
    expect(asked.html).not.toContain('value="form"');
    expect(asked.props).toMatchObject({ invoiceForm: true });

    const refused = orderIsland(
      await (
        await visit(
          `${ORIGIN}/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}&done=invoice.postalCode.invalid_postal_code`,
        )
      ).text(),
    );
    expect(refused.html).toContain('name="invoice.postalCode"');
  });

  it('a pending order is watched from load; one that expired unpaid is shown as it is, with no script', async () => {
    const { orderId, token } = await order({ paid: false });
    const pending = orderIsland(await (await thanksPage(orderId, token)).text());
    expect(pending.html).toContain('Oczekuje na płatność');
    expect(pending.html).not.toContain('ticket-card');
    expect(pending.start).toBe('at-load');

    await office().expireHolds(Date.parse(DURING_PROMOTION) + (HOLD_MINUTES + 1) * 60_000);
    const expired = orderIsland(await (await thanksPage(orderId, token)).text());
    expect(expired.props.known).toMatchObject({ kind: 'loaded', order: { status: 'expired' } });
    expect(expired.start).toBeNull();
  });

  it.each([
    ['a wrong secret', async () => ({ ...(await order()), token: 'wrong' })],
    ['no query', async () => ({ orderId: '', token: '' })],
  ])('says "not found" for %s, with no script', async (_, made) => {
    const { orderId, token } = await made();
    const island = orderIsland(await (await thanksPage(orderId, token)).text());
    expect(island.props.known).toEqual({ kind: 'missing' });
    expect(island.html).toContain('Nie znaleźliśmy zamówienia');
    expect(island.start).toBeNull();
  });

  it('is served as built when the box office does not answer: the browser asks for the order itself', async () => {
    const { orderId, token } = await order();
    const broken = new Proxy({} as DurableObjectNamespace, {
      get: () => () => {
        throw new Error('box office unavailable');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await callWorker(
      new Request(`${ORIGIN}/pl/kup-bilet/dziekujemy?order=${orderId}&token=${encodeURIComponent(token)}`),
      { BOX_OFFICE: broken as never },
    );
    const island = orderIsland(await res.text());
    expect(island.props.known).toBeUndefined();
    expect(island.start).toBe('at-load');
    expect(island.html).toContain('Wczytywanie zamówienia');
  });
});

describe('GET /api/orders/:id/tickets/:ticketId/qr.svg', () => {
  it("draws the paid order's ticket as a QR image of its signed code, which a door checks offline", async () => {
    const { orderId, token } = await order();
    const ticket = (await office().order(orderId))?.tickets[0] as { code: string; product: string };
    const signed = await signedTicketCode(ticketKey(env), ticket);
    const res = await image(orderId, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain('sandbox');
    const svg = await res.text();
    // The same modules as the library draws for the code (and the e-mail's PNG, from site/qr.ts).
    const path = (markup: string) => markup.match(/ d="([^"]+)"/)?.[1];
    expect(path(svg)).toBe(path(qrSvg(signed)));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("opens with the signed link of the order's e-mails too", async () => {
    const { orderId } = await order();
    const link = await orderLinkToken(ticketKey(env), orderId);
    const res = await image(orderId, link);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<svg /);
  });

  it.each([
    ['a wrong secret', async () => ({ ...(await order()), token: 'wrong' })],
    ['no secret', async () => ({ ...(await order()), token: '' })],
    ['an unpaid order', () => order({ paid: false })],
    ['an unknown id', async () => ({ orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', token: 'x' })],
  ])('answers 404 for %s, as for any unknown order', async (_, made) => {
    const { orderId, token } = await made();
    const res = await image(orderId, token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});

describe('any stored string', () => {
  it('renders the whole page for an order stored with a lone surrogate in its invoice data', async () => {
    // The routes refuse such input now; an order stored before that rule must still render.
    const id = '01KSURROGATE0000000000000A';
    const made = await office().purchase({
      consent: { ...CONSENT_VERSIONS },
      id,
      items: [{ product: 'onsite-pro', name: 'Ala \uD83D' }],
      email: 'holder@example.com',
      name: 'Ala \uD83D',
      lang: 'pl',
      invoice: {
        name: 'ACME \uDC00 sp. z o.o.',
        taxId: '5260250274',
        street: 'ul. Długa 1',
        postalCode: '90-001',
        city: 'Łódź',
        country: 'PL',
      },
      provider: 'demo',
      tokenHash: await sha256Hex('the-secret'),
      fingerprint: 'f',
      now: Date.now(),
    });
    expect(made.kind).toBe('created');
    await office().settle(id, 'paid', Date.now(), { by: 'test' });
    const html = await (await thanksPage(id, 'the-secret')).text();
    expect(html).toContain(made.kind === 'created' ? made.order.code : '');
    expect(html).toContain('ACME \uFFFD sp. z o.o.');
    // The invoice data as an address block, the country named by the worker's own CLDR data.
    expect(html).toContain('NIP 5260250274\nul. Długa 1\n90-001 Łódź\nPolska</dd>');
    // The calendar's links come with the page (the island carries no calendar code): the venue for
    // an order on site, and the .ics file.
    expect(html).toMatch(/href="https:\/\/calendar\.google\.com\/calendar\/render\?[^"]*location=Atlas\+Arena/);
    expect(html).toMatch(/href="https:\/\/outlook\.live\.com\/[^"]*location=Atlas\+Arena/);
    expect(html).toContain('href="/api/calendar/pl/congress.ics"');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });
});

describe("the order page's certificates, after the event", () => {
  const AFTER_EVENT = new Date(Date.parse(EVENT_ENDS) + 24 * 3_600_000).toISOString();
  const zipLink = (id: string) => new RegExp(`href="(/api/orders/${id}/certificates\\.zip\\?token=[^"]+)"`);

  it('offers nothing before the end of the event', async () => {
    const { orderId, token } = await order();
    const html = await (await thanksPage(orderId, token)).text();
    expect(html).not.toContain('id="order-certificates"');
    expect(html).not.toMatch(zipLink(orderId));
  });

  it('links the ZIP in the page as served once a ticket qualifies, and the link downloads it', async () => {
    const { orderId, token } = await order();
    const ticketId = (await office().order(orderId))?.tickets[0]?.id ?? '';
    setClock(AFTER_EVENT);
    const none = await (await thanksPage(orderId, token)).text();
    expect(none).toContain('Żaden bilet tego zamówienia nie ma certyfikatu');
    expect(none).not.toMatch(zipLink(orderId));
    await office().decideCertificate(ticketId, true, 'test', 'attended, scanner down', Date.now());
    const html = await (await thanksPage(orderId, token)).text();
    const href = html.match(zipLink(orderId))?.[1]?.replaceAll('&amp;', '&');
    if (!href) throw new Error('no certificates link');
    const zip = await SELF.fetch(`${ORIGIN}${href}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
  });
});
