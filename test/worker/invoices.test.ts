import { SELF } from 'cloudflare:test';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type InvoiceData, type IssuedInvoice, type VatCheck, viesNumberOf } from '../../site/invoices';
import type { CartItem, Order } from '../../site/orders';
import { eventStartsAt } from '../../site/terms';
import { POLISH_COMPANY as COMPANY, GERMAN_COMPANY, PERSON } from '../support/invoice-data';
import { office, placePendingOrder, resetBoxOffice, setClock } from './box-office';
import { buy } from './buyer';
import { expectValidFa3, expectValidInvoices } from './fa3';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN } from './platform';

// Invoices issued by the box office (issue 31): on payment, in the payment's transaction, from a
// gap-free series per year; corrections of their own series when a paid order is refunded.

let sequence = 0;
const orderId = () => `01KINVOICE${String(++sequence).padStart(16, '0')}`;

/** VIES's confirmation of an EU business's number, as the purchase route gets it (worker/tax/vies.ts). */
const confirmed = (invoice: InvoiceData | undefined): VatCheck | undefined => {
  const number = viesNumberOf(invoice);
  if (!number) return undefined;
  const at = new Date(Date.now()).toISOString();
  return {
    ...number,
    status: 'valid',
    checkedAt: at,
    requestDate: at,
    requestIdentifier: 'TEST',
    name: null,
    address: null,
    error: null,
  };
};

async function placeOrder(items: CartItem[], invoice?: InvoiceData): Promise<Order> {
  const vatCheck = confirmed(invoice);
  return placePendingOrder(items, {
    id: orderId(),
    email: 'kupujacy@firma.pl',
    ...(invoice ? { invoice } : {}),
    ...(vatCheck ? { vatCheck } : {}),
  });
}

/** An instant inside the promotion, at midday in Warsaw (so its day is the same in UTC). */
const AT = '2027-03-15T11:00:00Z';

/** A cart bought through `POST /api/orders` (pending): its id and the buyer's token. */
const buyOverHttp = (items: CartItem[], invoice: InvoiceData | null) =>
  buy({ email: 'firma@example.com', lang: 'pl', items, ...(invoice ? { invoice } : {}) }, '203.0.113.9');

const pay = (id: string) => office().settle(id, 'paid', Date.now(), { by: 'test' });
const invoicesOf = (id: string) => office().invoices(id) as Promise<IssuedInvoice[]>;

beforeEach(async () => {
  setClock(AT);
  await resetBoxOffice();
});
afterEach(async () => {
  vi.useRealTimers();
  // Every invoice and correction a test made is a valid FA(3) document.
  await expectValidInvoices((await office().listInvoices({}, null, 1000)).invoices);
});

