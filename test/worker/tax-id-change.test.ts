import { runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceData, IssuedInvoice } from '../../site/invoices';
import type { CartItem } from '../../site/orders';
import { invoiceXml } from '../../worker/invoices/documents';
import { GERMAN_COMPANY, PERSON, POLISH_COMPANY } from '../support/invoice-data';
import { office, resetBoxOffice, setClock } from './box-office';
import { buy as buyOverHttp } from './buyer';
import { expectValidFa3, expectValidInvoices } from './fa3';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN } from './platform';
import { staffMember } from './staff';

// Issue 48: a wrong tax number on an issued invoice is put right by a correction to zero of that
// invoice and a new invoice to the right buyer (worker/box-office/tax-id-change.ts), through the
// console's correction of the buyer's data.

/** Another valid NIP (checksum), the right buyer's. */
const RIGHT_NIP = '1234563218';
/** A KSeF number of the form KSeF gives (the seller's NIP, the day, the rest). */
const KSEF_NUMBER = '5260250274-20270315-0100A0C2B3D4-7F';
const RIGHT_COMPANY: InvoiceData = { ...POLISH_COMPANY, name: 'Właściwa Firma S.A.', taxId: RIGHT_NIP };
/** A business outside the EU with its tax number. */
const US_COMPANY: InvoiceData = {
  name: 'Example Inc.',
  taxId: '12-3456789',
  street: '1 Main Street',
  postalCode: '10001',
  city: 'New York',
  country: 'US',
};

let ip = 0;
const buy = (items: CartItem[], invoice?: InvoiceData) =>
  buyOverHttp(
    { email: 'kupujacy@example.com', lang: 'pl', items, ...(invoice ? { invoice } : {}) },
    `198.51.100.${++ip % 250}`,
  );
const pay = (id: string) => office().settle(id, 'paid', Date.now(), { by: 'test' });
const invoicesOf = (id: string) => office().invoices(id) as Promise<IssuedInvoice[]>;

/** A paid order with an invoice to `invoice`: its id, token and that invoice. */
async function invoiced(invoice: InvoiceData, items: CartItem[] = [{ product: 'online-standard' }]) {
  const order = await buy(items, invoice);
  await pay(order.orderId);
  const [issued] = await invoicesOf(order.orderId);
  return { ...order, invoice: issued as IssuedInvoice };
}

async function correct(invoiceId: string, invoice: unknown) {
  const { headers } = await staffMember('finance');
  return callWorker(
    new Request(`${ORIGIN}/api/admin/invoices/${invoiceId}/buyer-correction`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoice }),
    }),
  );
}

type Pair = { invoice: IssuedInvoice; replacement: IssuedInvoice };
async function replaced(invoiceId: string, invoice: unknown): Promise<Pair> {
  const res = await correct(invoiceId, invoice);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Pair;
}

/** What stays the same between an invoice and the one issued in its place: all but the buyer and the document's own. */
const sale = ({
  id: _i,
  number: _n,
  issuedOn: _o,
  issuedAt: _a,
  buyer: _b,
  buyerKind: _k,
  languages: _l,
  replaces: _r,
  ksef: _s,
  ...rest
}: IssuedInvoice) => rest;

beforeEach(async () => {
  setClock('2027-03-15T11:00:00Z');
  await resetBoxOffice();
});
afterEach(async () => {
  // Every invoice and correction a test made is a valid FA(3) document.
  await expectValidInvoices((await office().listInvoices({}, null, 1000)).invoices);
  vi.useRealTimers();
});

