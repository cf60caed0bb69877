import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { href } from '../../site/pages';
import { consentJson } from '../support/consent';
import { resetBoxOffice, setClock } from './box-office';
import { callWorker, visitDirect } from './platform';

// Every route that reads a query parameter answers a bad one with 422 `invalid_query` and the
// parameter's name, through the one error path (worker/middleware/validation.ts validQuery), and an
// unknown resource named in the path with 404: never a 500, and never a guess between two values
// of one parameter (issue 43: `/api/admin/invoices/export.zip?month=9999-12` answered 500).

const ORIGIN = 'https://kongres.test';
const ADMIN = { Authorization: 'Bearer test-admin-token' };

const BAD_MONTHS = ['9999-12', '0000-00', '2026-13', '1969-12', '2050-02', '2027-3', 'marzec', ''];
const BAD_COUNTS = ['-1', '0', '99999999999999999999', '1e309', '1.5', 'NaN', 'dziesięć', ''];
const GARBAGE = ['x'.repeat(5000), "'; DROP TABLE orders; --", '%E0%A4%A', '\u0000', '../../etc'];
const LONG = 'x'.repeat(5000);

/** A route's parameter: the values it refuses with 422, and a good value (repeated, it is refused too). */
type Param = { route: string; name: string; bad: string[]; good: string; method?: string };

let order = { id: '', token: '' };