describe('an invoice issued on payment', () => {
  it('is an advance invoice (ZAL) numbered FV/<year>/00001, with one line per product and the buyer of the order', async () => {
    const order = await placeOrder(
      [
        { product: 'onsite-pro', name: 'Anna' },
        { product: 'onsite-pro', name: 'Bartek' },
        { product: 'online-premium' },
      ],
      COMPANY,
    );
    expect(await invoicesOf(order.id)).toEqual([]);
    await pay(order.id);
    const [invoice, ...more] = await invoicesOf(order.id);
    expect(more).toEqual([]);
    const year = AT.slice(0, 4);
    expect(invoice).toMatchObject({
      number: `FV/${year}/00001`,
      kind: 'ZAL',
      orderId: order.id,
      orderCode: order.code,
      issuedOn: AT.slice(0, 10),
      paidOn: AT.slice(0, 10),
      paymentMethod: 'card',
      buyerKind: 'pl_business',
      languages: 'pl',
      reverseCharge: false,
      correction: null,
      example: true,
      ksef: { status: 'waiting' },
      buyer: { name: COMPANY.name, taxId: '5260250274', city: 'Warszawa', country: 'PL' },
      seller: { taxId: '1234567890' },
    });
    expect(invoice?.lines).toEqual([
      expect.objectContaining({
        product: 'onsite-pro',
        quantity: 2,
        unitNet: 999_00,
        net: 1998_00,
        vatRate: 23,
        vat: 459_54,
      }),
      expect.objectContaining({ product: 'online-premium', quantity: 1, vatRate: 23 }),
    ]);
    expect(invoice?.lines[0]?.name.pl).toMatch(/Pro/);
    expect(invoice?.totals).toEqual({ net: order.net, vat: order.vat, gross: order.gross });
  });

  it('is not made for an order without invoice data', async () => {
    const order = await placeOrder([{ product: 'online-standard' }]);
    await pay(order.id);
    expect(await invoicesOf(order.id)).toEqual([]);
  });

  it('is made once, however often the payment is reported', async () => {
    const order = await placeOrder([{ product: 'online-standard' }], PERSON);
    await Promise.all([pay(order.id), pay(order.id), pay(order.id)]);
    const invoices = await invoicesOf(order.id);
    expect(invoices.map((i) => i.number)).toEqual([`FV/${AT.slice(0, 4)}/00001`]);
    expect(invoices[0]).toMatchObject({ buyerKind: 'person', buyer: { taxId: null } });
  });

  it('is a regular invoice (VAT) for a payment made once the congress has begun', async () => {
    setClock(new Date(eventStartsAt() + 60_000).toISOString());
    const order = await placeOrder([{ product: 'online-standard' }], COMPANY);
    await pay(order.id);
    expect((await invoicesOf(order.id))[0]?.kind).toBe('VAT');
  });

  it('charges an EU business net for an online plan (reverse charge) and 23% for an on-site ticket', async () => {
    const order = await placeOrder(
      [{ product: 'online-vip' }, { product: 'onsite-standard', name: 'Klaus' }],
      GERMAN_COMPANY,
    );
    const online = order.tickets.find((t) => t.product === 'online-vip');
    const onsite = order.tickets.find((t) => t.product === 'onsite-standard');
    expect(online).toMatchObject({ vat: 0 });
    expect(online?.gross).toBe(online?.net);
    expect(onsite?.vat).toBe(Math.round(((onsite?.net ?? 0) * 23) / 100));
    await pay(order.id);
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ buyerKind: 'eu_business', languages: 'pl+en', reverseCharge: true });
    expect(invoice?.lines.map((l) => [l.product, l.vatRate, l.vat])).toEqual([
      ['online-vip', 'np', 0],
      ['onsite-standard', 23, onsite?.vat],
    ]);
    expect(invoice?.totals.gross).toBe(order.gross);
  });

  it('numbers a burst of 200 paid orders 1..200, without a gap or a duplicate', async () => {
    const orders = [];
    for (let i = 0; i < 200; i++) orders.push(await placeOrder([{ product: 'online-standard' }], COMPANY));
    // Some orders without invoice data in between take no number.
    const plain = await Promise.all([1, 2, 3].map(() => placeOrder([{ product: 'online-standard' }])));
    await Promise.all([...orders, ...plain].map((order) => pay(order.id)));
    const numbers = (await Promise.all(orders.map((order) => invoicesOf(order.id)))).map((list) => {
      expect(list).toHaveLength(1);
      return Number(list[0]?.number.split('/')[2]);
    });
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const page = await office().listInvoices({}, null, 500);
    expect(page.invoices).toHaveLength(200);
    expect(new Set(page.invoices.map((i) => i.number)).size).toBe(200);
  });

  it('starts each calendar year at 00001', async () => {
    setClock('2026-12-31T22:30:00Z'); // 23:30 in Warsaw: still 2026
    const late = await placeOrder([{ product: 'online-standard' }], COMPANY);
    await pay(late.id);
    setClock('2026-12-31T23:30:00Z'); // 00:30 on 1 January in Warsaw
    const early = await placeOrder([{ product: 'online-standard' }], COMPANY);
    await pay(early.id);
    expect((await invoicesOf(late.id))[0]).toMatchObject({ number: 'FV/2026/00001', issuedOn: '2026-12-31' });
    expect((await invoicesOf(early.id))[0]).toMatchObject({ number: 'FV/2027/00001', issuedOn: '2027-01-01' });
  });
});

