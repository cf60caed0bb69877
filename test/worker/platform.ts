import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';

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
    await asset.body?.cancel();
  }
  return SELF.fetch(url, { ...init, redirect: 'manual' });
}

/** Calls the worker's fetch handler directly, with the test bindings and its own execution context. */
export async function callWorker(request: Request, bindings: Partial<typeof env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * `visit` for tests that send hundreds of requests (property tests): the same routing, but the
 * worker is called directly. Every SELF.fetch in one workerd instance is slower than the one
 * before (a harness issue, workers-sdk#15446), which would make a few hundred runs take minutes.
 */
export async function visitDirect(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && !new URL(url).pathname.startsWith('/_internal/')) {
    const asset = await env.ASSETS.fetch(new Request(url, { ...init, redirect: 'manual' }));
    if (asset.status !== 404) return asset;
    await asset.body?.cancel();
  }
  return callWorker(new Request(url, { ...init, redirect: 'manual' }));
}
