import { env } from 'cloudflare:test';
import { fakeVies } from '../../worker/tax/vies-fake';

// Every worker test file: wrangler.toml's local VIES_API_BASE is answered by the VIES fake
// (worker/tax/vies-fake.ts) instead of the network. A test that wants another answer (a timeout, a
// service that comes back) spies on fetch as the Stripe tests do; restoring the spy brings this back.
const real = globalThis.fetch;
const base = (env as unknown as { VIES_API_BASE: string }).VIES_API_BASE;
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  urlOf(input).startsWith(base) ? fakeVies(new Request(input, init)) : real(input, init);
