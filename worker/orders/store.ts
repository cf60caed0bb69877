import type { LanguageCode } from '../../site/languages';
import type { PlanType } from '../../site/tickets';

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

export type Invoice = { company: string; taxId: string; address: string };

/** An order as stored in KV under `order:<id>`. Amounts are integers in grosze. */
export type Order = {
  id: string;
  code: string;
  plan: PlanType;
  net: number;
  vat: number;
  gross: number;
  currency: 'PLN';
  email: string;
  lang: LanguageCode;
  invoice?: Invoice;
  status: OrderStatus;
  provider: string;
  /** The provider's reference (Stripe Checkout Session id) once the order was sent to payment. */
  providerRef?: string;
  /** Where the buyer pays; set only after the provider accepted the order. */
  paymentUrl?: string;
  /** SHA-256 of the secret that lets the buyer read the order (hex). */
  tokenHash: string;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
};

const ORDER_PREFIX = 'order:';
const IDEMPOTENCY_PREFIX = 'idempotency:';
/** How long a purchase can be retried with the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a KV operation with exponential backoff (50, 100, 200 ms); rethrows the last error. */
export async function withRetry<T>(operation: () => Promise<T>, attempts = 4): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      if (attempt < attempts - 1) await sleep(50 * 2 ** attempt);
    }
  }
  throw lastError;
}

/** Writes an order (one key per order, so concurrent purchases never overwrite each other). */
export function putOrder(kv: KVNamespace, order: Order): Promise<void> {
  return withRetry(() => kv.put(ORDER_PREFIX + order.id, JSON.stringify(order)));
}

/** Reads an order, or null. */
export function getOrder(kv: KVNamespace, id: string): Promise<Order | null> {
  return withRetry(() => kv.get<Order>(ORDER_PREFIX + id, 'json'));
}

/** Every record under a prefix, following KV's list cursor through all pages, oldest first. */
export async function listRecords<T>(kv: KVNamespace, prefix: string, pageSize = 1000): Promise<T[]> {
  const records: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await withRetry(() => kv.list({ prefix, cursor, limit: pageSize }));
    const values = await Promise.all(page.keys.map((key) => withRetry(() => kv.get<T>(key.name, 'json'))));
    for (const value of values) if (value) records.push(value);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return records;
}

/** Every order, oldest first (ids are time-sortable). */
export const listOrders = (kv: KVNamespace) => listRecords<Order>(kv, ORDER_PREFIX);

/** The order id a previous request with this Idempotency-Key created, if any. */
export function orderForIdempotencyKey(kv: KVNamespace, key: string): Promise<string | null> {
  return withRetry(() => kv.get(IDEMPOTENCY_PREFIX + key));
}

/** Remembers which order an Idempotency-Key created, for 24 hours. */
export function rememberIdempotencyKey(kv: KVNamespace, key: string, orderId: string): Promise<void> {
  return withRetry(() => kv.put(IDEMPOTENCY_PREFIX + key, orderId, { expirationTtl: IDEMPOTENCY_TTL_SECONDS }));
}

/** SHA-256 of a string as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.byteLength !== right.byteLength) {
    // Still compare something of the same length so the time does not reveal much.
    crypto.subtle.timingSafeEqual(left, left);
    return false;
  }
  return crypto.subtle.timingSafeEqual(left, right);
}

/** A random secret for a buyer's link to their order (base64url, 256 bits). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Whether a secret opens an order. */
export async function secretOpens(order: Order, secret: string): Promise<boolean> {
  return constantTimeEqual(order.tokenHash, await sha256Hex(secret));
}
