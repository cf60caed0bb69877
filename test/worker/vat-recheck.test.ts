import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { venueDay } from '../../site/format';
import type { InvoiceData, IssuedInvoice, VatCheck } from '../../site/invoices';
import type { OrderView } from '../../site/order-view';
import type { Order, Provider } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import type { ProductId } from '../../site/tickets';
import { sha256Hex } from '../../worker/crypto';
import type { Bindings } from '../../worker/env';
import { REVERSE_CHARGE_REASON } from '../../worker/invoices/rate-correction';
import { checkVatNumber, viesConfig } from '../../worker/tax/vies';
import { setFakeViesOutage } from '../../worker/tax/vies-fake';
import { POLISH_COMPANY } from '../support/invoice-data';
import { DURING_PROMOTION, office, placeOrder, resetBoxOffice, setClock } from './box-office';
import { expectValidInvoices } from './fa3';
import { callWorker } from './platform';

// Issue 43, item 2: when VIES is down the buyer pays 23% VAT and can ask for a correction once it
// confirms the number: `POST /api/orders/:id/vat-check`. The VIES fake is taken down for the
// number at the purchase and brought back for the re-check (worker/tax/vies-fake.ts).

const ORIGIN = 'https://kongres.test';
const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' } as Partial<Bindings>;
const SECRET = 'vat-recheck-secret';
const GMBH: InvoiceData = {
  ...POLISH_COMPANY,
  name: 'Beispiel GmbH',
  taxId: 'DE123456789',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
};
const NUMBER = { countryCode: 'DE', vatNumber: '123456789' };
const NET = 99_900;
const VAT = 22_977;
/** Online Premium: not scarce, so a transfer order of it needs no verified company (the hold rules). */
const PREMIUM = { net: 49_900, vat: 11_477 };

let serial = 0;

/**
 * An order of a German company placed while VIES is down for its number (23% VAT, the check
 * `unavailable`), then paid when `paid`; VIES is back afterwards.
 */
async function orderWhileViesDown(
  options: { provider?: Provider; products?: ProductId[]; paid?: boolean; checkout?: boolean } = {},
): Promise<Order> {
  const { provider = 'stripe', products = ['online-vip'], paid = true } = options;
  serial++;
  const id = `01KV${String(serial).padStart(22, '0')}`;
  setFakeViesOutage(NUMBER, true);
  const vatCheck = await checkVatNumber(viesConfig(env as unknown as Bindings), NUMBER, Date.now());
  setFakeViesOutage(NUMBER, false);
  expect(vatCheck).toMatchObject({ status: 'unavailable', error: 'MS_UNAVAILABLE' });
  const made = await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items: products.map((product) => ({ product, name: 'Erika Mustermann' })),
    email: `einkauf${serial}@beispiel.de`,
    lang: 'de',
    provider,
    invoice: GMBH,
    vatCheck,
    tokenHash: await sha256Hex(SECRET),
    fingerprint: 'f',
    now: Date.now(),
  });
  if (made.kind === 'refused') throw new Error(made.error);
  if (provider === 'stripe' && (paid || options.checkout !== false)) {
    await office().startPayment(id, `cs_${id}`, 'https://checkout.stripe.com/c/pay/x', Date.now());
  }
  if (paid && provider === 'transfer') {
    const gross = made.order.gross;
    await office().markTransferPaid(
      id,
      { amount: gross, paidOn: venueDay(Date.parse(made.order.createdAt)), by: 'test' },
      Date.now(),
    );
  } else if (paid) {
    await office().settle(id, 'paid', Date.now(), { provider, by: 'test' });
  }
  return (await office().order(id)) as Order;
}

const recheck = (order: Pick<Order, 'id'>, token = SECRET) =>
  callWorker(
    new Request(`${ORIGIN}/api/orders/${order.id}/vat-check?token=${encodeURIComponent(token)}`, { method: 'POST' }),
    STRIPE,
  );