/** The routes that read query parameters, with the values each refuses. */
const params = (): Param[] => [
  { route: '/api/admin/invoices', name: 'month', bad: BAD_MONTHS, good: '2027-03' },
  { route: '/api/admin/invoices', name: 'limit', bad: BAD_COUNTS.concat('201'), good: '10' },
  { route: '/api/admin/invoices', name: 'cursor', bad: GARBAGE, good: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
  { route: '/api/admin/invoices', name: 'kind', bad: ['FAKTURA', ''], good: 'ZAL' },
  { route: '/api/admin/invoices', name: 'ksef', bad: ['lost', ''], good: 'accepted' },
  { route: '/api/admin/invoices', name: 'q', bad: [LONG, ''], good: 'FV' },
  { route: '/api/admin/invoices/export.csv', name: 'month', bad: BAD_MONTHS, good: '2027-03' },
  { route: '/api/admin/invoices/export.zip', name: 'month', bad: BAD_MONTHS, good: '2027-03' },
  { route: '/api/admin/orders', name: 'status', bad: ['lost', ''], good: 'paid' },
  { route: '/api/admin/orders', name: 'product', bad: ['onsite-gold', ''], good: 'onsite-vip' },
  { route: '/api/admin/orders', name: 'q', bad: [LONG, ''], good: 'anna' },
  {
    route: '/api/admin/orders',
    name: 'from',
    bad: ['yesterday', '9999-99-99T00:00:00Z', '2027-02-30T00:00:00Z', '1e309', ''],
    good: '2027-03-01T00:00:00Z',
  },
  { route: '/api/admin/orders', name: 'to', bad: ['2027-13-01T00:00:00Z', ''], good: '2027-03-01T00:00:00Z' },
  { route: '/api/admin/orders', name: 'cursor', bad: GARBAGE, good: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
  { route: '/api/admin/orders', name: 'limit', bad: BAD_COUNTS.concat('1001'), good: '10' },
  { route: '/api/admin/orders', name: 'format', bad: ['xml', ''], good: 'json' },
  { route: '/api/admin/orders?format=csv', name: 'rows', bad: ['seats', ''], good: 'tickets' },
  { route: '/api/admin/messages', name: 'topic', bad: ['spam', ''], good: 'wystawca' },
  { route: '/api/admin/messages', name: 'handled', bad: ['yes', '1', ''], good: 'true' },
  { route: '/api/admin/messages', name: 'format', bad: ['pdf'], good: 'csv' },
  { route: '/api/admin/content/history', name: 'kind', bad: ['people', ''], good: 'speakers' },
  {
    route: '/api/admin/content/speakers/nobody',
    method: 'DELETE',
    name: 'version',
    bad: ['-1', 'abc', '9999999999', ''],
    good: '1',
  },
  { route: '/api/admin/content/preview', name: 'path', bad: [LONG], good: '/pl/prelegenci' },
  { route: '/api/preview', name: 'expires', bad: [LONG], good: '1' },
  { route: '/api/preview', name: 'signature', bad: [LONG], good: 'abc' },
  { route: '/api/preview', name: 'path', bad: [LONG], good: '/pl/prelegenci' },
  { route: '/schedule.json', name: 'lang', bad: [LONG], good: 'de' },
  { route: '/schedule.xml', name: 'lang', bad: [LONG], good: 'de' },
  { route: '/api/footer', name: 'lang', bad: [LONG], good: 'de' },
  { route: `/api/orders/${order.id}`, name: 'token', bad: [LONG], good: order.token },
  { route: `/api/orders/${order.id}/proforma.pdf`, name: 'token', bad: [LONG], good: order.token },
  { route: `/api/orders/${order.id}/invoice.pdf`, name: 'token', bad: [LONG], good: order.token },
  { route: `/checkout/demo/${order.id}`, name: 'token', bad: [LONG], good: order.token },
];

/** Unknown things named in a path: 404, whatever their shape. */
const unknown = (): string[] => [
  '/api/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV?token=x',
  `/api/orders/${'9'.repeat(500)}`,
  '/api/orders/%E0%A4%A',
  `/api/orders/${order.id}?token=wrong`,
  `/api/orders/${order.id}/invoices/01ARZ3NDEKTSV4RRFFQ69G5FAV.pdf?token=${order.token}`,
  `/api/orders/${order.id}/tickets/nope/qr.svg?token=${order.token}`,
  '/api/admin/orders/01ARZ3NDEKTSV4RRFFQ69G5FAV',
  '/api/admin/orders/..%2F..%2Fetc',
  '/api/admin/invoices/01ARZ3NDEKTSV4RRFFQ69G5FAV.xml',
  '/api/admin/content/people',
  '/api/admin/content/speakers/%00',
  '/api/admin/content/preview?path=/pl/nie-ma-takiej-strony',
  '/api/calendar/xx/kongres.ics',
  '/api/calendar/pl/..%2F..%2Fkongres.ics',
  '/schedule.json?lang=fr',
  '/checkout/demo/01ARZ3NDEKTSV4RRFFQ69G5FAV?token=x',
  `/content-images/img-${'0'.repeat(32)}.png`,
];

const call = (path: string, method = 'GET') => callWorker(new Request(`${ORIGIN}${path}`, { method, headers: ADMIN }));
const withParam = (route: string, query: string) => `${route}${route.includes('?') ? '&' : '?'}${query}`;
/** A value as a link carries it: percent-encoded, unless it is a broken escape on purpose. */
const encoded = (value: string) => (/^%[0-9A-F]{2}/.test(value) ? value : encodeURIComponent(value));

beforeEach(async () => {
  setClock('2027-03-15T11:00:00Z');
  await resetBoxOffice();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const res = await callWorker(
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.43' },
      body: consentJson({ email: 'kupujacy@example.com', lang: 'pl', items: [{ product: 'online-standard' }] }),
    }),
    { PURCHASE_LIMITER: undefined as unknown as RateLimit },
  );
  const { orderId, url } = (await res.json()) as { orderId: string; url: string };
  order = { id: orderId, token: new URL(url).searchParams.get('token') ?? '' };
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('bad query parameters (issue 43)', () => {
  it('answers each bad value of every route with 422 invalid_query naming the parameter, never 500', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { route, name, bad, method } of params()) {
      for (const value of bad) {
        const path = withParam(route, `${name}=${encoded(value)}`);
        const res = await call(path, method);
        const body = (await res.json().catch(() => null)) as { error?: string; fields?: Record<string, string> } | null;
        const field = body?.fields?.[name];
        answers.push(`${method ?? 'GET'} ${path.slice(0, 80)} → ${res.status} ${body?.error} ${field ? name : '-'}`);
        expected.push(`${method ?? 'GET'} ${path.slice(0, 80)} → 422 invalid_query ${name}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('refuses a parameter given twice (?month=a&month=b) as repeated, even when both values are good', async () => {
    for (const { route, name, good, method } of params()) {
      const res = await call(withParam(route, `${name}=${encoded(good)}&${name}=${encoded(good)}`), method);
      expect([route, name, res.status]).toEqual([route, name, 422]);
      expect(await res.json()).toEqual({ error: 'invalid_query', fields: { [name]: 'repeated' } });
    }
  });

  it('answers a good value of each parameter without an error of the query (a sanity check of the table)', async () => {
    for (const { route, name, good, method } of params()) {
      const res = await call(withParam(route, `${name}=${encoded(good)}`), method);
      const body = await res.text();
      expect([route, name, res.status < 500, body.includes('invalid_query')]).toEqual([route, name, true, false]);
    }
  });

  it('answers unknown things named in a path with 404, never 500', async () => {
    const answers = await Promise.all(unknown().map(async (path) => `${path} → ${(await call(path)).status}`));
    expect(answers).toEqual(unknown().map((path) => `${path} → 404`));
  });

  it('shows a page (the thank-you page reads ?order and ?token) for any query string, without an order it cannot open', async () => {
    const thanks = href('pl', 'thanks');
    for (const query of [
      'order=x&token=y',
      `order=${order.id}&order=${order.id}&token=${order.token}&token=x`,
      `order=${'9'.repeat(5000)}&token=%E0%A4%A`,
      '%ZZ=%ZZ&&&=',
    ]) {
      const res = await visitDirect(`${ORIGIN}${thanks}?${query}`);
      expect([query.slice(0, 40), res.status]).toEqual([query.slice(0, 40), 200]);
      expect(await res.text()).not.toContain(order.token);
    }
  });

  it('exports the first and the last month an FA(3) invoice can be dated in, and none outside', async () => {
    for (const month of ['2016-07', '2050-01']) {
      const res = await call(`/api/admin/invoices/export.zip?month=${month}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/zip');
    }
    const res = await call('/api/admin/invoices/export.zip?month=9999-12');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'invalid_query', fields: { month: 'out_of_range' } });
  });
});
