import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem, Order, OrderTax } from '../../site/orders';
import type { OssReport } from '../../site/oss-report';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { type EvidenceFinding, evidenceFinding, evidenceToCheck } from '../../site/tax-evidence';
import type { CountryEvidence } from '../../site/tax-rules';
import type { Bindings } from '../../worker/env';
import { chargeCardCountry } from '../../worker/payments/providers';
import { signStripePayload } from '../../worker/payments/stripe-signature';
import { consentJson } from '../support/consent';
import { allOrders, freshBoxOfficeEachTest, office } from './box-office';
import { callWorker, ORIGIN } from './platform';
import { staffMember } from './staff';

// The card's country as the third piece of evidence of a consumer's country (site/tax-evidence.ts):
// read from the payment when it settles (Stripe's Charge, the demo checkout's test card), kept
// with the order, and an OSS sale it contradicts flagged in the OSS report and on the order.

freshBoxOfficeEachTest({ silence: ['log', 'warn'] });
afterEach(() => vi.restoreAllMocks());

const evidence = (billing: string, edge: string | null, card: string | null, confirmed = false): CountryEvidence => ({
  billing,
  edge,
  card,
  confirmed,
});

describe('what the evidence says of the billing country', () => {
  const CASES: [string, CountryEvidence, EvidenceFinding][] = [
    ['card and edge agree', evidence('DE', 'DE', 'DE'), 'agree'],
    [
      'the card agrees, the edge is another country the buyer confirmed against',
      evidence('DE', 'PL', 'DE', true),
      'agree',
    ],
    ['no card country (BLIK, Przelewy24), the edge agrees', evidence('DE', 'DE', null), 'agree'],
    ['the card contradicts, the edge agrees', evidence('DE', 'DE', 'AT'), 'conflict'],
    ['the card and the edge contradict', evidence('DE', 'PL', 'AT', true), 'conflict'],
    ['no card country, the edge contradicts (confirmed by the buyer)', evidence('DE', 'PL', null, true), 'single'],
    ['no card country and no edge country', evidence('DE', null, null), 'single'],
  ];
  it.each(CASES)('%s', (_name, pieces, finding) => {
    expect(evidenceFinding(pieces)).toBe(finding);
  });

  it('checks only OSS sales: a Polish or reverse-charge order has nothing to check', () => {
    const tax: OrderTax = { country: 'DE', oss: true, evidence: evidence('DE', 'DE', 'AT') };
    const ticket = (vatRate: Order['tickets'][number]['vatRate']) => ({ vatRate }) as Order['tickets'][number];
    expect(evidenceToCheck({ tax, tickets: [ticket('oss:DE:19')] })).toEqual({
      finding: 'conflict',
      evidence: tax.evidence,
    });
    expect(evidenceToCheck({ tax, tickets: [ticket(23)] })).toBeNull();
    expect(evidenceToCheck({ tax, tickets: [ticket('np')] })).toBeNull();
  });
});

describe("Stripe's Charge", () => {
  it.each([
    ['a card', { type: 'card', card: { country: 'AT' } }, 'AT'],
    ['BLIK', { type: 'blik', blik: {} }, null],
    ['a card without a country', { type: 'card', card: { country: null } }, null],
  ])('gives the country of %s', (_name, details, country) => {
    expect(chargeCardCountry({ id: 'pi_1', latest_charge: { id: 'ch_1', payment_method_details: details } })).toBe(
      country,
    );
  });

  it('gives none for an unexpanded PaymentIntent', () => {
    expect(chargeCardCountry('pi_1')).toBeNull();
    expect(chargeCardCountry({ id: 'pi_1', latest_charge: 'ch_1' })).toBeNull();
  });
});

const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_evidence',
  VAT_OSS: 'on',
} as Partial<Bindings>;

let serial = 0;
/** A pending Stripe order as the purchase route makes it: a consumer billed in `country`, seen at `edge`. */
async function stripeOrder(items: CartItem[], tax: OrderTax): Promise<Order> {
  serial += 1;
  const id = `01JEVD${String(serial).padStart(20, '0')}`;
  const made = await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id,
    items,
    email: `buyer${serial}@example.com`,
    lang: 'en-GB',
    provider: 'stripe',
    tax,
    tokenHash: 'x',
    fingerprint: `evidence${serial}`,
    now: Date.now(),
  });
  if (made.kind !== 'created') throw new Error(`not created: ${JSON.stringify(made)}`);
  await office().startPayment(
    id,
    `cs_${id}`,
    'https://checkout.stripe.com/c/pay/x',
    Date.now(),
    Date.now() + 1_800_000,
  );
  return (await office().order(id)) as Order;
}

