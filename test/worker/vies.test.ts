import { describe, expect, it, vi } from 'vitest';
import type { VatCheck } from '../../site/invoices';
import type { LogEntry } from '../../site/orders';
import { checkVatNumber, VIES_TIMEOUT_MS, viesConfig } from '../../worker/tax/vies';
import wranglerToml from '../../wrangler.toml?raw';
import { consentJson } from '../support/consent';
import { POLISH_COMPANY } from '../support/invoice-data';
import { allOrders, freshBoxOfficeEachTest, office } from './box-office';
import { clientIps } from './client-ip';
import { callWorker } from './platform';

// Issue 43, item 2: reverse charge only for a VAT number the EU's VIES register confirms. An online
// VIP order with `DE000000000` was charged 999.00 zł without VAT, the number never checked.

const ORIGIN = 'https://kongres.test';
const nextIp = clientIps(144);
const GMBH = { ...POLISH_COMPANY, name: 'Beispiel GmbH', postalCode: '10115', city: 'Berlin', country: 'DE' };
const NET = 99_900;

function orderVip(taxId: string) {
  return callWorker(
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextIp() },
      body: consentJson({
        email: 'einkauf@beispiel.de',
        lang: 'de',
        items: [{ product: 'online-vip' }],
        invoice: { ...GMBH, taxId },
      }),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  );
}

async function placed(taxId: string) {
  const res = await orderVip(taxId);
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as { orderId: string };
  return orderId;
}

freshBoxOfficeEachTest();

describe('an EU business’s VAT number at the order', () => {
  it('not in VIES (DE000000000): 422 on invoice.taxId, nothing stored, nothing charged without VAT', async () => {
    const res = await orderVip('DE000000000');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_fields', fields: { 'invoice.taxId': 'vat_id_not_registered' } });
    expect(await allOrders()).toEqual([]);
  });

  it('confirmed by VIES: reverse charge (net only), and the confirmation kept with the order as evidence', async () => {
    const orderId = await placed('DE 123 456 789');
    const order = await office().order(orderId);
    expect(order).toMatchObject({ net: NET, vat: 0, gross: NET });
    const checks = (await office().vatChecks(orderId)) as VatCheck[];
    expect(checks).toEqual([
      expect.objectContaining({
        status: 'valid',
        countryCode: 'DE',
        vatNumber: '123456789',
        requestIdentifier: expect.any(String),
        requestDate: expect.any(String),
        name: 'Example Trader (VIES fake)',
        address: expect.any(String),
        checkedAt: new Date(Date.now()).toISOString(),
      }),
    ]);
    const log = ((await office().history(orderId)) as LogEntry[]).find((e) => e.event === 'vat_checked');
    expect(log?.data).toMatchObject({ status: 'valid', vatId: 'DE123456789' });
  });

  it('while VIES is down: Polish VAT (23%) is charged and the order records that the check was unavailable', async () => {
    const orderId = await placed('DE999999999');
    expect(await office().order(orderId)).toMatchObject({ net: NET, vat: 22_977, gross: 122_877 });
    expect(await office().vatChecks(orderId)).toEqual([
      expect.objectContaining({ status: 'unavailable', error: 'MS_UNAVAILABLE', requestIdentifier: null }),
    ]);
  });

  it('when VIES does not answer within the timeout: unavailable, 23% VAT', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const config = viesConfig({ VIES_API_BASE: 'https://vies.test/rest-api' });
    expect(config?.timeoutMs).toBe(VIES_TIMEOUT_MS);
    const started = performance.now();
    const check = await checkVatNumber(
      config && { ...config, timeoutMs: 50 },
      { countryCode: 'DE', vatNumber: '123456789' },
      0,
    );
    expect(check).toMatchObject({ status: 'unavailable', error: 'timeout' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('asks VIES’s REST service as documented: POST {base}/check-vat-number with the country code and the number', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        countryCode: 'EL',
        vatNumber: '123456789',
        requestDate: '2027-03-15T11:00:00.000Z',
        valid: true,
        requestIdentifier: '',
        name: '---',
        address: '---',
      }),
    );
    const check = await checkVatNumber(
      viesConfig({ VIES_API_BASE: 'https://vies.test/rest-api/' }),
      { countryCode: 'EL', vatNumber: '123456789' },
      0,
    );
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('https://vies.test/rest-api/check-vat-number');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ countryCode: 'EL', vatNumber: '123456789' });
    expect(check).toMatchObject({ status: 'valid', requestIdentifier: null, name: null, address: null });
  });

  it('production names the Commission’s VIES service; local runs a fake', () => {
    const production = wranglerToml.slice(wranglerToml.indexOf('\n[env.production]'));
    expect(production).toMatch(/VIES_API_BASE = "https:\/\/ec\.europa\.eu\/taxation_customs\/vies\/rest-api"/);
    const local = wranglerToml.slice(0, wranglerToml.indexOf('\n[env.production]'));
    expect(local).toMatch(/^VIES_API_BASE = "http:\/\/127\.0\.0\.1:\d+\/_fake\/vies"$/m);
  });
});
