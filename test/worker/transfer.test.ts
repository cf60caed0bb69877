import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORGANISER } from '../../site/event';
import { scarcity } from '../../site/holds';
import type { OrderView } from '../../site/order-view';
import {
  type CartItem,
  type LogEntry,
  type Order,
  TRANSFER_HOLD_MS,
  TRANSFER_REMINDER_MS,
  type TransferReport,
  transferClosesAt,
} from '../../site/orders';
import { href } from '../../site/pages';
import { product } from '../../site/tickets';
import type { Bindings } from '../../worker/env';
import { codeCandidates, Mt940Error, parseMt940 } from '../../worker/payments/mt940';
import { withConsent } from '../support/consent';
import { POLISH_COMPANY as COMPANY } from '../support/invoice-data';
import { allOrders, office, resetBoxOffice, runAlarm, setClock } from './box-office';
import { clientIps } from './client-ip';
import { expectValidInvoices } from './fa3';
import statementTemplate from './fixtures/statement.mt940?raw';
import { clearKv } from './kv';
import { decodeWords } from './mail-headers';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN, postJson } from './platform';

// Payment by bank transfer (issue 33): a transfer order holds its places for 7 days, its buyer gets
// the transfer's details at once and a reminder 2 days before the hold runs out, and organisers
// record the money by hand or from the bank's MT940 statement.

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const nextIp = clientIps(91);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };

/** Midday in Warsaw, inside the promotion: its day is the same in UTC. */
const ORDERED_AT = '2027-03-15T11:00:00Z';

type Placed = { orderId: string; code: string; url: string };

function postOrder(body: Record<string, unknown>, key?: string, bindings: Partial<Bindings> = {}) {
  return postJson('/api/orders', withConsent({ email: 'ksiegowosc@firma.pl', lang: 'pl', ...body }), {
    ip: nextIp(),
    headers: key ? { 'Idempotency-Key': key } : {},
    bindings: { ...noLimit, ...bindings },
  });
}

async function orderByTransfer(items: CartItem[] = [{ product: 'online-standard' }]): Promise<Placed> {
  const res = await postOrder({ items, invoice: COMPANY, payment: 'transfer' });
  expect(res.status).toBe(201);
  return (await res.json()) as Placed;
}

const readOrder = async (id: string) => (await office().order(id)) as Order;
const emailKinds = async (id: string) => (await office().emails(id)).map((e) => e.kind);
const history = async (id: string) => ((await office().history(id)) as LogEntry[]).map((e) => e.event);
const remaining = async (product: string) =>
  (await office().availability(Date.now())).find((p) => p.id === product)?.remaining;

function markPaid(id: string, body: Record<string, unknown>) {
  return callWorker(
    new Request(`${ORIGIN}/api/admin/orders/${id}/mark-paid`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify(body),
    }),
  );
}

function importStatement(statement: string) {
  return callWorker(
    new Request(`${ORIGIN}/api/admin/transfers/import`, {
      method: 'POST',
      headers: { ...ADMIN, 'Content-Type': 'text/plain; charset=utf-8' },
      body: statement,
    }),
  );
}

beforeEach(async () => {
  await resetBoxOffice();
  await clearKv();
  setClock(ORDERED_AT);
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  // Every invoice a transfer paid is a valid FA(3) document (form of payment 6, the account).
  await expectValidInvoices((await office().listInvoices({}, null, 1000)).invoices);
});

