import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type InvoiceData, type IssuedInvoice, invoiceRequestClosesAt } from '../../site/invoices';
import type { CartItem } from '../../site/orders';
import { invoiceXml } from '../../worker/invoices/documents';
import { GERMAN_COMPANY, PERSON, POLISH_COMPANY } from '../support/invoice-data';
import { office, resetBoxOffice, setClock } from './box-office';
import { buy as buyOverHttp } from './buyer';
import { expectValidFa3, expectValidInvoices } from './fa3';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN } from './platform';
import { staffMember } from './staff';

// Issue 48: an invoice a buyer who paid without invoice data asks for later (art. 106b ust. 3 of
// the VAT act), and a correction of the buyer's data on an issued invoice (FA(3) Podmiot2K).

/** Paid at midday in Warsaw on 15 March 2027: the window closes at the end of June there. */
const PAID_AT = '2027-03-15T11:00:00Z';
/** The last instant of 30 June 2027 in Warsaw (CEST, +02:00), and the first of 1 July. */
const LAST_INSTANT = '2027-06-30T21:59:59.999Z';
const FIRST_OUT = '2027-06-30T22:00:00.000Z';

let ip = 0;
/** A cart bought through `POST /api/orders` (pending): its id and the buyer's token. */
const buy = (items: CartItem[], invoice?: InvoiceData) =>
  buyOverHttp(
    { email: 'kupujacy@example.com', lang: 'pl', items, ...(invoice ? { invoice } : {}) },
    `203.0.113.${++ip % 250}`,
  );

const pay = (id: string) => office().settle(id, 'paid', Date.now(), { by: 'test' });
const invoicesOf = (id: string) => office().invoices(id) as Promise<IssuedInvoice[]>;

/** A paid order without invoice data: its id and token. */
async function paidWithoutInvoice(items: CartItem[] = [{ product: 'online-standard' }]) {
  const order = await buy(items);
  await pay(order.orderId);
  return order;
}

