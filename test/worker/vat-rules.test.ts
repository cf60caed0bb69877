import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceData } from '../../site/invoices';
import { type TaxBuyer, type TaxConfig, type VatTreatment, vatTreatment } from '../../site/tax-rules';
import { PRODUCTS, type ProductId, product } from '../../site/tickets';
import { EU_STANDARD_RATES, standardRate } from '../../site/vat-rates';
import type { Bindings } from '../../worker/env';
import { fakeVies } from '../../worker/tax/vies-fake';
import { consentJson } from '../support/consent';
import { GERMAN_COMPANY, POLISH_COMPANY } from '../support/invoice-data';
import { allOrders, freshBoxOfficeEachTest } from './box-office';
import { callWorker, ORIGIN } from './platform';

// VAT by where and to whom (site/tax-rules.ts): every product for every kind of buyer, against the
// module and against what the payment provider is asked to charge.

freshBoxOfficeEachTest();
afterEach(() => vi.restoreAllMocks());

/** A German VAT number the VIES fake finds its register down for: not confirmed. */
const UNCONFIRMED_COMPANY: InvoiceData = { ...GERMAN_COMPANY, taxId: 'DE999999999' };
const US_COMPANY: InvoiceData = {
  name: 'Example Labs Inc.',
  taxId: '12-3456789',
  street: '500 Market Street',
  postalCode: '94105',
  city: 'San Francisco',
  country: 'US',
};
const FINNISH_PERSON: InvoiceData = {
  name: 'Aino Virtanen',
  street: 'Mannerheimintie 1',
  postalCode: '00100',
  city: 'Helsinki',
  country: 'FI',
};

type Buyer = {
  name: string;
  /** What the dialog sends: invoice data, or the country chosen without it. */
  body: { invoice?: InvoiceData; country?: string };
  /** The edge's country of the request (`request.cf.country`). */
  edge: string;
  oss: boolean;
  online: VatTreatment;
};

const PL: VatTreatment = { kind: 'pl', rate: 23 };
const NONE_RC: VatTreatment = { kind: 'reverse_charge', rate: 0 };
const OUTSIDE: VatTreatment = { kind: 'outside', rate: 0 };

/** Each kind of buyer and country class, and what an online plan costs them; on-site is always 23%. */
const BUYERS: Buyer[] = [
  { name: 'a Polish consumer', body: { country: 'PL' }, edge: 'PL', oss: true, online: PL },
  { name: 'a Polish business', body: { invoice: POLISH_COMPANY }, edge: 'PL', oss: true, online: PL },
  {
    name: 'an EU business VIES confirmed',
    body: { invoice: GERMAN_COMPANY },
    edge: 'DE',
    oss: true,
    online: NONE_RC,
  },
  {
    name: 'an EU business VIES did not confirm',
    body: { invoice: UNCONFIRMED_COMPANY },
    edge: 'DE',
    oss: true,
    online: PL,
  },
  {
    name: 'an EU consumer, OSS on',
    body: { country: 'DE' },
    edge: 'DE',
    oss: true,
    online: { kind: 'oss', rate: 19, country: 'DE' },
  },
  {
    name: 'an EU consumer with invoice data, OSS on (25.5%)',
    body: { invoice: FINNISH_PERSON },
    edge: 'FI',
    oss: true,
    online: { kind: 'oss', rate: 25.5, country: 'FI' },
  },
  { name: 'an EU consumer, OSS off', body: { country: 'DE' }, edge: 'DE', oss: false, online: PL },
  { name: 'a business outside the EU', body: { invoice: US_COMPANY }, edge: 'US', oss: true, online: OUTSIDE },
  { name: 'a consumer outside the EU', body: { country: 'US' }, edge: 'US', oss: true, online: OUTSIDE },
];

/** The buyer as site/tax-rules.ts sees it. */
const taxBuyer = (buyer: Buyer): TaxBuyer => ({
  invoice: buyer.body.invoice ?? null,
  country: buyer.body.country ?? null,
  vatConfirmed: buyer.body.invoice?.taxId === 'DE123456789',
});
const config = (oss: boolean): TaxConfig => ({ oss, rate: (country) => standardRate(country, '2027-03-01') });

const CASES = BUYERS.flatMap((buyer) =>
  PRODUCTS.map((item) => ({
    buyer,
    product: item.id,
    expected: item.mode === 'online' ? buyer.online : PL,
  })),
);

/** Stripe's fake: records the Checkout Session request; VIES still goes to its fake. */
function stripeRecorder() {
  const forms: URLSearchParams[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/check-vat-number')) return fakeVies(new Request(input, init));
    if (!url.startsWith('https://api.stripe.com/')) return real(input, init);
    forms.push(new URLSearchParams(String(init?.body)));
    return Response.json({ id: `cs_test_${forms.length}`, url: 'https://checkout.stripe.com/c/pay/cs' });
  });
  return forms;
}

