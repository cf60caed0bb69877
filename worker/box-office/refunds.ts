import { PROVIDER_TIMEOUT_MS, STRIPE_CONFLICT_RETRIES_MS } from '../payments/providers';

// A buyer's refund is asked of the provider once, however many cancels arrive together (a double
// click, two tabs, a retrying client): the first one claims it here and makes the provider's call;
// the others wait for its outcome and answer the same. The claim is a lease: a caller that died
// mid-call (the worker was stopped) holds it only until the lease runs out, then the next cancel
// claims it and asks again with the same idempotency key, which the provider answers with the
// refund it made, if it made one.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS refund_claims (
  order_id TEXT PRIMARY KEY,
  attempt INTEGER NOT NULL,
  state TEXT NOT NULL,
  lease_until INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);`;

/**
 * How long a claim holds: longer than the slowest refund call (the checkout session's read, then
 * the refund with every retry after a 409, each up to the provider timeout).
 */
export const REFUND_LEASE_MS =
  (2 + STRIPE_CONFLICT_RETRIES_MS.length) * PROVIDER_TIMEOUT_MS +
  STRIPE_CONFLICT_RETRIES_MS.reduce((sum, pause) => sum + pause, 0) +
  5_000;

/** Makes the claims' table (the constructor, after the schema's migration). */
export function refundTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/**
 * Where the refund of an order stands for a caller: `claimed` (make the provider's call now, as
 * attempt n), `waiting` (attempt n is being made by another caller), `failed` (the attempt the
 * caller waited for failed: it answers the same failure).
 */
export type RefundTurn = { kind: 'claimed' | 'waiting'; attempt: number } | { kind: 'failed' };

type Claim = { attempt: number; state: 'running' | 'failed'; lease_until: number };

/**
 * The caller's turn, in the caller's transaction, for an order whose refund is due. `waitingFor`
 * is the attempt the caller was told to wait for, if any. `now` is the real clock (a lease
 * measures a call's time, not the shop's).
 */
export function refundTurn(sql: SqlStorage, orderId: string, now: number, waitingFor?: number): RefundTurn {
  const claim = sql
    .exec<Claim>('SELECT attempt, state, lease_until FROM refund_claims WHERE order_id = ?', orderId)
    .toArray()[0];
  if (claim && waitingFor !== undefined && (claim.attempt > waitingFor || claim.state === 'failed')) {
    return { kind: 'failed' };
  }
  if (claim?.state === 'running' && claim.lease_until > now) return { kind: 'waiting', attempt: claim.attempt };
  const attempt = (claim?.attempt ?? 0) + 1;
  sql.exec(
    `INSERT INTO refund_claims (order_id, attempt, state, lease_until, updated_at) VALUES (?, ?, 'running', ?, ?)
     ON CONFLICT (order_id) DO UPDATE SET attempt = excluded.attempt, state = 'running',
       lease_until = excluded.lease_until, updated_at = excluded.updated_at`,
    orderId,
    attempt,
    now + REFUND_LEASE_MS,
    now,
  );
  return { kind: 'claimed', attempt };
}

/** The provider refused or could not be reached on `attempt`: its waiters answer so; the next cancel tries again. */
export function refundFailed(sql: SqlStorage, orderId: string, attempt: number, now: number): void {
  sql.exec(
    "UPDATE refund_claims SET state = 'failed', updated_at = ? WHERE order_id = ? AND attempt = ?",
    now,
    orderId,
    attempt,
  );
}

/** An order's refund of `attempt` failed (see lifecycle's `claimRefund`), on the real clock. */
export function orderRefundFailed(sql: SqlStorage, orderId: string, attempt: number): void {
  refundFailed(sql, orderId, attempt, Date.now());
}

/** The refund is recorded on the order (in the caller's transaction): the claim is done with. */
export function refundRecorded(sql: SqlStorage, orderId: string): void {
  sql.exec('DELETE FROM refund_claims WHERE order_id = ?', orderId);
}