describe('a correction', () => {
  it('takes back every line of a refunded order in its own series, naming the invoice it corrects, once', async () => {
    const order = await placeOrder([{ product: 'onsite-pro', name: 'Anna' }, { product: 'online-premium' }], COMPANY);
    await pay(order.id);
    const [original] = await invoicesOf(order.id);
    await office().settle(order.id, 'refunded', Date.now(), { by: 'organiser' });
    await office().settle(order.id, 'refunded', Date.now(), { by: 'organiser' });
    const [first, correction, ...more] = await invoicesOf(order.id);
    expect(more).toEqual([]);
    expect(first).toEqual(original);
    expect(correction).toMatchObject({
      number: `KOR/${AT.slice(0, 4)}/00001`,
      kind: 'KOR_ZAL',
      correction: {
        of: { id: original?.id, number: original?.number, issuedOn: original?.issuedOn, ksefNumber: null },
      },
      totals: { net: -order.net, vat: -order.vat, gross: -order.gross },
    });
    expect(correction?.lines.map((l) => l.quantity)).toEqual([-1, -1]);
    // The next invoice continues the invoices' series, not the corrections'.
    const next = await placeOrder([{ product: 'online-standard' }], COMPANY);
    await pay(next.id);
    expect((await invoicesOf(next.id))[0]?.number).toBe(`FV/${AT.slice(0, 4)}/00002`);
  });

  it('is made when the buyer cancels a paid order', async () => {
    const order = await placeOrder([{ product: 'online-standard' }], PERSON);
    await pay(order.id);
    const result = await office().cancelPaid(order.id, 'demo_refund', Date.now());
    expect(result.kind).toBe('cancelled');
    const kinds = (await invoicesOf(order.id)).map((i) => i.kind);
    expect(kinds).toEqual(['ZAL', 'KOR_ZAL']);
  });

  it('is not made for an order that was never invoiced', async () => {
    const order = await placeOrder([{ product: 'online-standard' }]);
    await pay(order.id);
    await office().settle(order.id, 'refunded', Date.now(), { by: 'organiser' });
    expect(await invoicesOf(order.id)).toEqual([]);
  });
});

describe('the invoice list for organisers', () => {
  it('filters by month, kind and text, and pages with a cursor', async () => {
    const a = await placeOrder([{ product: 'online-standard' }], COMPANY);
    const b = await placeOrder([{ product: 'online-standard' }], GERMAN_COMPANY);
    await pay(a.id);
    await pay(b.id);
    await office().settle(b.id, 'refunded', Date.now(), { by: 'organiser' });
    const month = AT.slice(0, 7);
    expect((await office().listInvoices({ month }, null, 10)).invoices).toHaveLength(3);
    expect((await office().listInvoices({ month: '2020-01' }, null, 10)).invoices).toHaveLength(0);
    expect((await office().listInvoices({ kind: 'KOR_ZAL' }, null, 10)).invoices.map((i) => i.orderId)).toEqual([b.id]);
    expect((await office().listInvoices({ q: 'Beispiel' }, null, 10)).invoices).toHaveLength(2);
    expect((await office().listInvoices({ q: '%' }, null, 10)).invoices).toHaveLength(0);
    const first = await office().listInvoices({}, null, 2);
    expect(first.invoices).toHaveLength(2);
    const rest = await office().listInvoices({}, first.cursor, 2);
    expect(rest).toMatchObject({ cursor: null });
    expect(rest.invoices).toHaveLength(1);
  });
});

