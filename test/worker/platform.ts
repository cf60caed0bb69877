import { env, SELF } from 'cloudflare:test';

/**
 * A request as the platform routes it: the static assets answer first (prerendered pages, files),
 * and only a miss reaches the worker (not_found_handling = "none"; /_internal/* always goes to the
 * worker). SELF alone would skip the assets layer.
 */
export async function visit(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && !new URL(url).pathname.startsWith('/_internal/')) {
    const asset = await env.ASSETS.fetch(new Request(url, { ...init, redirect: 'manual' }));
    if (asset.status !== 404) return asset;
  }
  return SELF.fetch(url, { ...init, redirect: 'manual' });
}