const ask = (order: { orderId: string; token: string }, body: unknown, at?: string) =>
  callWorker(
    new Request(`${ORIGIN}/api/orders/${order.orderId}/invoice?token=${order.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(at ? { 'Test-Clock': at } : {}) },
      body: JSON.stringify(body),
    }),
  );

beforeEach(async () => {
  setClock(PAID_AT);
  await resetBoxOffice();
});
afterEach(async () => {
  // Every invoice and correction a test made is a valid FA(3) document.
  await expectValidInvoices((await office().listInvoices({}, null, 1000)).invoices);
  vi.useRealTimers();
});

describe('the window of art. 106b ust. 3', () => {
  it('ends with the third month after the month of payment, in Warsaw', () => {
    expect(new Date(invoiceRequestClosesAt(Date.parse(PAID_AT))).toISOString()).toBe(LAST_INSTANT);
    // 30 November 23:30 UTC is already 1 December in Warsaw: to the end of March, summer time by then.
    expect(new Date(invoiceRequestClosesAt(Date.parse('2027-11-30T23:30:00Z'))).toISOString()).toBe(
      '2028-03-31T21:59:59.999Z',
    );
    // Paid in October: the window ends on 31 January, in winter time (+01:00), across the year.
    expect(new Date(invoiceRequestClosesAt(Date.parse('2027-10-31T22:30:00Z'))).toISOString()).toBe(
      '2028-01-31T22:59:59.999Z',
    );
  });
});

describe('an invoice asked for after payment', () => {
  it('is issued on the last instant of the window: dated today, with the payment day, in the FV series', async () => {
    const order = await paidWithoutInvoice();
    setClock(LAST_INSTANT);
    const res = await ask(order, { invoice: PERSON });
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await res.json()) as { invoiceRequest: unknown; invoice: InvoiceData; invoices: unknown[] };
    expect(view.invoiceRequest).toBeNull();
    expect(view.invoice).toMatchObject({ name: PERSON.name, city: 'Łódź' });
    const [invoice, ...more] = await invoicesOf(order.orderId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      number: 'FV/2027/00001',
      kind: 'ZAL',
      issuedOn: '2027-06-30',
      paidOn: '2027-03-15',
      buyerKind: 'person',
      buyer: { name: PERSON.name, taxId: null },
      ksef: { status: 'waiting' },
    });
    // P_1 is today, P_6 the day the payment was received (an advance invoice).
    const xml = invoiceXml(invoice as IssuedInvoice);
    expect(xml).toContain('<P_1>2027-06-30</P_1>');
    expect(xml).toContain('<P_6>2027-03-15</P_6>');
    const history = await office().history(order.orderId);
    expect(history.filter((entry) => entry.event === 'invoice_issued')).toHaveLength(1);
  });

  it('is refused from the first instant after the window, saying until when it was possible', async () => {
    const order = await paidWithoutInvoice();
    const before = await (
      await callWorker(
        new Request(`${ORIGIN}/api/orders/${order.orderId}?token=${order.token}`, {
          headers: { 'Test-Clock': LAST_INSTANT },
        }),
      )
    ).json();
    expect(before).toMatchObject({ invoiceRequest: { open: true, until: LAST_INSTANT } });
    setClock(FIRST_OUT);
    const res = await ask(order, { invoice: PERSON });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'request_closed', status: 'paid', until: LAST_INSTANT });
    expect(await invoicesOf(order.orderId)).toEqual([]);
    const view = await (
      await callWorker(new Request(`${ORIGIN}/api/orders/${order.orderId}?token=${order.token}`))
    ).json();
    expect(view).toMatchObject({ invoiceRequest: { open: false, until: LAST_INSTANT }, invoice: null });
  });

  it('keeps the amounts the order was sold for: a private buyer who names an EU business pays no less', async () => {
    const order = await paidWithoutInvoice([{ product: 'online-vip' }]);
    const sold = await office().order(order.orderId);
    const res = await ask(order, { invoice: GERMAN_COMPANY });
    expect(res.status).toBe(200);
    const [invoice] = await invoicesOf(order.orderId);
    expect(invoice).toMatchObject({ buyerKind: 'eu_business', reverseCharge: false, languages: 'pl+en' });
    expect(invoice?.lines.map((line) => line.vatRate)).toEqual([23]);
    expect(invoice?.totals).toEqual({ net: sold?.net, vat: sold?.vat, gross: sold?.gross });
    expect((await office().order(order.orderId))?.gross).toBe(sold?.gross);
  });

  it('answers 409 for an order that has an invoice, one not paid, and 404 without its secret', async () => {
    const invoiced = await buy([{ product: 'online-standard' }], POLISH_COMPANY);
    await pay(invoiced.orderId);
    const res = await ask(invoiced, { invoice: PERSON });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'already_invoiced', status: 'paid', number: 'FV/2027/00001' });
    const pending = await buy([{ product: 'online-standard' }]);
    const unpaid = await ask(pending, { invoice: PERSON });
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toEqual({ error: 'not_paid', status: 'pending' });
    expect((await ask({ ...pending, token: 'wrong' }, { invoice: PERSON })).status).toBe(404);
  });

  it('answers 422 with each field in error by its path, and changes nothing', async () => {
    const order = await paidWithoutInvoice();
    const res = await ask(order, {
      invoice: {
        name: '',
        taxId: '5260250275',
        street: 'ul. Prosta 1',
        postalCode: '1234',
        city: 'Warszawa',
        country: 'PL',
      },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'invalid_fields',
      fields: {
        'invoice.name': 'required',
        'invoice.taxId': 'invalid_nip',
        'invoice.postalCode': 'invalid_postal_code',
      },
    });
    const country = await ask(order, { invoice: { ...PERSON, country: 'XX' } });
    expect(await country.json()).toMatchObject({ fields: { 'invoice.country': 'invalid' } });
    const missing = await ask(order, {});
    expect(await missing.json()).toMatchObject({ error: 'invalid_fields', fields: { invoice: 'invalid' } });
    expect(await invoicesOf(order.orderId)).toEqual([]);
    expect((await office().order(order.orderId))?.invoice).toBeNull();
  });

  it('makes exactly one invoice of a burst of 20 identical requests, each answered with it', async () => {
    const order = await paidWithoutInvoice();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(order, { invoice: PERSON })));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const invoices = await invoicesOf(order.orderId);
    expect(invoices.map((invoice) => invoice.number)).toEqual(['FV/2027/00001']);
    const emails = (await office().emails(order.orderId)).filter((email) => email.kind === 'invoice');
    expect(emails).toHaveLength(1);
    // Other data after it: the order has its invoice.
    const other = await ask(order, { invoice: { ...PERSON, name: 'Anna Nowak' } });
    expect(other.status).toBe(409);
  });

  it('works as the order page form without script: back to the page, at the documents or at the form', async () => {
    const order = await paidWithoutInvoice();
    const post = (fields: Record<string, string>) =>
      callWorker(
        new Request(`${ORIGIN}/api/orders/${order.orderId}/invoice?token=${order.token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        }),
      );
    const form = (data: InvoiceData) =>
      Object.fromEntries(Object.entries(data).map(([key, value]) => [`invoice.${key}`, String(value)]));
    const bad = await post(form({ ...PERSON, postalCode: 'abc' }));
    expect(bad.status).toBe(303);
    expect(bad.headers.get('Location')).toMatch(/done=invoice\.postalCode\.invalid_postal_code#invoice-request-title$/);
    const good = await post(form(PERSON));
    expect(good.status).toBe(303);
    expect(good.headers.get('Location')).toMatch(/done=invoiced#documents-title$/);
    const again = await post(form({ ...PERSON, name: 'Inna Osoba' }));
    expect(again.headers.get('Location')).toMatch(/done=invoice\.already_invoiced#invoice-request-title$/);
    expect((await invoicesOf(order.orderId)).map((invoice) => invoice.number)).toEqual(['FV/2027/00001']);
  });

  it('is e-mailed to the buyer with its PDF', async () => {
    const order = await paidWithoutInvoice();
    await ask(order, { invoice: PERSON });
    const ids = (await office().emails(order.orderId)).filter((e) => e.kind === 'invoice').map((e) => e.id);
    const sent: {
      to: string;
      subject: string;
      attachments: { filename: string; type: string; content: Uint8Array }[];
    }[] = [];
    await consumeMail(ids, async (message: unknown) => {
      sent.push(message as (typeof sent)[number]);
      return { messageId: 'm' };
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('kupujacy@example.com');
    expect(sent[0]?.subject).toContain('FV/2027/00001');
    const [pdf] = sent[0]?.attachments ?? [];
    expect(pdf).toMatchObject({ filename: 'FV-2027-00001.pdf', type: 'application/pdf' });
    expect(new TextDecoder().decode(pdf?.content.slice(0, 5))).toBe('%PDF-');
  });

  it('can be issued by finance from the console, by the same rules', async () => {
    const order = await paidWithoutInvoice();
    const { headers } = await staffMember('finance');
    const issue = (body: unknown) =>
      callWorker(
        new Request(`${ORIGIN}/api/admin/orders/${order.orderId}/invoice`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const res = await issue({ invoice: POLISH_COMPANY });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { invoice: IssuedInvoice }).invoice).toMatchObject({
      number: 'FV/2027/00001',
      buyerKind: 'pl_business',
    });
    const history = await office().history(order.orderId);
    expect(history.find((entry) => entry.event === 'invoice_issued')?.data).toMatchObject({ requested: true });
    expect((await issue({ invoice: { ...POLISH_COMPANY, name: 'Inna' } })).status).toBe(409);
  });
});

describe('a correction of the buyer data', () => {
  const correct = async (invoiceId: string, invoice: unknown, role: 'finance' | 'content' = 'finance') => {
    const { headers } = await staffMember(role);
    return callWorker(
      new Request(`${ORIGIN}/api/admin/invoices/${invoiceId}/buyer-correction`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ invoice }),
      }),
    );
  };
  const NEW_ADDRESS = { ...POLISH_COMPANY, street: 'ul. Nowa 10', postalCode: '00-950', city: 'Warszawa' };

  it('is a KOR with no amounts, the old buyer in Podmiot2K and the new in Podmiot2, valid against the XSD', async () => {
    const order = await buy([{ product: 'online-standard' }], POLISH_COMPANY);
    await pay(order.orderId);
    const [invoice] = await invoicesOf(order.orderId);
    setClock('2027-04-02T10:00:00Z');
    const res = await correct(invoice?.id as string, NEW_ADDRESS);
    expect(res.status, await res.clone().text()).toBe(201);
    const { invoice: correction } = (await res.json()) as { invoice: IssuedInvoice };
    expect(correction).toMatchObject({
      number: 'KOR/2027/00001',
      kind: 'KOR_ZAL',
      issuedOn: '2027-04-02',
      lines: [],
      totals: { net: 0, vat: 0, gross: 0 },
      buyer: { street: 'ul. Nowa 10', postalCode: '00-950', taxId: '5260250274' },
      correction: { of: { number: invoice?.number }, buyerBefore: { street: invoice?.buyer.street } },
    });
    const xml = invoiceXml(correction);
    await expectValidFa3(xml);
    const podmiot2K = xml.match(/<Podmiot2K>(.*?)<\/Podmiot2K>/)?.[1] ?? '';
    expect(podmiot2K).toContain(`<NIP>5260250274</NIP>`);
    expect(podmiot2K).toContain(`<AdresL1>${invoice?.buyer.street}</AdresL1>`);
    expect(xml.match(/<Podmiot2>(.*?)<\/Podmiot2>/)?.[1]).toContain('<AdresL1>ul. Nowa 10</AdresL1>');
    expect(xml).toContain('<P_15>0.00</P_15>');
    expect(xml).not.toContain('<TypKorekty>');
    expect(xml).not.toContain('<FaWiersz>');
    // The order keeps the new data; the buyer gets the correction by e-mail.
    expect((await office().order(order.orderId))?.invoice).toMatchObject({ street: 'ul. Nowa 10' });
    expect((await office().emails(order.orderId)).map((e) => e.kind)).toContain('invoice');
  });

  it('is refused when nothing changes and on a correction (naming its invoice)', async () => {
    const order = await buy([{ product: 'online-standard' }], POLISH_COMPANY);
    await pay(order.orderId);
    const [invoice] = await invoicesOf(order.orderId);
    const same = await correct(invoice?.id as string, { ...POLISH_COMPANY, street: ` ${POLISH_COMPANY.street} ` });
    expect(same.status).toBe(422);
    expect(await same.json()).toEqual({ error: 'nothing_changed' });
    const bad = await correct(invoice?.id as string, { ...NEW_ADDRESS, postalCode: '' });
    expect(await bad.json()).toEqual({ error: 'invalid_fields', fields: { 'invoice.postalCode': 'required' } });
    const made = (await (await correct(invoice?.id as string, NEW_ADDRESS)).json()) as { invoice: IssuedInvoice };
    const onCorrection = await correct(made.invoice.id, { ...NEW_ADDRESS, city: 'Kraków' });
    expect(onCorrection.status).toBe(409);
    expect(await onCorrection.json()).toEqual({
      error: 'correct_the_invoice',
      invoice: { id: invoice?.id, number: invoice?.number },
    });
    expect((await correct('01ARZ3NDEKTSV4RRFFQ69G5FAV', NEW_ADDRESS)).status).toBe(404);
    expect((await correct(invoice?.id as string, NEW_ADDRESS, 'content')).status).toBe(403);
    // A second correction names the data the first one made as the buyer before.
    const second = await correct(invoice?.id as string, { ...NEW_ADDRESS, city: 'Kraków', postalCode: '30-001' });
    expect(second.status).toBe(201);
    expect(((await second.json()) as { invoice: IssuedInvoice }).invoice).toMatchObject({
      number: 'KOR/2027/00002',
      correction: { buyerBefore: { street: 'ul. Nowa 10', city: 'Warszawa' } },
      buyer: { city: 'Kraków' },
    });
    // A refund afterwards corrects the amounts with the buyer as corrected.
    await office().cancelPaid(order.orderId, 'demo_refund', Date.now());
    const refund = (await invoicesOf(order.orderId)).at(-1);
    expect(refund).toMatchObject({ number: 'KOR/2027/00003', buyer: { city: 'Kraków' } });
    expect(refund?.totals.gross).toBeLessThan(0);
  });
});

