import { FAKE_ACCESS_TEST_BASE as FAKE_ACCESS_BASE, fakeAccess } from '../../worker/staff/access-fake';

// Every worker test file: a team domain under FAKE_ACCESS_BASE has its signing keys answered by the
// Access fake (worker/staff/access-fake.ts) instead of the network, as VIES's are (vies-fake.setup.ts).
const real = globalThis.fetch;
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  urlOf(input).startsWith(FAKE_ACCESS_BASE)
    ? fakeAccess(new Request(input, init), FAKE_ACCESS_BASE)
    : real(input, init);