let calls = 0;
function buy(
  productId: ProductId,
  body: Record<string, unknown>,
  edge: string | null,
  bindings: Partial<Bindings> & Record<string, string>,
) {
  const request = new Request(`${ORIGIN}/api/orders`, {
    method: 'POST',
    // A client address of its own per call, so the per-address rate limit stays out of the way.
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.${++calls % 250}.${calls % 199}` },
    body: consentJson({
      email: 'buyer@example.com',
      items: [{ product: productId, name: 'Jan Kowalski' }],
      ...body,
    }),
    ...(edge ? { cf: { country: edge } } : {}),
  } as RequestInit);
  return callWorker(request, bindings);
}

describe('VAT by product, buyer and country (site/tax-rules.ts)', () => {
  it.each(CASES.map((c) => [c.product, c.buyer.name, c]))('%s for %s: the rule', (_p, _b, c) => {
    expect(vatTreatment(product(c.product).mode, taxBuyer(c.buyer), config(c.buyer.oss))).toEqual(c.expected);
  });

  it.each(CASES.map((c) => [c.product, c.buyer.name, c]))(
    '%s for %s: the order and what Stripe is asked to charge',
    async (_p, _b, c) => {
      const forms = stripeRecorder();
      const res = await buy(c.product, c.buyer.body, c.buyer.edge, {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_vat',
        VAT_OSS: c.buyer.oss ? 'on' : 'off',
      });
      expect(res.status).toBe(201);
      const [order] = await allOrders();
      const ticket = order?.tickets[0];
      if (!order || !ticket) throw new Error('no order');
      const vat = Math.round((ticket.net * Math.round(c.expected.rate * 10)) / 1000);
      expect({ vat: ticket.vat, gross: ticket.gross }).toEqual({ vat, gross: ticket.net + vat });
      expect(order.gross).toBe(ticket.gross);
      expect(ticket.vatRate).toBe(
        c.expected.kind === 'pl'
          ? 23
          : c.expected.kind === 'reverse_charge'
            ? 'np'
            : c.expected.kind === 'outside'
              ? 'outside'
              : `oss:${c.expected.country}:${c.expected.rate}`,
      );
      expect(order.tax).toMatchObject({ oss: c.buyer.oss, evidence: { edge: c.buyer.edge, confirmed: false } });
      expect(forms).toHaveLength(1);
      expect(forms[0]?.get('line_items[0][price_data][unit_amount]')).toBe(String(ticket.gross));
    },
  );
});

describe('the evidence of the consumer country', () => {
  const oss = { VAT_OSS: 'on' };

  it('asks the buyer when the edge country contradicts the chosen one, and holds nothing', async () => {
    const res = await buy('online-premium', { country: 'DE' }, 'FR', oss);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'confirm_country', country: 'DE', edgeCountry: 'FR' });
    expect(await allOrders()).toHaveLength(0);
  });

  it('asks too when the billing address says Poland and the edge Germany (23% against 19%)', async () => {
    const res = await buy(
      'online-premium',
      { invoice: { ...FINNISH_PERSON, country: 'PL', postalCode: '00-001' } },
      'DE',
      oss,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'confirm_country', country: 'PL', edgeCountry: 'DE' });
  });

  it('keeps both pieces of evidence and the confirmation once the buyer confirms', async () => {
    const res = await buy('online-premium', { country: 'DE', countryConfirmed: true }, 'FR', oss);
    expect(res.status).toBe(201);
    const [order] = await allOrders();
    expect(order?.tax).toEqual({ country: 'DE', oss: true, evidence: { billing: 'DE', edge: 'FR', confirmed: true } });
    expect(order?.tickets[0]?.vatRate).toBe('oss:DE:19');
  });

  it('does not ask when the difference changes nothing: on-site tickets, or OSS off within the EU', async () => {
    expect((await buy('onsite-standard', { country: 'DE' }, 'FR', oss)).status).toBe(201);
    expect((await buy('online-premium', { country: 'DE' }, 'FR', { VAT_OSS: 'off' })).status).toBe(201);
  });

  it('takes no edge country as no evidence to contradict', async () => {
    const res = await buy('online-premium', { country: 'AT' }, null, oss);
    expect(res.status).toBe(201);
    const [order] = await allOrders();
    expect(order?.tax?.evidence).toEqual({ billing: 'AT', edge: null, confirmed: false });
    expect(order?.tickets[0]?.vatRate).toBe('oss:AT:20');
  });

  it('refuses a country that is none with 422 and its path', async () => {
    const res = await buy('online-premium', { country: 'ZZ' }, 'DE', oss);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { country: 'invalid' } });
  });
});

describe('the rates table (site/vat-rates.ts)', () => {
  it('has the 26 other member states, each rate change a dated row', () => {
    expect(new Set(EU_STANDARD_RATES.map((r) => r.country)).size).toBe(26);
    expect(EU_STANDARD_RATES.some((r) => r.country === 'PL')).toBe(false);
    expect(standardRate('FI', '2024-08-31')).toBe(24);
    expect(standardRate('FI', '2024-09-01')).toBe(25.5);
    expect(standardRate('EE', '2025-06-30')).toBe(22);
    expect(standardRate('EE', '2025-07-01')).toBe(24);
    expect(standardRate('SK', '2025-01-01')).toBe(23);
    expect(standardRate('RO', '2025-08-01')).toBe(21);
    expect(standardRate('US', '2027-01-01')).toBeNull();
  });

  it('GET /api/vat gives the dialog the rates only with OSS, and the edge country', async () => {
    const on = await callWorker(new Request(`${ORIGIN}/api/vat`, { cf: { country: 'DE' } } as RequestInit), oss());
    expect(await on.json()).toMatchObject({ oss: true, country: 'DE', rates: { DE: 19, FI: 25.5 } });
    const off = await callWorker(new Request(`${ORIGIN}/api/vat`));
    expect(await off.json()).toEqual({ oss: false, rates: {}, country: null });
  });
});

const oss = () => ({ VAT_OSS: 'on' }) as Partial<Bindings>;
