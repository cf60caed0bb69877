import { env } from 'cloudflare:test';

/** Deletes every key in the ORDERS namespace (KV outlives a single test within a file). */
export async function clearKv(): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await env.ORDERS.list({ cursor });
    await Promise.all(page.keys.map((key) => env.ORDERS.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Every value stored under a prefix, parsed. */
export async function stored<T = Record<string, unknown>>(prefix: string): Promise<T[]> {
  const page = await env.ORDERS.list({ prefix });
  return Promise.all(page.keys.map(async (key) => JSON.parse((await env.ORDERS.get(key.name)) ?? 'null') as T));
}
