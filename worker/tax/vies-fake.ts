/**
 * Numbers whose member state's register the fake has down until told otherwise (`POST
 * .../outage` with `{countryCode, vatNumber, down}`): a test makes VIES go down at a purchase and
 * come back for the re-check, with no switch in the code it tests. Kept in the isolate: a local
 * server runs one.
 */
const outages = new Set<string>();

/** Takes a number's register down (`down: true`) or brings it back, in this fake. */
export function setFakeViesOutage(number: { countryCode: string; vatNumber: string }, down: boolean): void {
  const key = `${number.countryCode}${number.vatNumber}`;
  if (down) outages.add(key);
  else outages.delete(key);
}

/**
 * A local stand-in for VIES's REST service, for tests and local servers (never production): it
 * answers `POST .../check-vat-number` as the real one does. A number of only zeros is not
 * registered (`valid: false`), one of only nines, or one taken down (`setFakeViesOutage`), finds
 * the member state's register down (`MS_UNAVAILABLE`, answered with 200 as VIES does), any other is
 * registered to an example trader.
 */
export async function fakeVies(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'POST' && url.pathname.endsWith('/outage')) {
    const body = (await request.json().catch(() => null)) as {
      countryCode?: unknown;
      vatNumber?: unknown;
      down?: unknown;
    } | null;
    if (typeof body?.countryCode !== 'string' || typeof body.vatNumber !== 'string' || typeof body.down !== 'boolean') {
      return Response.json({ error: 'invalid_outage' }, { status: 400 });
    }
    setFakeViesOutage({ countryCode: body.countryCode, vatNumber: body.vatNumber }, body.down);
    return new Response(null, { status: 204 });
  }
  if (request.method !== 'POST' || !url.pathname.endsWith('/check-vat-number')) {
    return Response.json({ actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] }, { status: 404 });
  }
  const body = (await request.json().catch(() => null)) as { countryCode?: unknown; vatNumber?: unknown } | null;
  const countryCode = typeof body?.countryCode === 'string' ? body.countryCode : '';
  const vatNumber = typeof body?.vatNumber === 'string' ? body.vatNumber : '';
  if (!/^[A-Z]{2}$/.test(countryCode) || !/^[0-9A-Z+*]{2,13}$/.test(vatNumber)) {
    return Response.json({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] }, { status: 400 });
  }
  if (/^9+$/.test(vatNumber) || outages.has(`${countryCode}${vatNumber}`)) {
    return Response.json({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
  }
  const valid = !/^0+$/.test(vatNumber);
  return Response.json({
    countryCode,
    vatNumber,
    requestDate: new Date().toISOString(),
    valid,
    requestIdentifier: valid ? `FAKE${countryCode}${vatNumber}`.slice(0, 16) : '',
    name: valid ? 'Example Trader (VIES fake)' : '---',
    address: valid ? 'Examplestrasse 1, 10115 Example City' : '---',
  });
}

/** Where the fake is mounted on a local server (worker/index.ts), under VIES_API_BASE's path. */
export const FAKE_VIES_PATH = '/_fake/vies';
