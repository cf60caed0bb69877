import { ECB_PLN_SERIES } from './ecb';

// A local stand-in for the ECB's data service (worker/tax/ecb.ts), for tests and local servers,
// never production: the złoty's series only, in the service's CSV, with a made-up rate for each
// TARGET business day (no weekends, New Year's Day, 1 May, 25 and 26 December; Easter is left out).
// `<base>/down/...` answers 503: the service unreachable, for the tests of it.

/** Where a local server serves the fake (wrangler `--var ECB_API_BASE:http://127.0.0.1:<port>/_fake/ecb`). */
export const FAKE_ECB_PATH = '/_fake/ecb';
/** The base the worker tests use: answered in test/worker/ecb-fake.setup.ts, never on the network. */
export const FAKE_ECB_TEST_URL = 'https://ecb.test/service';

const CLOSED = ['01-01', '05-01', '12-25', '12-26'];

/** The fake's rate of a business day: 4.2000 to 4.2999, the same for the same day. */
export function fakeEcbRate(day: string): string | null {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6 || CLOSED.includes(day.slice(5))) return null;
  const n = Math.floor(date.getTime() / 86_400_000);
  return (4.2 + ((n * 37) % 1000) / 10_000).toFixed(4);
}

export function fakeEcb(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname.includes('/down/')) return new Response('Service Unavailable', { status: 503 });
  if (!url.pathname.endsWith(`/data/${ECB_PLN_SERIES}`)) return new Response('Not Found', { status: 404 });
  const start = url.searchParams.get('startPeriod') ?? '';
  const end = url.searchParams.get('endPeriod') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) {
    return new Response('Bad Request', { status: 400 });
  }
  const rows: string[] = [];
  for (let day = start; day <= end; ) {
    const rate = fakeEcbRate(day);
    if (rate) rows.push(`EXR.D.PLN.EUR.SP00.A,D,PLN,EUR,SP00,A,${day},${rate},A,F`);
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    day = next.toISOString().slice(0, 10);
  }
  if (!rows.length) return new Response('No results found.', { status: 404 });
  const header = 'KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,OBS_CONF';
  return new Response(`${header}\r\n${rows.join('\r\n')}\r\n`, { headers: { 'Content-Type': 'text/csv' } });
}
