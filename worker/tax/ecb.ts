import { RATE_PATTERN } from '../../site/oss-report';

// The ECB's euro foreign exchange reference rates (its data service, SDMX REST), for the euro rate
// of an OSS return: the złoty's daily series `EXR/D.PLN.EUR.SP00.A` (daily, złoty per euro, spot,
// the reference rate the ECB publishes around 16:00 CET on each TARGET business day).

/** The ECB's data service; ECB_API_BASE replaces it for tests and local servers (the fake). */
export const ECB_API_BASE = 'https://data-api.ecb.europa.eu/service';
/** The series of the złoty's daily reference rate. */
export const ECB_PLN_SERIES = 'EXR/D.PLN.EUR.SP00.A';
/** How long to wait for the ECB before the report shows no rate (the organiser may enter it). */
export const ECB_TIMEOUT_MS = 8_000;
/** How many days after the quarter's last day to look for the next publication (Easter closes up to four). */
const LOOK_AHEAD_DAYS = 10;

/** Raised when the ECB cannot be reached or answers what is no rate series; the message is for logs. */
export class EcbError extends Error {}

/** A day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/**
 * The złoty's reference rate of `day`, or of the ECB's next publication after it when it published
 * none that day (a weekend, a TARGET holiday): what art. 369h(2) of Directive 2006/112 asks for the
 * return of a quarter ending on `day`. Null when the ECB has published nothing from that day yet.
 * Throws EcbError when the ECB cannot be reached or answers something else.
 */
export async function ecbRate(
  base: string,
  day: string,
  fetcher: typeof fetch = fetch,
): Promise<{ rate: string; day: string } | null> {
  const url = `${base}/data/${ECB_PLN_SERIES}?startPeriod=${day}&endPeriod=${addDays(day, LOOK_AHEAD_DAYS)}&format=csvdata`;
  let response: Response;
  try {
    response = await fetcher(url, { headers: { Accept: 'text/csv' }, signal: AbortSignal.timeout(ECB_TIMEOUT_MS) });
  } catch (error) {
    throw new EcbError(`ecb unreachable: ${String(error)}`);
  }
  // The data service answers 404 "No results found" for a period without observations.
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new EcbError(`ecb answered ${response.status}`);
  }
  return firstObservation(await response.text(), day);
}

/** The earliest observation on or after `day` of the data service's CSV (`TIME_PERIOD`, `OBS_VALUE` columns). */
export function firstObservation(csv: string, day: string): { rate: string; day: string } | null {
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const columns = header.split(',');
  const period = columns.indexOf('TIME_PERIOD');
  const value = columns.indexOf('OBS_VALUE');
  if (period < 0 || value < 0) throw new EcbError('ecb answered without TIME_PERIOD and OBS_VALUE');
  let first: { rate: string; day: string } | null = null;
  for (const line of lines) {
    // The series' own fields (titles, units) hold no commas before these columns; a quoted title after them may.
    const cells = line.split(',');
    const observed = cells[period] ?? '';
    const rate = cells[value] ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(observed) || observed < day || !RATE_PATTERN.test(rate)) continue;
    if (!first || observed < first.day) first = { rate, day: observed };
  }
  return first;
}