/**
 * Stripe's API faked as refunds.test.ts fakes it (a refund takes a while, an overlapping call with
 * the same key gets 409, a key used before gets the first answer); any other request (VIES's fake,
 * the schema validator) goes where it went.
 */
function fakeStripe() {
  const through = globalThis.fetch;
  const refunds: { key: string | null; body: URLSearchParams; status: number }[] = [];
  const running = new Set<string>();
  const done = new Map<string, unknown>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/v1/')) return through(input, init);
    if (!url.endsWith('/v1/refunds')) return Response.json({ id: 'cs_x', payment_intent: 'pi_1' });
    const key = new Headers(init.headers).get('Idempotency-Key');
    const body = new URLSearchParams(String(init.body));
    if (key && running.has(key)) {
      refunds.push({ key, body, status: 409 });
      return Response.json({ error: { type: 'idempotency_error' } }, { status: 409 });
    }
    const known = key ? done.get(key) : undefined;
    if (known) return Response.json(known);
    if (key) running.add(key);
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (key) running.delete(key);
    const refund = { id: `re_vat_${serial}`, amount: Number(body.get('amount')), status: 'succeeded' };
    if (key) done.set(key, refund);
    refunds.push({ key, body, status: 200 });
    return Response.json(refund);
  });
  return { made: () => refunds.filter((r) => r.status === 200) };
}

const corrections = (invoices: IssuedInvoice[]) => invoices.filter((invoice) => invoice.correction);

beforeEach(async () => {
  await resetBoxOffice();
  setClock(DURING_PROMOTION);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  setFakeViesOutage(NUMBER, false);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a paid order whose VAT number VIES confirms at the re-check', () => {
  it('is corrected to reverse charge, with one correction invoice and one refund of the VAT, under 5 simultaneous re-checks', async () => {
    const order = await orderWhileViesDown();
    expect(order).toMatchObject({ status: 'paid', net: NET, vat: VAT, gross: NET + VAT });
    const [invoice] = await office().invoices(order.id);
    expect(invoice).toMatchObject({ kind: 'ZAL', reverseCharge: false, totals: { net: NET, vat: VAT } });
    const stripe = fakeStripe();

    const answers = await Promise.all(Array.from({ length: 5 }, () => recheck(order)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const view = (await answers[0]?.json()) as OrderView;
    expect(view).toMatchObject({ net: NET, vat: 0, gross: NET, status: 'paid' });
    expect(view.vatCheck).toMatchObject({
      vatId: 'DE123456789',
      status: 'valid',
      recheck: null,
      correction: { difference: VAT, refund: 'refunded' },
    });

    // The refund: once, of the VAT difference only, under its own key.
    expect(stripe.made()).toHaveLength(1);
    const [refund] = stripe.made();
    expect(refund?.key).toBe(`refund-vat-${order.id}`);
    expect(refund?.body.get('amount')).toBe(String(VAT));
    expect(refund?.body.get('payment_intent')).toBe('pi_1');

    // The order and its tickets: net only, as a reverse charge is.
    const corrected = (await office().order(order.id)) as Order;
    expect(corrected).toMatchObject({ net: NET, vat: 0, gross: NET });
    expect(corrected.tickets).toEqual([expect.objectContaining({ net: NET, vat: 0, gross: NET })]);

    // One correction of the advance invoice: the 23% line taken back, the same ticket at np.
    const [correction, ...more] = corrections(await office().invoices(order.id));
    expect(more).toEqual([]);
    expect(correction).toMatchObject({
      kind: 'KOR_ZAL',
      number: expect.stringMatching(/^KOR\/\d{4}\/00001$/),
      reverseCharge: true,
      totals: { net: 0, vat: -VAT, gross: -VAT },
      correction: {
        reason: REVERSE_CHARGE_REASON,
        effect: 'original',
        of: { id: invoice?.id, number: invoice?.number, gross: NET + VAT },
      },
    });
    expect(
      correction?.lines.map(({ product, quantity, vatRate, net, vat, gross }) => [
        product,
        quantity,
        vatRate,
        net,
        vat,
        gross,
      ]),
    ).toEqual([
      ['online-vip', -1, 23, -NET, -VAT, -(NET + VAT)],
      ['online-vip', 1, 'np', NET, 0, NET],
    ]);
    await expectValidInvoices([correction as IssuedInvoice]);

    // The evidence, the log and the buyer's e-mail, each once.
    const checks = (await office().vatChecks(order.id)) as VatCheck[];
    expect(checks.map((check) => check.status)).toEqual(['unavailable', 'valid']);
    expect(checks[1]?.requestIdentifier).toEqual(expect.any(String));
    const history = await office().history(order.id);
    expect(history.filter((entry) => entry.event === 'vat_corrected')).toEqual([
      expect.objectContaining({ data: { difference: VAT, refund: 'refunded', reference: `re_vat_${serial}` } }),
    ]);
    expect((await office().emails(order.id)).filter((email) => email.kind === 'vat_correction')).toHaveLength(1);

    // Asked again: 409 with the state; nothing is refunded twice.
    const again = await recheck(order);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'already_corrected', status: 'paid', vatCheck: 'valid' });
    expect(stripe.made()).toHaveLength(1);
  });

  it('a cancel after the correction takes back what stands: the reverse-charge line, and refunds the rest', async () => {
    const order = await orderWhileViesDown();
    fakeStripe();
    expect((await recheck(order)).status).toBe(200);
    const cancelled = await callWorker(
      new Request(`${ORIGIN}/api/orders/${order.id}/cancel?token=${SECRET}`, { method: 'POST' }),
      STRIPE,
    );
    expect(cancelled.status).toBe(200);
    const [, cancel] = corrections(await office().invoices(order.id));
    expect(cancel?.lines.map(({ quantity, vatRate, net, vat }) => [quantity, vatRate, net, vat])).toEqual([
      [-1, 'np', -NET, 0],
    ]);
    expect(cancel?.totals.gross).toBe(-NET);
    expect(cancel?.correction?.of.gross).toBe(NET);
  });
});

