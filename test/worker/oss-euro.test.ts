import { SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuedInvoice } from '../../site/invoices';
import { ossRateOf } from '../../site/invoices';
import { type OssRate, type OssReport, quarterLastDay, rateMicros, toEuroCents } from '../../site/oss-report';
import { firstObservation } from '../../worker/tax/ecb';
import { fakeEcbRate } from '../../worker/tax/ecb-fake';
import { office, resetBoxOffice, setClock } from './box-office';
import { consumerIn, ossTaxOf, paidOssOrder } from './oss';
import { callWorker, ORIGIN } from './platform';
import { staffMember } from './staff';

// The OSS report in euro (site/oss-report.ts): the return converts at the ECB's rate of the
// quarter's last day, or of its next publication (Directive 2006/112 art. 369h(2)); the rate is
// fetched from the ECB's data service (its stand-in here, worker/tax/ecb-fake.ts) or entered by hand,
// and kept. Each line is rounded to the cent; the totals are the sums of the lines.

const SOLD_AT = '2027-03-15T11:00:00Z';
const AFTER_Q1 = '2027-04-02T09:00:00Z';
const DOWN = { ECB_API_BASE: 'https://ecb.test/service/down' };

async function report(quarter: string, bindings: Record<string, string> = {}) {
  const { headers } = await staffMember('finance');
  const res = await callWorker(
    new Request(`${ORIGIN}/api/admin/reports/oss?quarter=${quarter}`, { headers }),
    bindings,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as OssReport;
}
async function csv(quarter: string) {
  const { headers } = await staffMember('finance');
  return (await SELF.fetch(`${ORIGIN}/api/admin/reports/oss?quarter=${quarter}&format=csv`, { headers })).text();
}
async function enterRate(body: Record<string, unknown>, role: 'finance' | 'door' = 'finance') {
  const { headers } = await staffMember(role);
  return SELF.fetch(`${ORIGIN}/api/admin/reports/oss/rate`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeEach(async () => {
  setClock(SOLD_AT);
  await resetBoxOffice();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('rates and euro cents', () => {
  it.each([
    ['4.2675', 4_267_500],
    ['4.27', 4_270_000],
    ['1', 1_000_000],
    ['0.000001', 1],
    ['123456.123456', 123_456_123_456],
    ['0', null],
    ['0.0000', null],
    ['4.1234567', null],
    ['-4.2675', null],
    ['4,2675', null],
    ['1e3', null],
    ['', null],
  ])('reads %j as %s millionths', (rate, micros) => {
    expect(rateMicros(rate)).toBe(micros);
  });

  it.each([
    // 4,267.50 zł at 4.2675: 1,000.00 EUR.
    [426_750, 4_267_500, 100_000],
    // Half a cent is rounded away from zero, both ways.
    [1, 2_000_000, 1],
    [-1, 2_000_000, -1],
    [3, 2_000_000, 2],
    [0, 4_267_500, 0],
    // 1,000,000.00 zł at 4.3210: 231,427.910... EUR.
    [100_000_000, 4_321_000, 23_142_791],
    // 1.00 zł at 4.2675: 0.2343... EUR.
    [100, 4_267_500, 23],
  ])('converts %d grosze at %d millionths to %d cents', (grosze, micros, cents) => {
    expect(toEuroCents(grosze, micros)).toBe(cents);
  });

  it('dates a quarter’s rate by its last day', () => {
    expect(['2027-Q1', '2027-Q2', '2027-Q3', '2027-Q4', '2028-Q1'].map(quarterLastDay)).toEqual([
      '2027-03-31',
      '2027-06-30',
      '2027-09-30',
      '2027-12-31',
      '2028-03-31',
    ]);
  });
});

describe('the OSS report in euro', () => {
  it('converts at the ECB rate of the quarter’s last day, and the euro adds up to the invoices at that rate', async () => {
    await paidOssOrder(
      [{ product: 'online-premium' }, { product: 'online-premium' }],
      ossTaxOf('DE'),
      consumerIn('DE', 'Berlin'),
    );
    await paidOssOrder([{ product: 'online-standard' }], ossTaxOf('FI'), consumerIn('FI', 'Helsinki'));
    await paidOssOrder(
      [{ product: 'online-vip' }, { product: 'onsite-standard', name: 'Lena' }],
      ossTaxOf('AT'),
      consumerIn('AT', 'Wien'),
    );
    setClock(AFTER_Q1);
    const body = await report('2027-Q1');

    const expected = fakeEcbRate('2027-03-31');
    expect(expected).not.toBeNull();
    expect(body.euro?.rate).toMatchObject({ rate: expected, day: '2027-03-31', source: 'ecb', by: null });
    expect(body.missing).toBeUndefined();
    const micros = rateMicros(expected ?? '') ?? 0;
    const invoices = (await office().listInvoices({}, null, 100)).invoices as IssuedInvoice[];
    for (const row of body.rows) {
      // Each line: the quarter's invoices' OSS lines of that state and rate, in złoty, then at the rate.
      const lines = invoices
        .flatMap((invoice) => invoice.lines)
        .filter((line) => {
          const oss = ossRateOf(line.vatRate);
          return oss?.country === row.country && oss.rate === row.rate;
        });
      const net = lines.reduce((sum, line) => sum + line.net, 0);
      const vat = lines.reduce((sum, line) => sum + line.vat, 0);
      expect({ net: row.net, vat: row.vat }).toEqual({ net, vat });
      expect(row.eur).toEqual({ net: toEuroCents(net, micros), vat: toEuroCents(vat, micros) });
    }
    expect(body.rows.map((row) => row.country)).toEqual(['AT', 'DE', 'FI']);
    // The totals are the sums of the rounded lines.
    expect(body.euro?.totals).toEqual({
      net: body.rows.reduce((sum, row) => sum + (row.eur?.net ?? 0), 0),
      vat: body.rows.reduce((sum, row) => sum + (row.eur?.vat ?? 0), 0),
    });

    // The CSV carries the euro columns, the rate with its day and source, and the totals' line.
    const text = await csv('2027-Q1');
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header).toContain('Do deklaracji netto (EUR),Do deklaracji VAT (EUR),Kurs EUR/PLN,Kurs z dnia,Źródło kursu');
    const de = body.rows.find((row) => row.country === 'DE');
    const euro = (cents: number | undefined) => ((cents ?? 0) / 100).toFixed(2);
    expect(lines.find((line) => line.startsWith('DE,'))).toMatch(
      new RegExp(`,${euro(de?.eur?.net)},${euro(de?.eur?.vat)},${expected?.replace('.', '\\.')},2027-03-31,EBC$`),
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(`^Razem,.*,${euro(body.euro?.totals.net)},${euro(body.euro?.totals.vat)},`),
    );
  });

  it('takes the next publication when the ECB published none on the last day (30 June 2024, a Sunday)', async () => {
    setClock(AFTER_Q1);
    const body = await report('2024-Q2');
    expect(body.euro?.rate).toMatchObject({ day: '2024-07-01', rate: fakeEcbRate('2024-07-01'), source: 'ecb' });
  });

  it('keeps the rate it fetched: the report reads the same when the ECB is down later', async () => {
    await paidOssOrder([{ product: 'online-premium' }], ossTaxOf('DE'), consumerIn('DE', 'Berlin'));
    setClock(AFTER_Q1);
    const first = await report('2027-Q1');
    const again = await report('2027-Q1', DOWN);
    expect(again.euro).toEqual(first.euro);
    expect(again.rows).toEqual(first.rows);
  });

  it('asks the ECB nothing for a quarter that has not ended', async () => {
    await paidOssOrder([{ product: 'online-premium' }], ossTaxOf('DE'), consumerIn('DE', 'Berlin'));
    const fetches = vi.spyOn(globalThis, 'fetch');
    const body = await report('2027-Q1');
    expect(body.euro).toBeNull();
    expect(body.missing).toBe('open');
    expect(body.rows[0]?.eur).toBeNull();
    expect(fetches.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('ecb'))).toEqual([]);
    const refused = await enterRate({ quarter: '2027-Q1', rate: '4.2675' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'quarter_open' });
  });

  it('shows no rate while the ECB is down, and takes one entered by hand, which a later fetch never replaces', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await paidOssOrder([{ product: 'online-premium' }], ossTaxOf('DE'), consumerIn('DE', 'Berlin'));
    setClock(AFTER_Q1);
    const down = await report('2027-Q1', DOWN);
    expect(down.euro).toBeNull();
    expect(down.missing).toBe('unavailable');
    expect(down.rows[0]?.eur).toBeNull();

    const res = await enterRate({ quarter: '2027-Q1', rate: ' 4.2675 ', day: '2027-04-01' });
    expect(res.status).toBe(200);
    const kept = (await res.json()) as OssRate;
    expect(kept).toMatchObject({ rate: '4.2675', day: '2027-04-01', source: 'manual' });
    expect(kept.by).toBeTruthy();

    const body = await report('2027-Q1');
    expect(body.euro?.rate).toEqual(kept);
    const row = body.rows[0];
    expect(row?.eur).toEqual({
      net: toEuroCents(row?.net ?? 0, 4_267_500),
      vat: toEuroCents(row?.vat ?? 0, 4_267_500),
    });
    expect((await csv('2027-Q1')).split('\r\n')[1]).toMatch(/,4\.2675,2027-04-01,ręcznie: .+$/);

    // Overridden by hand again: the last one entered stands.
    expect((await enterRate({ quarter: '2027-Q1', rate: '4.3' })).status).toBe(200);
    expect((await report('2027-Q1')).euro?.rate).toMatchObject({ rate: '4.3', day: '2027-03-31', source: 'manual' });
  });

  it('overrides a fetched rate by hand', async () => {
    setClock(AFTER_Q1);
    expect((await report('2027-Q1')).euro?.rate.source).toBe('ecb');
    expect((await enterRate({ quarter: '2027-Q1', rate: '4.1999' })).status).toBe(200);
    expect((await report('2027-Q1')).euro?.rate).toMatchObject({ rate: '4.1999', source: 'manual' });
  });

  it.each([
    [{ quarter: '2027-Q1', rate: '0' }, 'rate'],
    [{ quarter: '2027-Q1', rate: '0.0000' }, 'rate'],
    [{ quarter: '2027-Q1', rate: '4.1234567' }, 'rate'],
    [{ quarter: '2027-Q1', rate: '-4.2' }, 'rate'],
    [{ quarter: '2027-Q1', rate: '4,2675' }, 'rate'],
    [{ quarter: '2027-Q1', rate: 4.2675 }, 'rate'],
    [{ quarter: '2027-Q1' }, 'rate'],
    [{ quarter: '2027-Q5', rate: '4.2675' }, 'quarter'],
    [{ quarter: '2027-Q1', rate: '4.2675', day: '2027-03-30' }, 'day'],
    [{ quarter: '2027-Q1', rate: '4.2675', day: '2027-04-15' }, 'day'],
    [{ quarter: '2027-Q1', rate: '4.2675', day: '2027-04-31' }, 'day'],
    [{ quarter: '2027-Q1', rate: '4.2675', day: '1 April' }, 'day'],
  ])('refuses %j with 422 naming %s, and keeps the rate there was', async (body, field) => {
    setClock(AFTER_Q1);
    const before = (await report('2027-Q1')).euro;
    const res = await enterRate(body);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe('invalid_fields');
    expect(Object.keys(answer.fields)).toEqual([field]);
    expect((await report('2027-Q1')).euro).toEqual(before);
  });

  it('lets only finance and admins enter a rate', async () => {
    setClock(AFTER_Q1);
    expect((await enterRate({ quarter: '2027-Q1', rate: '4.2675' }, 'door')).status).toBe(403);
  });
});

describe("the ECB's data service", () => {
  it('reads the first observation on or after the day from its CSV, quoted titles and all', () => {
    const header =
      'KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,OBS_CONF,TITLE,TITLE_COMPL';
    const line = (day: string, rate: string) =>
      `EXR.D.PLN.EUR.SP00.A,D,PLN,EUR,SP00,A,${day},${rate},A,F,Polish zloty/Euro,"ECB reference exchange rate, Polish zloty/Euro, 2:15 pm (C.E.T.)"`;
    const csv = [header, line('2027-04-02', '4.2811'), line('2027-04-01', '4.2790'), line('2027-03-31', '')].join(
      '\r\n',
    );
    expect(firstObservation(csv, '2027-03-31')).toEqual({ rate: '4.2790', day: '2027-04-01' });
    expect(firstObservation(header, '2027-03-31')).toBeNull();
    expect(() => firstObservation('KEY,FREQ\r\nx,D', '2027-03-31')).toThrow();
  });

  it('has its stand-in on local servers only', async () => {
    const path = '/_fake/ecb/data/EXR/D.PLN.EUR.SP00.A?startPeriod=2027-03-27&endPeriod=2027-03-29&format=csvdata';
    const local = await callWorker(new Request(`${ORIGIN}${path}`));
    expect(local.status).toBe(200);
    // Saturday and Sunday have no rate; Monday has.
    expect((await local.text()).trim().split('\r\n').slice(1)).toEqual([
      `EXR.D.PLN.EUR.SP00.A,D,PLN,EUR,SP00,A,2027-03-29,${fakeEcbRate('2027-03-29')},A,F`,
    ]);
    const production = await callWorker(new Request(`${ORIGIN}${path}`), { ENVIRONMENT: 'production' });
    expect(production.status).toBe(404);
  });
});
