import { isExample } from '../../site/example-data';
import type { Bindings } from '../env';

/** KSeF's environments: `test` and `demo` for trying, `production` for real invoices. */
export const KSEF_ENVIRONMENTS = ['test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];

/** What the worker needs to send invoices to KSeF: the environment, the seller's NIP and its KSeF token. */
export type KsefSettings = { environment: KsefEnvironment; nip: string; token: string };

/**
 * The organiser's KSeF settings (`KSEF_ENVIRONMENT`, `KSEF_NIP` and the secret `KSEF_TOKEN`), or
 * null while any is missing: invoices then wait as "not yet in KSeF" and nothing is sent.
 */
export function ksefSettings(env: Pick<Bindings, 'KSEF_ENVIRONMENT' | 'KSEF_NIP' | 'KSEF_TOKEN'>): KsefSettings | null {
  const environment = KSEF_ENVIRONMENTS.find((name) => name === env.KSEF_ENVIRONMENT);
  if (!environment || !env.KSEF_NIP || !env.KSEF_TOKEN) return null;
  return { environment, nip: env.KSEF_NIP, token: env.KSEF_TOKEN };
}

/**
 * Whether invoices issued here go to KSeF: it is configured, and the seller is not example data
 * (product-decisions: while it is, nothing is sent to KSeF).
 */
export const ksefSends = (env: Pick<Bindings, 'KSEF_ENVIRONMENT' | 'KSEF_NIP' | 'KSEF_TOKEN'>) =>
  ksefSettings(env) !== null && !isExample('organiser');