describe('the numbering under a mixed burst', () => {
  it('stays gap-free in FV and KOR: purchases with invoices, late requests, data and tax number corrections at once', async () => {
    const invoiced = [];
    for (let i = 0; i < 6; i++) invoiced.push(await buy([{ product: 'online-standard' }], POLISH_COMPANY));
    const late = [];
    for (let i = 0; i < 6; i++) late.push(await paidWithoutInvoice());
    // Six invoices to correct, issued first.
    const corrected = [];
    for (let i = 0; i < 6; i++) corrected.push(await buy([{ product: 'online-standard' }], POLISH_COMPANY));
    await Promise.all(corrected.map((order) => pay(order.orderId)));
    const toCorrect = await Promise.all(corrected.map(async (order) => (await invoicesOf(order.orderId))[0]?.id));
    // Four more whose tax number is wrong: each a correction to zero and a new invoice, both or neither.
    const wrongNip = [];
    for (let i = 0; i < 4; i++) wrongNip.push(await buy([{ product: 'online-standard' }], POLISH_COMPANY));
    await Promise.all(wrongNip.map((order) => pay(order.orderId)));
    const toReplace = await Promise.all(wrongNip.map(async (order) => (await invoicesOf(order.orderId))[0]?.id));
    const { headers } = await staffMember('finance');
    const correction = (id: string | undefined, invoice: InvoiceData) =>
      callWorker(
        new Request(`${ORIGIN}/api/admin/invoices/${id}/buyer-correction`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ invoice }),
        }),
      );
    await Promise.all([
      ...invoiced.map((order) => pay(order.orderId)),
      ...late.flatMap((order) => [ask(order, { invoice: PERSON }), ask(order, { invoice: PERSON })]),
      ...toCorrect.map((id, i) => correction(id, { ...POLISH_COMPANY, street: `ul. Nowa ${i + 1}` })),
      // Each change sent twice at once (a double click): still one pair.
      ...toReplace.flatMap((id) => [
        correction(id, { ...POLISH_COMPANY, taxId: '1234563218' }),
        correction(id, { ...POLISH_COMPANY, taxId: '1234563218' }),
      ]),
    ]);
    const all = (await office().listInvoices({}, null, 1000)).invoices;
    const numbers = (series: string) =>
      all
        .filter((invoice) => invoice.number.startsWith(`${series}/`))
        .map((invoice) => Number(invoice.number.split('/')[2]))
        .sort((a, b) => a - b);
    // 6 + 6 + 6 + 4 invoices, and 4 issued in place of those corrected to zero.
    expect(numbers('FV')).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(numbers('KOR')).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    for (const order of wrongNip) {
      const documents = (await invoicesOf(order.orderId)).map((invoice) => invoice.kind);
      expect(documents).toEqual(['ZAL', 'KOR_ZAL', 'ZAL']);
    }
  });
});
