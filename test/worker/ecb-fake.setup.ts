import { FAKE_ECB_TEST_URL, fakeEcb } from '../../worker/tax/ecb-fake';

// Every worker test file: an ECB_API_BASE of FAKE_ECB_TEST_URL (the tests' binding, vitest.config.ts)
// is answered by the ECB fake (worker/tax/ecb-fake.ts) instead of the network, as Turnstile's is.
const real = globalThis.fetch;
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  urlOf(input).startsWith(FAKE_ECB_TEST_URL) ? Promise.resolve(fakeEcb(new Request(input, init))) : real(input, init);
