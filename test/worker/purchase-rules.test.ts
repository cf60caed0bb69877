// The purchase dialog checks a cart with site/purchase-rules.ts before sending it; the worker's zod
// schema calls the same rules. The same invalid cart must give the same field codes on both sides.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type CartInput, cartFieldErrors } from '../../site/purchase-rules';
import { consentJson } from '../support/consent';
import { DURING_PROMOTION, resetBoxOffice, setClock } from './box-office';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN } from './platform';

const nextIp = clientIps(93);

async function workerFields(cart: CartInput): Promise<Record<string, string>> {
  const res = await callWorker(
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body: consentJson({ lang: 'pl', ...cart }),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  );
  expect(res.status).toBe(422);
  const body = (await res.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toBe('invalid_fields');
  return body.fields;
}

const invoice = { name: 'Firma', street: 'Prosta 1', postalCode: '00-001', city: 'Warszawa', country: 'PL' };

const CASES: [string, CartInput][] = [
  ['an empty e-mail', { email: '', items: [{ product: 'online-standard' }] }],
  ['an e-mail without a domain', { email: 'jan@', items: [{ product: 'online-standard' }] }],
  ['an e-mail too long', { email: `${'a'.repeat(250)}@firma.pl`, items: [{ product: 'online-standard' }] }],
  ['a control character in an e-mail', { email: 'jan\u0007@firma.pl', items: [{ product: 'online-standard' }] }],
  [
    'an on-site ticket without its holder, a holder too long, a holder e-mail malformed',
    {
      email: 'jan@firma.pl',
      items: [
        { product: 'onsite-pro' },
        { product: 'onsite-standard', name: 'x'.repeat(121) },
        { product: 'online-vip', email: 'nie-mail' },
        { product: 'onsite-pro', name: 'Ola\u0000' },
      ],
    },
  ],
  [
    'an invoice with an empty name, a wrong NIP, a wrong postal code, a city too long',
    {
      email: 'jan@firma.pl',
      items: [{ product: 'online-standard' }],
      invoice: { ...invoice, name: '  ', taxId: '1234567890', postalCode: '00001', city: 'C'.repeat(101) },
    },
  ],
  [
    'a Polish invoice without a postal code, a street too long',
    {
      email: 'jan@firma.pl',
      items: [{ product: 'online-standard' }],
      invoice: { ...invoice, postalCode: '', street: 'S'.repeat(201) },
    },
  ],
  [
    'a German VAT number given for France, a tax number too long',
    {
      email: 'jan@firma.pl',
      items: [{ product: 'online-standard' }],
      invoice: { ...invoice, country: 'FR', taxId: 'DE123456789', postalCode: '75001' },
    },
  ],
  [
    'a malformed EU VAT number',
    {
      email: 'jan@firma.pl',
      items: [{ product: 'online-standard' }],
      invoice: { ...invoice, country: 'DE', taxId: 'DE12', postalCode: '10115' },
    },
  ],
  [
    'a tax number too long, an unknown country',
    {
      email: 'jan@firma.pl',
      items: [{ product: 'online-standard' }],
      invoice: { ...invoice, country: 'XX', taxId: '9'.repeat(31) },
    },
  ],
];

beforeEach(async () => {
  await resetBoxOffice();
  setClock(DURING_PROMOTION);
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe("the dialog's checks and the worker's schema", () => {
  it.each(CASES)('give the same field codes for %s', async (_, cart) => {
    const dialog = cartFieldErrors(cart);
    expect(Object.keys(dialog).length).toBeGreaterThan(0);
    expect(await workerFields(cart)).toEqual(dialog);
  });
});
