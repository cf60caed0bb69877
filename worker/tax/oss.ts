import type { Context } from 'hono';
import { edgeCountry } from '../../site/tax-rules';
import type { AppEnv, Bindings } from '../env';

// The seller's side of VAT by where the buyer is (site/tax-rules.ts): whether it is registered for
// the One Stop Shop, and the edge's country of a request, the second piece of evidence of a
// consumer's country.

/** Whether the seller uses OSS (`VAT_OSS=on`); off by default, so a new deployment charges 23%. */
export const ossEnabled = (env: Pick<Bindings, 'VAT_OSS'>) => env.VAT_OSS?.trim().toLowerCase() === 'on';

/**
 * The country Cloudflare's edge placed the request in (`request.cf.country`), or null when it has
 * none (a local server without the edge's data, Tor, an unknown address).
 */
export function requestEdgeCountry(c: Context<AppEnv>): string | null {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown; asn?: unknown; city?: unknown } }).cf;
  // A local server (wrangler dev, miniflare) without the edge's data gives every request the same
  // placeholder, Austin in the US on Cloudflare's own network: that is no evidence of anyone's country.
  if (cf?.asn === 395747 && cf.city === 'Austin') return null;
  return edgeCountry(cf?.country);
}