async function webhookPaid(order: Order) {
  const payload = JSON.stringify({
    id: `evt_${order.id}`,
    type: 'checkout.session.completed',
    data: { object: { id: order.providerRef, client_reference_id: order.id, payment_status: 'paid' } },
  });
  const signature = await signStripePayload(payload, 'whsec_test_secret', Math.floor(Date.now() / 1000));
  return callWorker(
    new Request(`${ORIGIN}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    }),
    STRIPE,
  );
}

/** Stripe's API faked: the session read with its PaymentIntent and latest Charge expanded. */
function fakeStripe(answer: (url: string) => Response) {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(decodeURIComponent(url));
    return answer(url);
  });
  return urls;
}
const sessionPaidBy = (details: Record<string, unknown>) =>
  Response.json({
    id: 'cs_x',
    payment_intent: { id: 'pi_1', latest_charge: { id: 'ch_1', payment_method_details: details } },
  });

async function ossReport(quarter: string) {
  const { headers } = await staffMember('finance');
  const res = await callWorker(new Request(`${ORIGIN}/api/admin/reports/oss?quarter=${quarter}`, { headers }), {
    VAT_OSS: 'on',
  });
  return (await res.json()) as OssReport;
}

const quarterOf = (iso: string) => `${iso.slice(0, 4)}-Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}`;
const german: OrderTax = { country: 'DE', oss: true, evidence: { billing: 'DE', edge: 'DE', confirmed: false } };

describe('the card country of a Stripe payment', () => {
  const CASES: {
    name: string;
    tax: OrderTax;
    stripe: () => Response;
    card: string | undefined;
    listed: 'conflict' | 'single' | null;
  }[] = [
    {
      name: 'a German card agrees',
      tax: german,
      stripe: () => sessionPaidBy({ type: 'card', card: { country: 'DE' } }),
      card: 'DE',
      listed: null,
    },
    {
      name: 'an Austrian card contradicts the German address',
      tax: { ...german, evidence: { ...german.evidence, edge: 'PL', confirmed: true } },
      stripe: () => sessionPaidBy({ type: 'card', card: { country: 'AT' } }),
      card: 'AT',
      listed: 'conflict',
    },
    {
      name: 'Przelewy24 gives no card country, the edge agrees',
      tax: german,
      stripe: () => sessionPaidBy({ type: 'p24', p24: {} }),
      card: undefined,
      listed: null,
    },
    {
      name: 'no card country and an edge the buyer confirmed against',
      tax: { ...german, evidence: { ...german.evidence, edge: 'PL', confirmed: true } },
      stripe: () => sessionPaidBy({ type: 'blik', blik: {} }),
      card: undefined,
      listed: 'single',
    },
    {
      name: 'Stripe unreachable: the payment stands, the card stays unknown',
      tax: german,
      stripe: () => new Response('upstream error', { status: 500 }),
      card: undefined,
      listed: null,
    },
  ];

  it.each(CASES.map((c) => [c.name, c]))('%s', async (_name, c) => {
    const order = await stripeOrder([{ product: 'online-premium' }], c.tax);
    const urls = fakeStripe(c.stripe);
    const res = await webhookPaid(order);
    expect(res.status).toBe(200);
    // One read of the session, its PaymentIntent and latest Charge expanded.
    expect(urls).toEqual([
      expect.stringContaining(`/v1/checkout/sessions/${order.providerRef}?expand[]=payment_intent.latest_charge`),
    ]);
    const paid = (await office().order(order.id)) as Order;
    expect(paid.status).toBe('paid');
    expect(paid.tax?.evidence.card).toBe(c.card);
    expect(paid.tax?.evidence.billing).toBe('DE');

    const report = await ossReport(quarterOf(paid.paidAt ?? ''));
    // Declared under its billing country whatever the evidence says.
    expect(report.rows.map((row) => row.country)).toEqual(['DE']);
    expect(report.toCheck.map((check) => [check.code, check.finding])).toEqual(
      c.listed ? [[order.code, c.listed]] : [],
    );
    if (c.listed === 'conflict') {
      expect(report.toCheck[0]?.evidence).toEqual({ billing: 'DE', edge: 'PL', card: 'AT', confirmed: true });
    }
  });

  it('asks Stripe nothing for a sale taxed in Poland, and keeps the first card country only', async () => {
    const polish = await stripeOrder([{ product: 'online-premium' }], {
      country: 'PL',
      oss: true,
      evidence: { billing: 'PL', edge: 'PL', confirmed: false },
    });
    const urls = fakeStripe(() => sessionPaidBy({ type: 'card', card: { country: 'AT' } }));
    await webhookPaid(polish);
    expect(urls).toEqual([]);
    expect(((await office().order(polish.id)) as Order).tax?.evidence.card).toBeUndefined();

    const oss = await stripeOrder([{ product: 'online-premium' }], german);
    await webhookPaid(oss);
    // The same event again: the order is paid already, nothing is asked or changed.
    await webhookPaid(oss);
    expect(urls).toHaveLength(1);
    expect(await office().recordCardCountry(oss.id, 'FR', Date.now())).toBe(false);
    expect(((await office().order(oss.id)) as Order).tax?.evidence.card).toBe('AT');
    const history = await office().history(oss.id);
    expect(history.filter((entry) => entry.event === 'card_country_recorded')).toHaveLength(1);
  });
});

describe('the demo checkout’s test card', () => {
  let ip = 0;
  /** An online plan bought in the demo checkout by a consumer abroad, as the dialog sends it. */
  async function buyDemo(country: string, edge: string) {
    const res = await callWorker(
      new Request(`${ORIGIN}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `203.0.113.${++ip}` },
        body: consentJson({ email: 'kunde@example.com', lang: 'de', items: [{ product: 'online-premium' }], country }),
        cf: { country: edge },
      } as RequestInit),
      { VAT_OSS: 'on' },
    );
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    return new URL(url);
  }
  const pay = (checkout: URL, fields: Record<string, string>) =>
    callWorker(
      new Request(`${ORIGIN}${checkout.pathname}/pay`, {
        method: 'POST',
        body: new URLSearchParams({ token: checkout.searchParams.get('token') ?? '', ...fields }),
        redirect: 'manual',
      }),
      { VAT_OSS: 'on' },
    );

  it.each([
    ['the billing country’s card', 'DE', 'DE', null],
    ['an Austrian card', 'AT', 'AT', 'conflict'],
  ])('pays with %s and keeps its country', async (_name, card, kept, listed) => {
    const checkout = await buyDemo('DE', 'DE');
    const page = await (await callWorker(new Request(`${ORIGIN}${checkout.pathname}${checkout.search}`))).text();
    // The test card's country, the billing country first (and so chosen).
    expect(page).toMatch(
      /<label for="card-country">Land der Testkarte<\/label>\s*<select id="card-country" name="cardCountry"[^>]*>\s*<option value="DE">Deutschland<\/option>/,
    );
    expect((await pay(checkout, { cardCountry: card })).status).toBe(303);
    const [order] = await allOrders();
    expect(order?.status).toBe('paid');
    expect(order?.tax?.evidence.card).toBe(kept);
    expect(evidenceToCheck(order as Order)?.finding ?? null).toBe(listed);
  });

  it('offers no card country for a sale taxed in Poland, and ignores one sent anyway', async () => {
    const checkout = await buyDemo('PL', 'PL');
    const page = await (await callWorker(new Request(`${ORIGIN}${checkout.pathname}${checkout.search}`))).text();
    expect(page).not.toContain('cardCountry');
    await pay(checkout, { cardCountry: 'AT' });
    const [order] = await allOrders();
    expect(order?.status).toBe('paid');
    expect(order?.tax?.evidence.card).toBeUndefined();
  });

  it('ignores a card country that is no country code', async () => {
    const checkout = await buyDemo('DE', 'DE');
    await pay(checkout, { cardCountry: '<b>' });
    const [order] = await allOrders();
    expect(order?.status).toBe('paid');
    expect(order?.tax?.evidence.card).toBeUndefined();
  });
});
