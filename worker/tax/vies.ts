import { ORGANISER } from '../../site/event';
import { isExample } from '../../site/example-data';
import { nipDigits, type VatCheck } from '../../site/invoices';
import type { Bindings } from '../env';

/**
 * A small client of VIES, the EU's register of VAT numbers, through its official REST service
 * (`POST {base}/check-vat-number` with `{countryCode, vatNumber}`; the base is configuration,
 * `VIES_API_BASE`: the Commission's service in production, a local fake elsewhere). It never throws:
 * a number VIES confirms is `valid`, one it does not know is `invalid`, and anything else (VIES or
 * the member state's register down, busy or slower than the timeout) is `unavailable`, for the
 * caller to charge Polish VAT and let the buyer ask for a re-check later. When the seller is real
 * (not example data) it names itself as the requester, for which VIES returns a consultation number
 * (`requestIdentifier`), the evidence that the check was made.
 */

/** How long a check may take: a buyer is waiting for the order. */
export const VIES_TIMEOUT_MS = 3000;

export type ViesConfig = { base: string; timeoutMs: number; requester: { countryCode: string; number: string } | null };

/** The VIES configuration of an environment, or null when none is set (every check then `unavailable`). */
export function viesConfig(env: Pick<Bindings, 'VIES_API_BASE'>): ViesConfig | null {
  const base = env.VIES_API_BASE?.trim().replace(/\/+$/, '');
  if (!base) return null;
  return {
    base,
    timeoutMs: VIES_TIMEOUT_MS,
    requester: isExample('organiser') ? null : { countryCode: 'PL', number: nipDigits(ORGANISER.taxId) },
  };
}

/** VIES writes `---` where a member state does not give a trader's name or address. */
const given = (value: unknown) =>
  typeof value === 'string' && value.trim() && value.trim() !== '---' ? value.trim() : null;

/** VIES's error codes that mean the number itself is not one (not that the service failed). */
const INVALID_INPUT = new Set(['INVALID_INPUT']);

/** Checks an EU VAT number (VIES country code, e.g. `EL` for Greece, and the number without it). */
export async function checkVatNumber(
  config: ViesConfig | null,
  number: { countryCode: string; vatNumber: string },
  now: number,
  fetcher: typeof fetch = fetch,
): Promise<VatCheck> {
  const base: VatCheck = {
    status: 'unavailable',
    countryCode: number.countryCode,
    vatNumber: number.vatNumber,
    checkedAt: new Date(now).toISOString(),
    requestDate: null,
    requestIdentifier: null,
    name: null,
    address: null,
    error: null,
  };
  if (!config) return { ...base, error: 'not_configured' };
  let response: Response;
  try {
    response = await fetcher(`${config.base}/check-vat-number`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        countryCode: number.countryCode,
        vatNumber: number.vatNumber,
        ...(config.requester
          ? { requesterMemberStateCode: config.requester.countryCode, requesterNumber: config.requester.number }
          : {}),
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ...base, error: timedOut ? 'timeout' : 'network' };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  // VIES answers its errors as `{actionSucceed: false, errorWrappers: [{error}]}`, with 200 too.
  const wrappers = Array.isArray(body?.errorWrappers) ? (body.errorWrappers as { error?: unknown }[]) : [];
  const code = wrappers.map((w) => (typeof w?.error === 'string' ? w.error : '')).find(Boolean);
  if (code && INVALID_INPUT.has(code)) return { ...base, status: 'invalid', error: code };
  if (!response.ok || body?.actionSucceed === false || code || typeof body?.valid !== 'boolean') {
    return { ...base, error: (code ?? `http_${response.status}`).slice(0, 60) };
  }
  return {
    ...base,
    status: body.valid ? 'valid' : 'invalid',
    requestDate: given(body.requestDate),
    requestIdentifier: given(body.requestIdentifier),
    name: given(body.name),
    address: given(body.address),
  };
}
