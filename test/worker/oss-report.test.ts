import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuedInvoice } from '../../site/invoices';
import { ossRateOf } from '../../site/invoices';
import type { OssReport } from '../../site/oss-report';
import { office, resetBoxOffice, setClock } from './box-office';
import { expectValidInvoices } from './fa3';
import { consumerIn, ossApi, ossTaxOf, paidOssOrder, refundOneTicket } from './oss';

// The quarterly One Stop Shop report (site/oss-report.ts): per member state and rate, what was
// sold and refunded with that state's VAT, and what the quarter's invoices say of it.

const AT = '2027-03-15T11:00:00Z';
const report = (quarter: string, format = 'json') => ossApi(`?quarter=${quarter}&format=${format}`);

beforeEach(async () => {
  setClock(AT);
  await resetBoxOffice();
});
afterEach(() => vi.useRealTimers());

describe('GET /api/admin/reports/oss', () => {
  it('sums each member state and rate, and adds up to the OSS lines of the quarter’s invoices', async () => {
    const german = await paidOssOrder(
      [{ product: 'online-premium' }, { product: 'online-premium' }, { product: 'onsite-standard', name: 'Lena' }],
      ossTaxOf('DE'),
      consumerIn('DE', 'Berlin'),
    );
    const finnish = await paidOssOrder([{ product: 'online-standard' }], ossTaxOf('FI'), consumerIn('FI', 'Helsinki'));
    // Refunded in the same quarter: a sale and its refund, and a correction that takes it back.
    await office().settle(finnish.id, 'refunded', Date.now(), { by: 'test' });
    // No invoice data, so no invoice: in the report all the same.
    const austrian = await paidOssOrder([{ product: 'online-vip' }], ossTaxOf('AT'));
    // Polish VAT: not in the report.
    await paidOssOrder([{ product: 'online-premium' }], { ...ossTaxOf('PL'), country: 'PL' });

    const res = await report('2027-Q1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as OssReport;
    expect(body.rows.map((r) => [r.country, r.rate])).toEqual([
      ['AT', 20],
      ['DE', 19],
      ['FI', 25.5],
    ]);
    const de = body.rows.find((r) => r.country === 'DE');
    const premium = german.tickets.filter((t) => t.product === 'online-premium');
    expect(de?.sales).toEqual({
      tickets: 2,
      net: premium.reduce((s, t) => s + t.net, 0),
      vat: premium.reduce((s, t) => s + t.vat, 0),
    });
    expect(de?.vat).toBe(Math.round((premium[0]?.net ?? 0) * 0.19) * 2);

    // What the report declares per state equals the OSS lines of the quarter's invoices and corrections.
    const invoices = (await office().listInvoices({}, null, 100)).invoices as IssuedInvoice[];
    for (const country of ['DE', 'FI']) {
      const lines = invoices.flatMap((i) => i.lines).filter((l) => ossRateOf(l.vatRate)?.country === country);
      const row = body.rows.find((r) => r.country === country);
      expect(row?.invoiced).toEqual({
        net: lines.reduce((s, l) => s + l.net, 0),
        vat: lines.reduce((s, l) => s + l.vat, 0),
      });
      expect({ net: row?.net, vat: row?.vat }).toEqual(row?.invoiced);
    }
    const fi = body.rows.find((r) => r.country === 'FI');
    expect(fi?.refunds).toEqual({ ...fi?.sales });
    expect(fi?.net).toBe(0);
    const at = body.rows.find((r) => r.country === 'AT');
    expect(at?.sales.vat).toBe(austrian.tickets[0]?.vat);
    expect(at?.invoiced).toEqual({ net: 0, vat: 0 });
    expect(body.totals).toEqual({
      net: body.rows.reduce((s, r) => s + r.net, 0),
      vat: body.rows.reduce((s, r) => s + r.vat, 0),
    });
    // The OSS invoices and their corrections are valid FA(3) documents.
    await expectValidInvoices(invoices);

    const csv = await (await report('2027-Q1', 'csv')).text();
    expect(csv.split('\r\n')[0]).toMatch(/^Państwo członkowskie,Stawka VAT \(%\),/);
    expect(csv).toContain('\r\nFI,25.5,1,');
  });

  it('counts one ticket cancelled in a later quarter as that quarter’s refund, and keeps the declared sale', async () => {
    const german = await paidOssOrder(
      [{ product: 'online-premium' }, { product: 'online-premium' }],
      ossTaxOf('DE'),
      consumerIn('DE', 'Berlin'),
    );
    const [kept, cancelled] = german.tickets;
    if (!kept || !cancelled) throw new Error('two tickets');
    setClock('2027-04-20T09:00:00Z');
    const done = await refundOneTicket(german.id, cancelled.id);
    expect(done.kind).not.toBe('refused');

    const q1 = (await (await report('2027-Q1')).json()) as OssReport;
    const deQ1 = q1.rows.find((r) => r.country === 'DE');
    // The quarter already declared keeps both tickets sold.
    expect(deQ1?.sales).toEqual({ tickets: 2, net: kept.net + cancelled.net, vat: kept.vat + cancelled.vat });
    expect(deQ1?.refunds).toEqual({ tickets: 0, net: 0, vat: 0 });

    const q2 = (await (await report('2027-Q2')).json()) as OssReport;
    const deQ2 = q2.rows.find((r) => r.country === 'DE');
    expect(deQ2?.sales).toEqual({ tickets: 0, net: 0, vat: 0 });
    expect(deQ2?.refunds).toEqual({ tickets: 1, net: cancelled.net, vat: cancelled.vat });
    expect(deQ2?.vat).toBe(-cancelled.vat);
    // And it is what the quarter's correction of that line says.
    expect(deQ2?.invoiced).toEqual({ net: -cancelled.net, vat: -cancelled.vat });
  });

  it('leaves out sales of another quarter', async () => {
    await paidOssOrder([{ product: 'online-premium' }], ossTaxOf('DE'), consumerIn('DE', 'Berlin'));
    const body = (await (await report('2027-Q2')).json()) as OssReport;
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({ net: 0, vat: 0 });
  });

  it('refuses a quarter that is none with 422 naming the field', async () => {
    const res = await report('2027-Q5');
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('quarter');
  });
});