describe('a re-check that corrects nothing', () => {
  it('answers 503 vies_unavailable with Retry-After while VIES is still down, and changes nothing', async () => {
    const order = await orderWhileViesDown();
    const stripe = fakeStripe();
    setFakeViesOutage(NUMBER, true);
    const answer = await recheck(order);
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await answer.json()).toEqual({ error: 'vies_unavailable' });
    expect(await office().order(order.id)).toMatchObject({ vat: VAT, gross: NET + VAT });
    expect(((await office().vatChecks(order.id)) as VatCheck[]).map((c) => c.status)).toEqual(['unavailable']);
    expect(corrections(await office().invoices(order.id))).toEqual([]);
    expect(stripe.made()).toEqual([]);
  });

  it('answers 422 on invoice.taxId when VIES says the number is not registered, keeping that answer as evidence', async () => {
    const order = await orderWhileViesDown();
    const stripe = fakeStripe();
    const through = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      String(input).endsWith('/check-vat-number')
        ? Response.json({
            countryCode: 'DE',
            vatNumber: '123456789',
            valid: false,
            requestDate: '2027-05-04',
            name: '---',
          })
        : through(input, init),
    );
    const answer = await recheck(order);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({
      error: 'invalid_fields',
      fields: { 'invoice.taxId': 'vat_id_not_registered' },
    });
    expect(await office().order(order.id)).toMatchObject({ vat: VAT, gross: NET + VAT });
    expect(((await office().vatChecks(order.id)) as VatCheck[]).map((c) => c.status)).toEqual([
      'unavailable',
      'invalid',
    ]);
    expect(corrections(await office().invoices(order.id))).toEqual([]);
    expect(stripe.made()).toEqual([]);
  });

  it('answers 409 not_eligible for on-site tickets (23% in Poland for everyone), and for an order VIES confirmed at once', async () => {
    const onsite = await orderWhileViesDown({ products: ['onsite-pro'] });
    const answer = await recheck(onsite);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: 'not_eligible', status: 'paid', vatCheck: 'unavailable' });
    expect(await office().order(onsite.id)).toMatchObject({ vat: onsite.vat, gross: onsite.gross });

    const confirmed = await placeOrder([{ product: 'online-vip' }], {
      id: '01KV9999999999999999999999',
      email: 'sofort@beispiel.de',
      lang: 'de',
      invoice: GMBH,
      vatCheck: await checkVatNumber(viesConfig(env as unknown as Bindings), NUMBER, Date.now()),
      tokenHash: await sha256Hex(SECRET),
    });
    expect(confirmed).toMatchObject({ kind: 'created', order: { vat: 0 } });
    const twice = await recheck({ id: '01KV9999999999999999999999' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: 'already_corrected', vatCheck: 'valid' });
  });

  it('answers 404 for a wrong secret', async () => {
    const order = await orderWhileViesDown();
    expect((await recheck(order, 'not-the-secret')).status).toBe(404);
  });
});

