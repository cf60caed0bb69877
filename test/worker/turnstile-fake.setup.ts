import { FAKE_TURNSTILE_TEST_URL, fakeSiteverify } from '../../worker/turnstile/fake';

// Every worker test file: a TURNSTILE_VERIFY_URL of FAKE_TURNSTILE_TEST_URL is answered by the
// siteverify fake (worker/turnstile/fake.ts) instead of the network, as VIES's is
// (vies-fake.setup.ts). `<that URL>/down` answers 502: siteverify unreachable, for the tests of it.
const real = globalThis.fetch;
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = urlOf(input);
  if (url === `${FAKE_TURNSTILE_TEST_URL}/down`) return Promise.resolve(new Response('Bad gateway', { status: 502 }));
  return url.startsWith(FAKE_TURNSTILE_TEST_URL) ? fakeSiteverify(new Request(input, init)) : real(input, init);
};