describe('a new tax number on an issued invoice', () => {
  it('makes a correction to zero and a new invoice in one go, both valid against the FA(3) XSD', async () => {
    const order = await invoiced(POLISH_COMPANY, [
      { product: 'online-standard' },
      { product: 'onsite-pro', name: 'Ola Nowak' },
    ]);
    setClock('2027-04-02T10:00:00Z');
    const { invoice: zero, replacement } = await replaced(order.invoice.id, RIGHT_COMPANY);
    const original = order.invoice;

    // The correction: the original's amounts negated, its buyer, the reason and the new invoice named.
    expect(zero).toMatchObject({
      number: 'KOR/2027/00001',
      kind: 'KOR_ZAL',
      issuedOn: '2027-04-02',
      buyer: original.buyer,
      totals: { net: -original.totals.net, vat: -original.totals.vat, gross: -original.totals.gross },
      correction: {
        of: { id: original.id, number: original.number, gross: original.totals.gross },
        effect: 'original',
        replacedBy: { id: replacement.id, number: 'FV/2027/00002' },
      },
    });
    expect(zero.lines).toEqual(
      original.lines.map((line) => ({
        ...line,
        quantity: -line.quantity,
        net: -line.net,
        vat: -line.vat,
        gross: -line.gross,
      })),
    );
    expect(zero.correction?.reason).toContain('FV/2027/00002');
    // The new invoice: the original but for the buyer, dated today, the payment as it was.
    expect(replacement).toMatchObject({
      number: 'FV/2027/00002',
      kind: 'ZAL',
      issuedOn: '2027-04-02',
      paidOn: '2027-03-15',
      buyer: { name: RIGHT_COMPANY.name, taxId: RIGHT_NIP },
      buyerKind: 'pl_business',
      replaces: { id: original.id, number: original.number, correction: { id: zero.id, number: zero.number } },
    });
    expect(sale(replacement)).toEqual(sale(original));

    const zeroXml = invoiceXml(zero);
    const newXml = invoiceXml(replacement);
    await expectValidFa3(zeroXml, newXml);
    expect(zeroXml).toContain('<RodzajFaktury>KOR_ZAL</RodzajFaktury>');
    expect(zeroXml).toContain('<TypKorekty>1</TypKorekty>');
    expect(zeroXml).toContain(`<NrFaKorygowanej>${original.number}</NrFaKorygowanej>`);
    expect(zeroXml).toContain(`<NIP>${POLISH_COMPANY.taxId}</NIP>`);
    expect(zeroXml).toContain(`<P_15>-${(original.totals.gross / 100).toFixed(2)}</P_15>`);
    expect(newXml).toContain(`<NIP>${RIGHT_NIP}</NIP>`);
    expect(newXml).toContain('<P_6>2027-03-15</P_6>');
    expect(newXml).toContain(`w miejsce faktury ${original.number} z dnia 2027-03-15`);

    // Both in the console's list and the order's history, both e-mailed, the order's data the new ones.
    const listed = (await office().listInvoices({}, null, 100)).invoices.map((invoice) => invoice.number);
    expect(listed).toEqual(['FV/2027/00001', 'KOR/2027/00001', 'FV/2027/00002']);
    const history = await office().history(order.orderId);
    expect(history.find((entry) => entry.event === 'invoice_corrected')?.data).toMatchObject({
      number: zero.number,
      toZero: true,
      taxIdBefore: POLISH_COMPANY.taxId,
      taxIdAfter: RIGHT_NIP,
    });
    expect(history.filter((entry) => entry.event === 'invoice_issued').at(-1)?.data).toMatchObject({
      number: replacement.number,
      replaces: original.number,
    });
    const mails = (await office().emails(order.orderId)).filter((email) => email.kind === 'invoice');
    const sent: { to: string; subject: string; attachments: { filename: string }[] }[] = [];
    await consumeMail(
      mails.map((mail) => mail.id),
      async (message: unknown) => {
        sent.push(message as (typeof sent)[number]);
        return { messageId: 'm' };
      },
    );
    expect(sent.map((mail) => [mail.to, mail.attachments.map((file) => file.filename)])).toEqual([
      ['kupujacy@example.com', ['KOR-2027-00001.pdf']],
      ['kupujacy@example.com', ['FV-2027-00002.pdf']],
    ]);
    expect((await office().order(order.orderId))?.invoice).toMatchObject({ taxId: RIGHT_NIP });
    expect((await office().order(order.orderId))?.gross).toBe(original.totals.gross);

    // The buyer's order page and its invoice link give the new invoice.
    const view = (await (
      await callWorker(new Request(`${ORIGIN}/api/orders/${order.orderId}?token=${order.token}`))
    ).json()) as { invoices: { number: string }[] };
    expect(view.invoices.map((invoice) => invoice.number)).toEqual(
      expect.arrayContaining(['FV/2027/00001', 'KOR/2027/00001', 'FV/2027/00002']),
    );
    const xml = await callWorker(new Request(`${ORIGIN}/api/orders/${order.orderId}/invoice.xml?token=${order.token}`));
    expect(await xml.text()).toContain('<P_2>FV/2027/00002</P_2>');
  });

  it('adds a NIP to an invoice issued to a private person', async () => {
    const order = await invoiced(PERSON);
    const { invoice: zero, replacement } = await replaced(order.invoice.id, RIGHT_COMPANY);
    expect(zero.buyer).toMatchObject({ name: PERSON.name, taxId: null });
    expect(replacement).toMatchObject({ buyerKind: 'pl_business', buyer: { taxId: RIGHT_NIP } });
    expect(replacement.totals).toEqual(order.invoice.totals);
  });

  it('after a correction of the data, corrects the invoice as it stands to zero, and is refused on it afterwards', async () => {
    const order = await invoiced(POLISH_COMPANY);
    const moved = { ...POLISH_COMPANY, street: 'ul. Nowa 10', postalCode: '00-950' };
    expect((await correct(order.invoice.id, moved)).status).toBe(201);
    const { invoice: zero, replacement } = await replaced(order.invoice.id, { ...moved, taxId: RIGHT_NIP });
    // The correction names the buyer as the data correction left them, and the invoice itself.
    expect(zero).toMatchObject({
      number: 'KOR/2027/00002',
      buyer: { street: 'ul. Nowa 10', taxId: POLISH_COMPANY.taxId },
      correction: { of: { id: order.invoice.id } },
    });
    expect(replacement.buyer).toMatchObject({ street: 'ul. Nowa 10', taxId: RIGHT_NIP });

    // The same change sent again (a double submit): the same pair, nothing new.
    const again = await replaced(order.invoice.id, { ...moved, taxId: RIGHT_NIP });
    expect([again.invoice.number, again.replacement.number]).toEqual([zero.number, replacement.number]);
    // Anything else on the replaced invoice: 409, naming the one that replaced it.
    for (const data of [
      { ...moved, city: 'Kraków' },
      { ...moved, taxId: '5213017228' },
    ]) {
      const res = await correct(order.invoice.id, data);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: 'replaced',
        correction: { id: zero.id, number: zero.number },
        replacement: { id: replacement.id, number: replacement.number },
      });
    }
    // The new invoice can be put right in turn: the chain goes on from it.
    const next = await replaced(replacement.id, { ...moved, taxId: '5213017228' });
    expect(next.invoice).toMatchObject({ number: 'KOR/2027/00003', correction: { of: { id: replacement.id } } });
    expect(next.replacement).toMatchObject({
      number: 'FV/2027/00003',
      replaces: { number: replacement.number },
      totals: order.invoice.totals,
    });
    expect((await invoicesOf(order.orderId)).map((invoice) => invoice.number)).toEqual([
      'FV/2027/00001',
      'KOR/2027/00001',
      'KOR/2027/00002',
      'FV/2027/00002',
      'KOR/2027/00003',
      'FV/2027/00003',
    ]);
  });

  it('makes one pair of a burst of the same change', async () => {
    const order = await invoiced(POLISH_COMPANY);
    const answers = await Promise.all(Array.from({ length: 8 }, () => correct(order.invoice.id, RIGHT_COMPANY)));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(201));
    const numbers = new Set(
      await Promise.all(answers.map(async (res) => ((await res.json()) as Pair).replacement.number)),
    );
    expect([...numbers]).toEqual(['FV/2027/00002']);
    expect((await invoicesOf(order.orderId)).map((invoice) => invoice.number)).toEqual([
      'FV/2027/00001',
      'KOR/2027/00001',
      'FV/2027/00002',
    ]);
  });

  it('takes the VAT the tax rules give the right buyer: on-site admission stays 23% for an EU business', async () => {
    const order = await invoiced(POLISH_COMPANY, [{ product: 'onsite-standard', name: 'Ola Nowak' }]);
    const { replacement } = await replaced(order.invoice.id, GERMAN_COMPANY);
    expect(replacement).toMatchObject({ buyerKind: 'eu_business', languages: 'pl+en', reverseCharge: false });
    expect(replacement.lines.map((line) => line.vatRate)).toEqual([23]);
    const history = await office().history(order.orderId);
    expect(history.find((entry) => entry.event === 'vat_checked')?.data).toMatchObject({
      status: 'valid',
      vatId: GERMAN_COMPANY.taxId,
    });
  });

  it('turns a reverse charge into outside the scope for a business outside the EU, the amount the same', async () => {
    const order = await invoiced(GERMAN_COMPANY, [{ product: 'online-standard' }]);
    expect(order.invoice.lines.map((line) => line.vatRate)).toEqual(['np']);
    const { invoice: zero, replacement } = await replaced(order.invoice.id, US_COMPANY);
    expect(zero.lines.map((line) => line.vatRate)).toEqual(['np']);
    expect(replacement).toMatchObject({ buyerKind: 'foreign_business', reverseCharge: false });
    expect(replacement.lines.map((line) => line.vatRate)).toEqual(['outside']);
    expect(replacement.totals).toEqual(order.invoice.totals);
    // The ticket keeps its new rate: cancelling the order corrects the new invoice's line.
    await office().cancelPaid(order.orderId, 'demo_refund', Date.now());
    const refund = (await invoicesOf(order.orderId)).at(-1);
    expect(refund).toMatchObject({ number: 'KOR/2027/00002', correction: { of: { id: replacement.id } } });
    expect(refund?.lines.map((line) => line.vatRate)).toEqual(['outside']);
    expect(refund?.totals.gross).toBe(-order.invoice.totals.gross);
  });

  it('is refused, issuing nothing, when the right buyer would pay another amount', async () => {
    // An online plan at 23% to a Polish company; an EU business would be reverse charge, net only.
    const polish = await invoiced(POLISH_COMPANY);
    const toEu = await correct(polish.invoice.id, GERMAN_COMPANY);
    expect(toEu.status).toBe(409);
    expect(await toEu.json()).toEqual({
      error: 'amount_would_change',
      paid: polish.invoice.totals.gross,
      charged: polish.invoice.totals.net,
    });
    // And back: a reverse-charge plan would carry 23% for a Polish company.
    const german = await invoiced(GERMAN_COMPANY);
    const toPl = await correct(german.invoice.id, RIGHT_COMPANY);
    expect(toPl.status).toBe(409);
    expect(await toPl.json()).toMatchObject({ error: 'amount_would_change', paid: german.invoice.totals.gross });
    // No number was taken: the next invoice follows on.
    const next = await invoiced(POLISH_COMPANY);
    expect(next.invoice.number).toBe('FV/2027/00003');
    expect((await office().listInvoices({ kind: 'KOR' }, null, 10)).invoices).toEqual([]);
    expect((await office().order(polish.orderId))?.invoice).toMatchObject({ taxId: POLISH_COMPANY.taxId });
  });

  it('checks the number by the checkout rules and VIES: 422 with the field, nothing issued', async () => {
    const order = await invoiced(POLISH_COMPANY, [{ product: 'onsite-standard', name: 'Ola Nowak' }]);
    const nip = await correct(order.invoice.id, { ...POLISH_COMPANY, taxId: '1234567890' });
    expect(nip.status).toBe(422);
    expect(await nip.json()).toEqual({ error: 'invalid_fields', fields: { 'invoice.taxId': 'invalid_nip' } });
    const prefix = await correct(order.invoice.id, { ...GERMAN_COMPANY, taxId: 'FR12345678901' });
    expect(await prefix.json()).toEqual({ error: 'invalid_fields', fields: { 'invoice.taxId': 'vat_id_country' } });
    const unknown = await correct(order.invoice.id, { ...GERMAN_COMPANY, taxId: 'DE000000000' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      error: 'invalid_fields',
      fields: { 'invoice.taxId': 'vat_id_not_registered' },
    });
    expect((await invoicesOf(order.orderId)).map((invoice) => invoice.number)).toEqual(['FV/2027/00001']);
  });

  it('waits for KSeF to number the invoice, then names its KSeF number in the correction and the new invoice', async () => {
    const order = await invoiced(POLISH_COMPANY);
    const ksef = (status: string, number: string | null) =>
      runInDurableObject(office(), (_instance, state) => {
        state.storage.sql.exec(
          'UPDATE invoices SET ksef_status = ?, ksef_number = ?, ksef_at = ? WHERE id = ?',
          status,
          number,
          Date.now(),
          order.invoice.id,
        );
      });
    await ksef('queued', null);
    const waiting = await correct(order.invoice.id, RIGHT_COMPANY);
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({ error: 'ksef_pending', ksef: 'queued' });
    expect(await invoicesOf(order.orderId)).toHaveLength(1);
    await ksef('accepted', KSEF_NUMBER);
    const { invoice: zero, replacement } = await replaced(order.invoice.id, RIGHT_COMPANY);
    expect(zero.correction?.of.ksefNumber).toBe(KSEF_NUMBER);
    expect(invoiceXml(zero)).toContain(`<NrKSeFFaKorygowanej>${KSEF_NUMBER}</NrKSeFFaKorygowanej>`);
    expect(invoiceXml(replacement)).toContain(`(KSeF ${KSEF_NUMBER})`);
  });

  it('is refused with 409 for an invoice a refund took to zero, naming that correction', async () => {
    const order = await invoiced(POLISH_COMPANY);
    await office().cancelPaid(order.orderId, 'demo_refund', Date.now());
    const [, refund] = await invoicesOf(order.orderId);
    const res = await correct(order.invoice.id, RIGHT_COMPANY);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'corrected_to_zero',
      correction: { id: refund?.id, number: 'KOR/2027/00001' },
    });
    expect(await invoicesOf(order.orderId)).toHaveLength(2);
  });
});