describe('a pending order', () => {
  it('with a checkout open at the old amount: 409 pay_first, nothing changes', async () => {
    const order = await orderWhileViesDown({ paid: false });
    const answer = await recheck(order);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: 'pay_first', status: 'pending', vatCheck: 'unavailable' });
    expect(await office().order(order.id)).toMatchObject({ vat: VAT, gross: NET + VAT });
  });

  it('awaiting a bank transfer: re-priced at once, no refund, the transfer details sent again at the new amount', async () => {
    const order = await orderWhileViesDown({ provider: 'transfer', paid: false, products: ['online-premium'] });
    expect(order).toMatchObject({ gross: PREMIUM.net + PREMIUM.vat });
    const answer = await recheck(order);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: 'pending',
      gross: PREMIUM.net,
      vatCheck: { status: 'valid', correction: { difference: PREMIUM.vat, refund: 'none' } },
    });
    expect((await office().emails(order.id)).map((email) => email.kind)).toEqual(['proforma', 'proforma']);
    // The transfer of the new amount pays it; the invoice is a reverse-charge one from the start.
    // The day at the venue, as the payment-date rule reads it (a UTC date is the day before late at night).
    const paidOn = venueDay(Date.now());
    const old = await office().markTransferPaid(order.id, { amount: order.gross, paidOn, by: 'test' }, Date.now());
    expect(old).toMatchObject({ kind: 'refused', error: 'amount_mismatch', expected: PREMIUM.net });
    const paid = await office().markTransferPaid(order.id, { amount: PREMIUM.net, paidOn, by: 'test' }, Date.now());
    expect(paid.kind).toBe('paid');
    const invoices = await office().invoices(order.id);
    expect(invoices).toEqual([
      expect.objectContaining({ reverseCharge: true, totals: { net: PREMIUM.net, vat: 0, gross: PREMIUM.net } }),
    ]);
  });
});

describe('a paid transfer order', () => {
  it('is corrected, and its refund is due for the organisers to return by transfer', async () => {
    const order = await orderWhileViesDown({ provider: 'transfer', products: ['online-premium'] });
    expect(order.status).toBe('paid');
    const stripe = fakeStripe();
    const answer = await recheck(order);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as OrderView).vatCheck?.correction).toMatchObject({
      difference: PREMIUM.vat,
      refund: 'due',
    });
    expect(stripe.made()).toEqual([]);
    const entry = (await office().history(order.id)).find((e) => e.event === 'vat_corrected');
    expect(entry?.data).toMatchObject({ difference: PREMIUM.vat, refund: 'due' });
    expect(corrections(await office().invoices(order.id))).toHaveLength(1);
  });
});