describe('POST /api/orders with payment: transfer', () => {
  it('makes a pending transfer order that holds its places for 7 days, answers its order page and queues the pro-forma e-mail once', async () => {
    const before = await remaining('onsite-pro');
    const key = 'transfer-attempt-0001';
    const body = { items: [{ product: 'onsite-pro', name: 'Anna Nowak' }], invoice: COMPANY, payment: 'transfer' };
    const first = await postOrder(body, key);
    expect(first.status).toBe(201);
    const placed = (await first.json()) as Placed;
    const url = new URL(placed.url);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}${href('pl', 'thanks')}`);
    expect(url.searchParams.get('order')).toBe(placed.orderId);
    const order = await readOrder(placed.orderId);
    expect(order).toMatchObject({ status: 'pending', provider: 'transfer', providerRef: null, invoice: COMPANY });
    expect(Date.parse(order.holdUntil) - Date.parse(ORDERED_AT)).toBe(TRANSFER_HOLD_MS);
    expect(TRANSFER_HOLD_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await remaining('onsite-pro')).toBe((before ?? 0) - 1);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma']);

    // A retry of the same attempt is the same order and page, and sends nothing again.
    const again = await postOrder(body, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(placed);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma']);
    // The payment choice is part of what the key binds.
    const card = await postOrder({ ...body, payment: 'card' }, key);
    expect(card.status).toBe(409);
    expect(await card.json()).toEqual({ error: 'idempotency_key_reused' });

    // The order page's view says how to pay and until when.
    const token = encodeURIComponent(url.searchParams.get('token') ?? '');
    const view = (await (
      await callWorker(new Request(`${ORIGIN}/api/orders/${placed.orderId}?token=${token}`))
    ).json()) as OrderView;
    expect(view).toMatchObject({ status: 'pending', payment: 'transfer', payBy: order.holdUntil });
  });

  it('needs no payment provider: Stripe is configured and never called', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await postOrder(
      { items: [{ product: 'online-standard' }], invoice: COMPANY, payment: 'transfer' },
      undefined,
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<Bindings>,
    );
    expect(res.status).toBe(201);
    expect(fetchSpy).not.toHaveBeenCalled();
    const placed = (await res.json()) as Placed;
    expect((await readOrder(placed.orderId)).provider).toBe('transfer');
  });

  it('is refused without invoice data (422 payment: transfer_needs_invoice), and nothing is held', async () => {
    const res = await postOrder({ items: [{ product: 'online-standard' }], payment: 'transfer' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { payment: 'transfer_needs_invoice' } });
    expect(await allOrders()).toEqual([]);
  });

  it('is refused 409 transfer_closed from 10 days before the congress, while a card order is still taken', async () => {
    setClock(new Date(transferClosesAt() - 60_000).toISOString());
    expect(
      (await postOrder({ items: [{ product: 'online-standard' }], invoice: COMPANY, payment: 'transfer' })).status,
    ).toBe(201);
    setClock(new Date(transferClosesAt()).toISOString());
    const res = await postOrder({ items: [{ product: 'online-standard' }], invoice: COMPANY, payment: 'transfer' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'transfer_closed', until: new Date(transferClosesAt()).toISOString() });
    expect((await allOrders()).length).toBe(1);
    expect((await postOrder({ items: [{ product: 'online-standard' }], invoice: COMPANY })).status).toBe(201);
  });
});

describe('the hold of a transfer order', () => {
  it('queues the reminder once, 2 days before it runs out (not before, not twice), and then expires and returns the places', async () => {
    const before = await remaining('onsite-pro');
    const placed = await orderByTransfer([{ product: 'onsite-pro', name: 'Anna Nowak' }]);
    const holdUntil = Date.parse((await readOrder(placed.orderId)).holdUntil);
    const at = async (ms: number) => {
      setClock(new Date(ms).toISOString());
      await runAlarm();
    };
    await at(holdUntil - TRANSFER_REMINDER_MS - 60_000);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma']);
    await at(holdUntil - TRANSFER_REMINDER_MS);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'transfer_reminder']);
    await at(holdUntil - TRANSFER_REMINDER_MS + 60_000);
    await at(holdUntil - 60_000);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'transfer_reminder']);
    expect((await history(placed.orderId)).filter((e) => e === 'transfer_reminder_queued')).toHaveLength(1);
    expect((await readOrder(placed.orderId)).status).toBe('pending');
    expect(await remaining('onsite-pro')).toBe((before ?? 0) - 1);

    await at(holdUntil);
    expect((await readOrder(placed.orderId)).status).toBe('expired');
    expect(await remaining('onsite-pro')).toBe(before);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'transfer_reminder']);
  });

  it('sends no reminder for an order paid in time', async () => {
    const placed = await orderByTransfer();
    const order = await readOrder(placed.orderId);
    expect((await markPaid(placed.orderId, { amount: order.gross, paidOn: '2027-03-15' })).status).toBe(200);
    setClock(new Date(Date.parse(order.holdUntil) - TRANSFER_REMINDER_MS).toISOString());
    await runAlarm();
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'confirmation']);
  });
});

describe('the e-mails of a transfer order', () => {
  it('gives the amount, the account, the order code as the title, the pay-by date and the order page; the reminder says the same, and is not sent once paid', async () => {
    const placed = await orderByTransfer();
    const order = await readOrder(placed.orderId);
    const sent: { subject: string; text: string; to: string; attachments: EmailAttachment[] }[] = [];
    const send = vi.fn(async (message: unknown) => {
      sent.push(message as (typeof sent)[number]);
      return { messageId: `msg-${sent.length}` };
    });
    const [proforma] = await office().emails(placed.orderId);
    await consumeMail([proforma?.id ?? 0], send);
    expect(sent[0]?.to).toBe('ksiegowosc@firma.pl');
    expect(decodeWords(sent[0]?.subject ?? '')).toBe(`Dane do przelewu – zamówienie ${placed.code}`);
    const text = sent[0]?.text ?? '';
    expect(text).toContain(
      `Kwota: ${new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2 }).format(order.gross / 100)}`,
    );
    expect(text).toContain(`Numer konta: ${ORGANISER.bank.iban}`);
    expect(text).toContain(`Tytuł przelewu: ${placed.code}`);
    expect(text).toContain('Zapłać do: 22 marca 2027');
    expect(text).toContain(`${href('pl', 'thanks')}?order=${placed.orderId}&token=`);
    // The organiser is example data: the e-mail says the account is one.
    expect(text).toContain('przykładowy numer konta');
    // The pro-forma goes with it as a PDF, and the e-mail says so.
    expect(text).toContain('Fakturę pro forma z tymi danymi znajdziesz w załączniku (PDF).');
    const pdf = sent[0]?.attachments.find((a) => a.type === 'application/pdf');
    expect(pdf?.filename).toBe(`proforma-${placed.code}.pdf`);
    expect(new TextDecoder().decode(((pdf?.content ?? new Uint8Array()) as Uint8Array).slice(0, 5))).toBe('%PDF-');
    // The order page offers the same document with the order's token.
    const token = new URL(placed.url).searchParams.get('token') ?? '';
    const download = await callWorker(
      new Request(`${ORIGIN}/api/orders/${placed.orderId}/proforma.pdf?token=${token}`),
    );
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="proforma-${placed.code}.pdf"`);
    const wrong = await callWorker(new Request(`${ORIGIN}/api/orders/${placed.orderId}/proforma.pdf?token=nope`));
    expect(wrong.status).toBe(404);

    const hold = Date.parse(order.holdUntil);
    setClock(new Date(hold - TRANSFER_REMINDER_MS).toISOString());
    await runAlarm();
    const reminder = (await office().emails(placed.orderId)).find((e) => e.kind === 'transfer_reminder');
    await consumeMail([reminder?.id ?? 0], send);
    expect(decodeWords(sent[1]?.subject ?? '')).toBe(`Przypomnienie: czekamy na przelew za zamówienie ${placed.code}`);
    expect(sent[1]?.text).toContain(`Tytuł przelewu: ${placed.code}`);

    // A reminder queued and then overtaken by the payment is not sent.
    const other = await orderByTransfer();
    const otherOrder = await readOrder(other.orderId);
    setClock(new Date(Date.parse(otherOrder.holdUntil) - TRANSFER_REMINDER_MS).toISOString());
    await runAlarm();
    const queued = (await office().emails(other.orderId)).find((e) => e.kind === 'transfer_reminder');
    expect(queued).toBeDefined();
    // Paid on the day it was placed (a day before is no day its money can have arrived).
    await markPaid(other.orderId, { amount: otherOrder.gross, paidOn: otherOrder.createdAt.slice(0, 10) });
    await consumeMail([queued?.id ?? 0], send);
    expect(sent).toHaveLength(2);
  });
});

