import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderTax } from '../../site/orders';
import { OSS_CHECK_NOTE_MAX, type OssEvidenceCheck, type OssReport } from '../../site/oss-report';
import { resetBoxOffice, setClock } from './box-office';
import { consumerIn, ossApi, ossTaxOf, paidOssOrder } from './oss';

// An organiser's answer to an OSS sale whose evidence did not back its billing country
// (worker/box-office/oss-report.ts `markOssChecked`): recorded once, with who and when, shown in
// the report's list; the sale stays declared under its billing country.

const SOLD_AT = '2027-03-15T11:00:00Z';
/** Billing in Germany, the request from Poland, confirmed by the buyer: nothing else backs Germany. */
const UNBACKED: OrderTax = { country: 'DE', oss: true, evidence: { billing: 'DE', edge: 'PL', confirmed: true } };

const check = (body: unknown) => ossApi('/checks', { method: 'POST', body: JSON.stringify(body) });
async function listed(): Promise<OssEvidenceCheck[]> {
  const res = await ossApi('?quarter=2027-Q1');
  expect(res.status).toBe(200);
  return ((await res.json()) as OssReport).toCheck;
}

beforeEach(async () => {
  setClock(SOLD_AT);
  await resetBoxOffice();
});
afterEach(() => vi.useRealTimers());

describe('checking an OSS sale', () => {
  it('records what the organiser found, once, and the report lists it checked, still under its country', async () => {
    const order = await paidOssOrder([{ product: 'online-premium' }], UNBACKED, consumerIn('DE', 'Berlin'));
    const [before] = await listed();
    expect(before).toMatchObject({ orderId: order.id, finding: 'single', checked: null });

    setClock('2027-04-03T08:00:00Z');
    const res = await check({ orderId: order.id, note: '  The buyer confirmed by e-mail that she lives in Berlin.  ' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as OssEvidenceCheck;
    expect(answer.checked).toEqual({
      note: 'The buyer confirmed by e-mail that she lives in Berlin.',
      by: expect.any(String),
      at: '2027-04-03T08:00:00.000Z',
    });
    const [after] = await listed();
    expect(after).toEqual(answer);
    expect(after?.country).toBe('DE');
  });

  it('keeps the first of two answers sent at once; the other is told it was checked, with that answer', async () => {
    const order = await paidOssOrder([{ product: 'online-premium' }], UNBACKED, consumerIn('DE', 'Berlin'));
    const [first, second] = await Promise.all([
      check({ orderId: order.id, note: 'First answer' }),
      check({ orderId: order.id, note: 'Second answer' }),
    ]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = (first?.status === 409 ? first : second) as Response;
    const body = (await refused.json()) as { error: string; check: OssEvidenceCheck };
    expect(body.error).toBe('already_checked');
    const [kept] = await listed();
    expect(body.check.checked?.note).toBe(kept?.checked?.note);
    expect(['First answer', 'Second answer']).toContain(kept?.checked?.note);
  });

  it('refuses what is not a sale to check, and a note that is empty or too long, changing nothing', async () => {
    const agreeing = await paidOssOrder([{ product: 'online-premium' }], ossTaxOf('DE'), consumerIn('DE', 'Berlin'));
    const unbacked = await paidOssOrder([{ product: 'online-premium' }], UNBACKED, consumerIn('DE', 'Berlin'));
    expect((await check({ orderId: '01KXXXXXXXXXXXXXXXXXXXXXXX', note: 'x' })).status).toBe(404);
    const notToCheck = await check({ orderId: agreeing.id, note: 'x' });
    expect(notToCheck.status).toBe(409);
    expect(await notToCheck.json()).toMatchObject({ error: 'not_to_check' });
    for (const [body, fields] of [
      [{ orderId: unbacked.id, note: '   ' }, { note: 'required' }],
      [{ orderId: unbacked.id, note: 'x'.repeat(OSS_CHECK_NOTE_MAX + 1) }, { note: 'too_long' }],
      [{ orderId: 'not-an-id', note: 'x' }, { orderId: 'invalid' }],
      [{ note: 'x' }, { orderId: 'required' }],
    ] as const) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toMatchObject({ error: 'invalid_fields', fields });
    }
    expect((await listed()).map((c) => c.checked)).toEqual([null]);
  });
});
