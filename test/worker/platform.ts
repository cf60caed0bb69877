import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Bindings } from '../../worker/env';
import worker from '../../worker/index';
import wranglerToml from '../../wrangler.toml?raw';

/** The origin every worker test sends its requests to (the site's own, as far as the worker can tell). */
export const ORIGIN = 'https://kongres.test';

/** wrangler.toml's `run_worker_first` paths, matched as the platform matches them: `*` is any run of characters. */
const workerFirst = (JSON.parse(wranglerToml.match(/^run_worker_first = (\[.*\])$/m)?.[1] ?? '[]') as string[]).map(
  (glob) =>
    new RegExp(
      `^${glob
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('.*')}$`,
    ),
);

/**
 * Routes a request as the platform does: the static assets answer first (prerendered pages, files),
 * and only a miss reaches the worker (not_found_handling = "none"); the `run_worker_first` paths
 * always go to the worker.
 */
async function route(url: string, init: RequestInit, toWorker: () => Promise<Response>): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const pathname = new URL(url).pathname;
  if ((method === 'GET' || method === 'HEAD') && !workerFirst.some((pattern) => pattern.test(pathname))) {
    const asset = await env.ASSETS.fetch(new Request(url, { ...init, redirect: 'manual' }));
    if (asset.status !== 404) return asset;
    await asset.body?.cancel();
  }
  return toWorker();
}

/** A request through the platform's routing to the worker (SELF alone would skip the assets layer). */
export function visit(url: string, init: RequestInit = {}): Promise<Response> {
  return route(url, init, () => SELF.fetch(url, { ...init, redirect: 'manual' }));
}

/** Calls the worker's fetch handler directly, with the test bindings and its own execution context. */
export async function callWorker(request: Request, bindings: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * POSTs JSON to the worker (`callWorker`) from a client address `ip`, with more headers and
 * bindings where a test needs them.
 */
export function postJson(
  path: string,
  body: unknown,
  {
    ip,
    headers = {},
    bindings = {},
  }: { ip?: string; headers?: Record<string, string>; bindings?: Partial<Bindings> } = {},
): Promise<Response> {
  return callWorker(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(ip ? { 'CF-Connecting-IP': ip } : {}), ...headers },
      body: JSON.stringify(body),
    }),
    bindings,
  );
}

/**
 * `visit` for tests that send hundreds of requests (property tests): the same routing, but the
 * worker is called directly. Every SELF.fetch in one workerd instance is slower than the one
 * before (a harness issue, workers-sdk#15446), which would make a few hundred runs take minutes.
 */
export function visitDirect(url: string, init: RequestInit = {}): Promise<Response> {
  return route(url, init, () => callWorker(new Request(url, { ...init, redirect: 'manual' })));
}

/** The field errors of a 422 `invalid_fields` answer (fails the test on any other answer). */
export async function fieldErrors(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(422);
  const body = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toBe('invalid_fields');
  return body.fields;
}