describe('POST /api/admin/orders/:id/mark-paid', () => {
  it('refuses another amount with 409 amount_mismatch and the amount expected, and changes nothing', async () => {
    const placed = await orderByTransfer();
    const order = await readOrder(placed.orderId);
    const res = await markPaid(placed.orderId, { amount: order.gross - 1, paidOn: '2027-03-15' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'amount_mismatch', expected: order.gross, status: 'pending' });
    expect(await readOrder(placed.orderId)).toEqual(order);
    expect(await office().invoices(placed.orderId)).toEqual([]);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma']);
    expect(await history(placed.orderId)).toEqual(['created', 'email_queued']);
  });

  it('pays the order: tickets, one confirmation and the invoice dated as paid on the day the money arrived; a second mark pays nothing twice', async () => {
    const placed = await orderByTransfer([
      { product: 'onsite-pro', name: 'Anna Nowak' },
      { product: 'online-premium' },
    ]);
    const order = await readOrder(placed.orderId);
    setClock('2027-03-18T09:00:00Z');
    const body = { amount: order.gross, paidOn: '2027-03-16', reference: 'Zamówienie w tytule' };
    const res = await markPaid(placed.orderId, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: placed.orderId, status: 'paid' });
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'confirmation']);
    // One invoice (an array matches only one of its own length).
    expect(await office().invoices(placed.orderId)).toMatchObject([
      {
        kind: 'ZAL',
        paidOn: '2027-03-16',
        issuedOn: '2027-03-18',
        paymentMethod: 'transfer',
        totals: { gross: order.gross },
      },
    ]);
    const marked = ((await office().history(placed.orderId)) as LogEntry[]).find((e) => e.event === 'marked_paid');
    expect(marked?.data).toEqual({
      by: 'ADMIN_TOKEN',
      amount: order.gross,
      paidOn: '2027-03-16',
      reference: body.reference,
    });

    const again = await markPaid(placed.orderId, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'already_paid', status: 'paid' });
    expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'confirmation']);
    expect(await office().invoices(placed.orderId)).toHaveLength(1);
  });

  it('answers 422 with the fields, 404 for no such order and 409 not_transfer for an order paid by card', async () => {
    const placed = await orderByTransfer();
    const bad = await markPaid(placed.orderId, { amount: 12.5, paidOn: '2027-02-30', reference: '' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: 'invalid_fields',
      fields: { amount: 'invalid', paidOn: 'invalid_date', reference: 'required' },
    });
    const future = await markPaid(placed.orderId, { amount: 100, paidOn: '2027-03-16' });
    expect(await future.json()).toEqual({ error: 'invalid_fields', fields: { paidOn: 'in_future' } });
    expect((await markPaid('01ABCDEFGHJKMNPQRSTVWXYZ00', { amount: 100, paidOn: '2027-03-15' })).status).toBe(404);
    const card = (await (await postOrder({ items: [{ product: 'online-standard' }] })).json()) as Placed;
    const refused = await markPaid(card.orderId, { amount: 100, paidOn: '2027-03-15' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'not_transfer' });
  });

  it('lets an expired order take a free place; once its places are gone, refuses no_place and pays nothing', async () => {
    const early = await orderByTransfer([{ product: 'onsite-vip', name: 'Ewa' }]);
    const late = await orderByTransfer([{ product: 'onsite-vip', name: 'Olek' }]);
    const hold = Date.parse((await readOrder(early.orderId)).holdUntil);
    setClock(new Date(hold + 60_000).toISOString());
    await runAlarm();
    expect((await readOrder(early.orderId)).status).toBe('expired');
    const gross = (await readOrder(early.orderId)).gross;
    const paidOn = new Date(hold).toISOString().slice(0, 10);
    expect((await markPaid(early.orderId, { amount: gross, paidOn })).status).toBe(200);
    expect((await readOrder(early.orderId)).status).toBe('paid');

    // The other on-site VIP places sell out meanwhile.
    // Many buyers, each within the unpaid places one buyer may hold (site/holds.ts).
    const left = (await remaining('onsite-vip')) ?? 0;
    const share = scarcity(product('onsite-vip'), left)?.perBuyer ?? left;
    for (let n = left; n > 0; n -= Math.min(n, share)) {
      const items = Array.from({ length: Math.min(n, share) }, (_, i) => ({
        product: 'onsite-vip',
        name: `Gość ${i}`,
      }));
      expect((await postOrder({ items, email: `gosc${n}@firma.pl` })).status).toBe(201);
    }
    expect(await remaining('onsite-vip')).toBe(0);
    const res = await markPaid(late.orderId, { amount: gross, paidOn });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'no_place', status: 'expired' });
    expect((await readOrder(late.orderId)).status).toBe('expired');
    expect(await office().invoices(late.orderId)).toEqual([]);
    expect(await emailKinds(late.orderId)).toEqual(['proforma']);
    // Recorded once, so the organisers see the money to return; a second mark records nothing more.
    expect((await history(late.orderId)).filter((e) => e === 'paid_without_place')).toHaveLength(1);
    await markPaid(late.orderId, { amount: gross, paidOn });
    expect((await history(late.orderId)).filter((e) => e === 'paid_without_place')).toHaveLength(1);
  });
});