describe('the invoice documents over HTTP', () => {
  const ADMIN = { Authorization: 'Bearer test-admin-token' };

  /** A cart bought with invoice data through the API, paid: its id and the buyer's token. */
  async function boughtWithInvoice(invoice: InvoiceData | null = COMPANY) {
    const bought = await buyOverHttp(
      [{ product: 'onsite-pro', name: 'Anna Nowak' }, { product: 'online-standard' }],
      invoice,
    );
    await pay(bought.orderId);
    return bought;
  }

  const get = (path: string, headers: Record<string, string> = {}) =>
    callWorker(new Request(`${ORIGIN}${path}`, { headers }));

  it("lets the buyer list and download the order's invoice as FA(3) XML with the order's token", async () => {
    const { orderId, token } = await boughtWithInvoice();
    const view = (await (await get(`/api/orders/${orderId}?token=${token}`)).json()) as {
      invoices: { id: string; number: string; kind: string }[];
    };
    expect(view.invoices).toEqual([expect.objectContaining({ number: `FV/${AT.slice(0, 4)}/00001`, kind: 'ZAL' })]);
    const res = await get(`/api/orders/${orderId}/invoice.xml?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="FV-${AT.slice(0, 4)}-00001.xml"`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const xml = await res.text();
    expect(xml).toContain('<P_2>FV/');
    expect(xml).toContain('<NIP>5260250274</NIP>');
    const byId = await get(`/api/orders/${orderId}/invoices/${view.invoices[0]?.id}.xml?token=${token}`);
    expect(await byId.text()).toBe(xml);
  });

  it('answers 404 to a wrong token and no_invoice to an order without one', async () => {
    const { orderId } = await boughtWithInvoice();
    expect((await get(`/api/orders/${orderId}/invoice.xml?token=wrong`)).status).toBe(404);
    const plain = await boughtWithInvoice(null);
    const res = await get(`/api/orders/${plain.orderId}/invoice.xml?token=${plain.token}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'no_invoice' });
  });

  it("gives organisers the list, one invoice's XML and the month's CSV and zip", async () => {
    const a = await boughtWithInvoice();
    await boughtWithInvoice(GERMAN_COMPANY);
    await office().settle(a.orderId, 'refunded', Date.now(), { by: 'organiser' });
    expect((await get('/api/admin/invoices')).status).toBe(401);
    const month = AT.slice(0, 7);
    const list = (await (await get(`/api/admin/invoices?month=${month}`, ADMIN)).json()) as {
      invoices: IssuedInvoice[];
    };
    expect(list.invoices.map((i) => i.kind)).toEqual(['ZAL', 'ZAL', 'KOR_ZAL']);
    expect((await get('/api/admin/invoices?month=2027-13', ADMIN)).status).toBe(422);
    const one = await get(`/api/admin/invoices/${list.invoices[2]?.id}.xml`, ADMIN);
    expect(await one.text()).toContain('<RodzajFaktury>KOR_ZAL</RodzajFaktury>');

    const csv = await (await get(`/api/admin/invoices/export.csv?month=${month}`, ADMIN)).text();
    const lines = csv.trim().split('\r\n');
    // Headers and values in words for the accountant, not the system's codes (issue 46: `ZAL`).
    expect(lines[0]).toBe(
      'Numer faktury,Rodzaj,Data wystawienia,Data zapłaty,Faktura korygowana,Kod zamówienia,Nabywca,NIP lub numer VAT nabywcy,Kraj nabywcy,Netto (zł),VAT (zł),Brutto (zł),Odwrotne obciążenie,Sposób zapłaty,Stan w KSeF,Numer KSeF',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',faktura zaliczkowa,');
    expect(lines[3]).toContain(`KOR/${AT.slice(0, 4)}/00001,korekta faktury zaliczkowej`);
    expect(lines[3]).toContain(',-1298.00,-298.54,-1596.54,nie,karta lub BLIK,czeka na wysłanie,');

    const zip = await get(`/api/admin/invoices/export.zip?month=${month}`, ADMIN);
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    // The PDFs the buyers got, beside the XML KSeF has.
    expect(Object.keys(files).sort()).toEqual(
      [
        `faktury-${month}.csv`,
        ...list.invoices.flatMap((i) => [
          `${i.number.replaceAll('/', '-')}.xml`,
          `${i.number.replaceAll('/', '-')}.pdf`,
        ]),
      ].sort(),
    );
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.pdf')) expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    }
    await expectValidFa3(
      ...Object.entries(files)
        .filter(([name]) => name.endsWith('.xml'))
        .map(([, bytes]) => new TextDecoder().decode(bytes)),
    );
    expect((await get('/api/admin/invoices/export.zip', ADMIN)).status).toBe(422);
  });
});

describe('the invoice PDF', () => {
  /** Runs the mail queue's consumer on an order's e-mails of a kind; returns what was sent. */
  async function sendEmails(orderId: string, kind: string) {
    const ids = (await office().emails(orderId)).filter((e) => e.kind === kind).map((e) => e.id);
    const messages: { subject: string; attachments: EmailAttachment[] }[] = [];
    const send = async (message: unknown) => {
      messages.push(message as (typeof messages)[number]);
      return { messageId: `msg-${crypto.randomUUID()}` };
    };
    await consumeMail(ids, send);
    return messages;
  }

  const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5)) === '%PDF-';

  it('is attached to the confirmation, and the correction to the cancellation e-mail', async () => {
    const order = await placeOrder([{ product: 'online-standard' }], COMPANY);
    await pay(order.id);
    const [confirmation] = await sendEmails(order.id, 'confirmation');
    const pdf = confirmation?.attachments.find((a) => a.type === 'application/pdf');
    expect(pdf).toMatchObject({ filename: `FV-${AT.slice(0, 4)}-00001.pdf`, disposition: 'attachment' });
    expect(isPdf(pdf?.content as Uint8Array)).toBe(true);
    await office().cancelPaid(order.id, 'demo_refund', Date.now());
    const [cancellation] = await sendEmails(order.id, 'cancellation');
    expect(cancellation?.attachments.map((a) => a.filename)).toEqual([`KOR-${AT.slice(0, 4)}-00001.pdf`]);
  });

  it('is not attached when no invoice was asked for', async () => {
    const order = await placeOrder([{ product: 'online-standard' }]);
    await pay(order.id);
    const [confirmation] = await sendEmails(order.id, 'confirmation');
    expect(confirmation?.attachments.some((a) => a.type === 'application/pdf')).toBe(false);
  });

  it('is made for three downloads at once, each in its own request', async () => {
    // The font subsetting's stream once made every document but the first wait on the first
    // request's timer, and workerd cancelled them as hung (worker/invoices/pdf-kit.ts).
    const { orderId, token } = await buyOverHttp([{ product: 'online-vip' }], COMPANY);
    await pay(orderId);
    const url = `${ORIGIN}/api/orders/${orderId}/invoice.pdf?token=${token}`;
    const downloads = await Promise.all([1, 2, 3].map(() => SELF.fetch(url)));
    for (const download of downloads) {
      expect(download.status).toBe(200);
      expect(isPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true);
    }
  });

  it('is downloaded by the buyer and by organisers', async () => {
    const { orderId, token } = await buyOverHttp([{ product: 'online-vip' }], COMPANY);
    await pay(orderId);
    const download = await callWorker(new Request(`${ORIGIN}/api/orders/${orderId}/invoice.pdf?token=${token}`));
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="FV-${AT.slice(0, 4)}-00001.pdf"`);
    expect(isPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true);
    const [invoice] = await invoicesOf(orderId);
    const admin = await callWorker(
      new Request(`${ORIGIN}/api/admin/invoices/${invoice?.id}.pdf`, {
        headers: { Authorization: 'Bearer test-admin-token' },
      }),
    );
    expect(admin.headers.get('Content-Type')).toBe('application/pdf');
    expect(isPdf(new Uint8Array(await admin.arrayBuffer()))).toBe(true);
  });
});