describe('POST /api/admin/transfers/import (MT940)', () => {
  /** The fixture with the codes of real orders in its titles (as a buyer might type them). */
  async function statementFor() {
    const a = await orderByTransfer([{ product: 'online-standard' }]);
    const b = await orderByTransfer([{ product: 'onsite-pro', name: 'Bartek' }]);
    const c = await orderByTransfer([{ product: 'online-standard' }]);
    // The fixture's amounts are these orders' gross amounts (a: 367,77; b: 1228,77).
    expect((await readOrder(a.orderId)).gross).toBe(367_77);
    expect((await readOrder(b.orderId)).gross).toBe(1228_77);
    const spaced = `${b.code.slice(0, 4)}-${b.code.slice(4)}`.toLowerCase();
    const text = statementTemplate.replace('{{A}}', a.code).replace('{{B}}', spaced).replace('{{C}}', c.code);
    return { a, b, c, text };
  }

  it('pays the two matching transfers on their booking day and reports the wrong amount, the unknown code; the debit is skipped; a second import pays nothing twice', async () => {
    const { a, b, c, text } = await statementFor();
    setClock('2027-03-18T09:00:00Z');
    const res = await importStatement(text);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      statements: number;
      credits: number;
      debits: number;
      report: TransferReport[];
    };
    expect(body).toMatchObject({ statements: 1, credits: 4, debits: 1 });
    const summary = (report: TransferReport[]) =>
      report.map((entry) => [entry.line, entry.bookedOn, entry.amount, entry.code, entry.result, entry.expected]);
    expect(summary(body.report)).toEqual([
      [5, '2027-03-17', 367_77, a.code, 'paid', undefined],
      [9, '2027-03-17', 1228_77, b.code, 'paid', undefined],
      // Too little: kept as a part of its gross until the rest arrives (issue 48).
      [13, '2027-03-17', 300_00, c.code, 'underpaid', 367_77],
      [16, '2027-03-17', 500_00, null, 'unknown_code', undefined],
    ]);
    expect(body.report[0]?.title).toBe(`Zamówienie ${a.code} Kongres AI Polska`);
    for (const placed of [a, b]) {
      expect((await readOrder(placed.orderId)).status).toBe('paid');
      expect((await office().invoices(placed.orderId)).map((i) => i.paidOn)).toEqual(['2027-03-17']);
      expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'confirmation']);
    }
    expect((await readOrder(c.orderId)).status).toBe('pending');

    const again = (await (await importStatement(text)).json()) as { report: TransferReport[] };
    expect(again.report.map((entry) => entry.result)).toEqual([
      'already_paid',
      'already_paid',
      'underpaid',
      'unknown_code',
    ]);
    for (const placed of [a, b]) {
      expect(await office().invoices(placed.orderId)).toHaveLength(1);
      expect(await emailKinds(placed.orderId)).toEqual(['proforma', 'confirmation']);
      expect((await history(placed.orderId)).filter((e) => e === 'paid')).toHaveLength(1);
    }
  });

  it('refuses a malformed statement with 422 and its line, and pays nothing', async () => {
    const { a, text } = await statementFor();
    const broken = text.replace(':61:2703160317CN367,77', ':61:2703160317CN367.77');
    const res = await importStatement(broken);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'invalid_statement', line: 5 });
    // A line left out: the closing balance no longer adds up.
    const lines = text.split('\r\n');
    const truncated = [...lines.slice(0, 4), ...lines.slice(8)].join('\r\n');
    const res2 = await importStatement(truncated);
    expect(res2.status).toBe(422);
    expect(await res2.json()).toMatchObject({ error: 'invalid_statement', line: 18 });
    expect((await importStatement('Hello, this is not a statement')).status).toBe(422);
    expect((await readOrder(a.orderId)).status).toBe('pending');
  });

  it('is for organisers only', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/api/admin/transfers/import`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: ':20:X',
      }),
    );
    expect(res.status).toBe(401);
  });
});

describe('the MT940 parser', () => {
  it('reads the entry date across the turn of a year, reversal marks and titles without sub-fields', () => {
    const text = [
      ':20:X',
      ':25:PL00000000001234567890123456',
      ':28C:1',
      ':60F:C271231PLN100,00',
      ':61:2712310102CN10,5NTRFNONREF',
      ':86:Plain title ABCD EFGH',
      ':61:271231RDN1,NMSCNONREF',
      ':62F:C280102PLN111,50',
    ].join('\n');
    const [statement] = parseMt940(text);
    expect(statement?.lines.map((l) => [l.bookedOn, l.valueDate, l.mark, l.amount, l.title])).toEqual([
      ['2028-01-02', '2027-12-31', 'C', 10_50, 'Plain title ABCD EFGH'],
      ['2027-12-31', '2027-12-31', 'RD', 1_00, ''],
    ]);
    expect(() => parseMt940(text.replace(':28C:1\n', ''))).toThrow(Mt940Error);
  });

  it('finds a code written with spaces, hyphens, lower case or O for 0', () => {
    expect(codeCandidates('zam. 7k3m-9qxa')).toContain('7K3M9QXA');
    expect(codeCandidates('Zamówienie 7K3M 9QXA')).toContain('7K3M9QXA');
    expect(codeCandidates('order 1O2O-3O4O')).toContain('10203040');
    // Shorter runs, and U, which no code has, name nothing.
    expect(codeCandidates('FV/2027/1')).toEqual([]);
    expect(codeCandidates('BUKU-BUKU')).toEqual([]);
  });
});

/** Grosze as MT940 writes an amount: `367,77`. */
const mt940Amount = (grosze: number) => `${Math.floor(grosze / 100)},${String(grosze % 100).padStart(2, '0')}`;

type Line = { mark: 'C' | 'D' | 'RC' | 'RD'; date: string; amount: number; title: string; reference?: string };

/**
 * A one-statement MT940 file with these lines (`date` as YYMMDD, booked that day); balances that
 * add up. The first line's `:61:` is line 5 of the file, each line takes two.
 */
function mt940(lines: Line[]): string {
  const opening = 10_000_00;
  const closing = lines.reduce(
    (sum, line) => sum + (line.mark === 'C' || line.mark === 'RD' ? line.amount : -line.amount),
    opening,
  );
  return [
    ':20:MT940/TEST',
    ':25:/PL00000000001234567890123456',
    ':28C:00001/001',
    `:60F:C270316PLN${mt940Amount(opening)}`,
    ...lines.flatMap((line, i) => [
      `:61:${line.date}${line.date.slice(2)}${line.mark}N${mt940Amount(line.amount)}NTRF${line.reference ?? 'NONREF'}//B${String(i).padStart(6, '0')}`,
      `:86:020~00VE02~20${line.title}~21~22~23~24~25~32NADAWCA`,
    ]),
    `:62F:C270318PLN${mt940Amount(closing)}`,
    '-',
  ].join('\r\n');
}

type ImportAnswer = { credits: number; reversals: number; debits: number; report: TransferReport[] };

async function imported(statement: string): Promise<ImportAnswer> {
  const res = await importStatement(statement);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportAnswer;
}

describe('the day a transfer arrived (issue 43)', () => {
  it.each([
    ['0026-11-27', 'before_order'],
    ['2015-06-30', 'before_order'],
    ['1999-12-31', 'before_order'],
    // The order was placed at 00:30 in Warsaw on 15 March, still 14 March in UTC.
    ['2027-03-14', 'before_order'],
    ['2027-03-19', 'in_future'],
  ])('mark-paid refuses paidOn %s with 422 paidOn: %s and changes nothing', async (paidOn, reason) => {
    setClock('2027-03-14T23:30:00Z');
    const placed = await orderByTransfer();
    const order = await readOrder(placed.orderId);
    setClock('2027-03-18T09:00:00Z');
    const res = await markPaid(placed.orderId, { amount: order.gross, paidOn });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { paidOn: reason } });
    expect(await readOrder(placed.orderId)).toEqual(order);
    expect(await office().invoices(placed.orderId)).toEqual([]);
    expect(await emailKinds(placed.orderId)).toEqual(['proforma']);
    expect(await history(placed.orderId)).toEqual(['created', 'email_queued']);
  });

  it('mark-paid takes the day the order was placed in Warsaw and today, and the invoice is valid FA(3) (afterEach)', async () => {
    setClock('2027-03-14T23:30:00Z');
    const first = await orderByTransfer();
    const second = await orderByTransfer();
    // 23:30 UTC on 18 March is already 19 March in Warsaw: today there.
    setClock('2027-03-18T23:30:00Z');
    const gross = (await readOrder(first.orderId)).gross;
    expect((await markPaid(first.orderId, { amount: gross, paidOn: '2027-03-15' })).status).toBe(200);
    expect((await markPaid(second.orderId, { amount: gross, paidOn: '2027-03-19' })).status).toBe(200);
    expect((await office().invoices(first.orderId)).map((i) => i.paidOn)).toEqual(['2027-03-15']);
    expect((await office().invoices(second.orderId)).map((i) => i.paidOn)).toEqual(['2027-03-19']);
  });

  it('a statement line booked in 1999, 2015, 2079 or 40 days ahead pays nothing and is reported invalid_date with the reason; the good line is paid', async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => orderByTransfer()));
    const gross = (await readOrder(orders[0]?.orderId ?? '')).gross;
    setClock('2027-03-18T09:00:00Z');
    const dates = ['991231', '150630', '790101', '270427', '270317'];
    const body = await imported(
      mt940(dates.map((date, i) => ({ mark: 'C', date, amount: gross, title: `Zamowienie ${orders[i]?.code}` }))),
    );
    expect(body.report.map((e) => [e.line, e.bookedOn, e.code, e.result, e.reason])).toEqual([
      [5, '1999-12-31', orders[0]?.code, 'invalid_date', 'before_order'],
      [7, '2015-06-30', orders[1]?.code, 'invalid_date', 'before_order'],
      [9, '2079-01-01', orders[2]?.code, 'invalid_date', 'in_future'],
      [11, '2027-04-27', orders[3]?.code, 'invalid_date', 'in_future'],
      [13, '2027-03-17', orders[4]?.code, 'paid', undefined],
    ]);
    for (const placed of orders.slice(0, 4)) {
      expect((await readOrder(placed.orderId)).status).toBe('pending');
      expect(await office().invoices(placed.orderId)).toEqual([]);
    }
    expect((await readOrder(orders[4]?.orderId ?? '')).status).toBe('paid');
  });
});

describe('reversals and ambiguous titles in a statement (issue 43)', () => {
  it('a credit reversed by an RC line of the same statement leaves its order unpaid, and the report says which line undid which; a replay is the same', async () => {
    const [a, b] = [await orderByTransfer(), await orderByTransfer()];
    const gross = (await readOrder(a.orderId)).gross;
    setClock('2027-03-18T09:00:00Z');
    const statement = mt940([
      { mark: 'C', date: '270317', amount: gross, title: `Zamowienie ${a.code}` },
      { mark: 'C', date: '270317', amount: gross, title: `Zamowienie ${b.code}` },
      { mark: 'RC', date: '270317', amount: gross, title: `STORNO Zamowienie ${a.code}` },
    ]);
    const first = await imported(statement);
    expect(first).toMatchObject({ credits: 2, reversals: 1, debits: 0 });
    const summary = (report: TransferReport[]) =>
      report.map((e) => [e.line, e.code, e.result, e.reversedBy ?? e.reverses ?? null]);
    expect(summary(first.report)).toEqual([
      [5, a.code, 'reversed', 9],
      [7, b.code, 'paid', null],
      [9, a.code, 'reversal', 5],
    ]);
    expect((await readOrder(a.orderId)).status).toBe('pending');
    expect(await office().invoices(a.orderId)).toEqual([]);
    expect(await emailKinds(a.orderId)).toEqual(['proforma']);
    expect((await readOrder(b.orderId)).status).toBe('paid');

    const again = await imported(statement);
    expect(summary(again.report)).toEqual([
      [5, a.code, 'reversed', 9],
      [7, b.code, 'already_paid', null],
      [9, a.code, 'reversal', 5],
    ]);
    expect((await readOrder(a.orderId)).status).toBe('pending');
    expect(await office().invoices(b.orderId)).toHaveLength(1);
  });

  it('matches a reversal by the reference the credit carried, of two credits of the same amount, whatever its title says', async () => {
    const [a, b] = [await orderByTransfer(), await orderByTransfer()];
    const gross = (await readOrder(a.orderId)).gross;
    setClock('2027-03-18T09:00:00Z');
    const body = await imported(
      mt940([
        { mark: 'C', date: '270317', amount: gross, title: `Zamowienie ${a.code}`, reference: 'REF-A-0001' },
        { mark: 'C', date: '270317', amount: gross, title: `Zamowienie ${b.code}`, reference: 'REF-B-0002' },
        { mark: 'RC', date: '270317', amount: gross, title: 'Zwrot srodkow', reference: 'REF-B-0002' },
      ]),
    );
    expect(body.report.map((e) => [e.line, e.result])).toEqual([
      [5, 'paid'],
      [7, 'reversed'],
      [9, 'reversal'],
    ]);
    expect((await readOrder(a.orderId)).status).toBe('paid');
    expect((await readOrder(b.orderId)).status).toBe('pending');
  });

  it('reports a reversal that matches no credit of its statement (another amount, or nothing named), and pays as usual', async () => {
    const a = await orderByTransfer();
    const gross = (await readOrder(a.orderId)).gross;
    setClock('2027-03-18T09:00:00Z');
    const body = await imported(
      mt940([
        { mark: 'C', date: '270317', amount: gross, title: `Zamowienie ${a.code}` },
        { mark: 'RC', date: '270317', amount: gross - 100, title: `Zamowienie ${a.code}` },
        { mark: 'RC', date: '270317', amount: gross, title: 'Korekta' },
      ]),
    );
    expect(body.report.map((e) => [e.line, e.code, e.result, e.orderPaid])).toEqual([
      [5, a.code, 'paid', undefined],
      [7, a.code, 'reversal_unmatched', true],
      [9, null, 'reversal_unmatched', undefined],
    ]);
  });

  it('a title naming two order codes is ambiguous: reported with both codes, nothing paid', async () => {
    const [a, b] = [await orderByTransfer(), await orderByTransfer()];
    const gross = (await readOrder(a.orderId)).gross;
    setClock('2027-03-18T09:00:00Z');
    const body = await imported(
      mt940([{ mark: 'C', date: '270317', amount: gross, title: `Zamowienia ${a.code} i ${b.code}` }]),
    );
    expect(body.report).toEqual([
      {
        line: 5,
        bookedOn: '2027-03-17',
        amount: gross,
        title: `Zamowienia ${a.code} i ${b.code}`,
        code: null,
        result: 'ambiguous',
        codes: [a.code, b.code],
      },
    ]);
    for (const placed of [a, b]) expect((await readOrder(placed.orderId)).status).toBe('pending');
  });
});

describe('transfers that are not exact (issue 48)', () => {
  const credits = async () =>
    (
      (await (await callWorker(new Request(`${ORIGIN}/api/admin/transfers/credits`, { headers: ADMIN }))).json()) as {
        credits: { key: string; kind: string; state: string; orderId: string | null; amount: number }[];
      }
    ).credits;
  const post = (path: string, body: unknown) =>
    callWorker(
      new Request(`${ORIGIN}/api/admin${path}`, { method: 'POST', headers: ADMIN, body: JSON.stringify(body) }),
    );

  it('keeps a split payment until its parts add up, pays once, keeps an overpayment and an unmatched credit; a replay changes nothing', async () => {
    const split = await orderByTransfer();
    const over = await orderByTransfer();
    const under = await orderByTransfer();
    const gross = (await readOrder(split.orderId)).gross;
    setClock('2027-03-18T09:00:00Z');
    const half = Math.floor(gross / 2);
    const statement = mt940([
      { mark: 'C', date: '270316', amount: half, title: `Zamowienie ${split.code} rata 1` },
      { mark: 'C', date: '270317', amount: gross - half, title: `Zamowienie ${split.code} rata 2` },
      { mark: 'C', date: '270317', amount: gross + 50_00, title: `Zamowienie ${over.code}` },
      { mark: 'C', date: '270317', amount: 100_00, title: `Zamowienie ${under.code}` },
      { mark: 'C', date: '270317', amount: 123_45, title: 'Darowizna bez numeru' },
    ]);
    const first = await imported(statement);
    expect(first.report.map((e) => [e.code, e.result, e.received ?? null])).toEqual([
      [split.code, 'underpaid', half],
      [split.code, 'paid', null],
      [over.code, 'overpaid', gross + 50_00],
      [under.code, 'underpaid', 100_00],
      [null, 'unknown_code', null],
    ]);
    expect((await readOrder(split.orderId)).status).toBe('paid');
    // Paid once, dated the day the last part arrived; one invoice.
    expect((await office().invoices(split.orderId)).map((i) => i.paidOn)).toEqual(['2027-03-17']);
    expect((await readOrder(over.orderId)).status).toBe('paid');
    expect((await readOrder(under.orderId)).status).toBe('pending');
    const kept = await credits();
    expect(
      kept
        .filter((c) => c.state === 'open')
        .map((c) => [c.kind, c.amount])
        .sort(),
    ).toEqual(
      [
        ['excess', 50_00],
        ['part', 100_00],
        ['unmatched', 123_45],
      ].sort(),
    );

    const again = await imported(statement);
    expect(again.report.map((e) => e.result)).toEqual([
      'already_paid',
      'already_paid',
      'already_paid',
      'underpaid',
      'unknown_code',
    ]);
    expect(await credits()).toHaveLength(kept.length);
    expect(await office().invoices(split.orderId)).toHaveLength(1);
    expect((await history(split.orderId)).filter((e) => e === 'paid')).toHaveLength(1);

    // The unmatched credit matched by hand to the underpaid order: its parts now short by the rest.
    const unmatched = kept.find((c) => c.kind === 'unmatched');
    const matched = await post('/transfers/credits/match', { key: unmatched?.key, order: under.code });
    expect(matched.status).toBe(200);
    expect(await matched.json()).toMatchObject({ result: 'underpaid', received: 100_00 + 123_45 });
    // The excess returned, once.
    const excess = kept.find((c) => c.kind === 'excess');
    const returned = await post('/transfers/credits/return', {
      key: excess?.key,
      on: '2027-03-18',
      reference: 'ZWROT 1',
    });
    expect(returned.status).toBe(200);
    const twice = await post('/transfers/credits/return', { key: excess?.key, on: '2027-03-18', reference: 'ZWROT 2' });
    expect(twice.status).toBe(409);
    expect((await credits()).find((c) => c.key === excess?.key)?.state).toBe('returned');
  });
});
