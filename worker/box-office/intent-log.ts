import { retentionEnds } from '../../site/data-map';
import type { Json, LogEntry, OrderEvent } from '../../site/orders';
import type { Tx } from './context';
import { iso } from './schema';

// The purchase-intent log: every change of an order is a row of `log`, written in the change's own
// transaction; the alarm copies each row to Workers KV once, under a key of its own.

/**
 * Log entries written to KV per alarm run: well under the 1,000 operations of one invocation, and
 * small enough that purchases arriving meanwhile are not queued behind a long run of writes.
 */
export const FLUSH_BATCH = 50;
/**
 * How long a new log entry may wait for the copy to KV: the entries of a second go in one alarm
 * run, not one run each (KV is eventually consistent for its readers anyway).
 */
export const LOG_FLUSH_DELAY_MS = 1000;
/** KV key of a log entry: an order's changes sort together and in order, orders by creation time. */
export const logKey = (orderId: string, seq: number) => `intent:${orderId}:${String(seq).padStart(10, '0')}`;

/** Appends one change of an order to the log (in the caller's transaction). */
export function appendLog(
  sql: SqlStorage,
  orderId: string,
  event: OrderEvent,
  at: number,
  data: Record<string, Json>,
): void {
  sql.exec('INSERT INTO log (order_id, event, at, data) VALUES (?, ?, ?, ?)', orderId, event, at, JSON.stringify(data));
}

/** An order's history from the log, oldest first. */
export function orderHistory(sql: SqlStorage, id: string): LogEntry[] {
  return sql
    .exec<{ seq: number; order_id: string; event: string; at: number; data: string }>(
      'SELECT seq, order_id, event, at, data FROM log WHERE order_id = ? ORDER BY seq',
      id,
    )
    .toArray()
    .map(toLogEntry);
}

/** Copies log entries that are not yet in KV to KV; returns how many are still waiting and failed. */
export async function flushLog(sql: SqlStorage, kv: KVNamespace): Promise<{ waiting: number; failed: number }> {
  const entries = sql
    .exec<{ seq: number; order_id: string; event: string; at: number; data: string }>(
      'SELECT seq, order_id, event, at, data FROM log WHERE exported = 0 ORDER BY seq LIMIT ?',
      FLUSH_BATCH,
    )
    .toArray()
    .map(toLogEntry);
  // The copy goes by KV's own expiry when the order's period ends (site/data-map.ts), as the order
  // itself goes from the box office then; KV takes only instants ahead of its clock.
  const expires = retentionEnds('orders');
  const options = expires > Date.now() + 120_000 ? { expiration: Math.floor(expires / 1000) } : {};
  const written = await Promise.allSettled(
    entries.map((entry) => kv.put(logKey(entry.orderId, entry.seq), JSON.stringify(entry), options)),
  );
  const exported = entries.filter((_, i) => written[i]?.status === 'fulfilled').map((entry) => entry.seq);
  sql.exec('UPDATE log SET exported = 1 WHERE seq IN (SELECT value FROM json_each(?))', JSON.stringify(exported));
  const failed = written.filter((w) => w.status === 'rejected').length;
  if (failed) console.error(JSON.stringify({ event: 'intent_log_write_failed', count: failed }));
  const waiting = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log WHERE exported = 0').one().n;
  return { waiting, failed };
}

/** `flushLog` to the orders' KV namespace (the class's call). */
export const flushOrderLog = (c: Tx) => flushLog(c.sql, c.env.ORDERS);

function toLogEntry(row: { seq: number; order_id: string; event: string; at: number; data: string }): LogEntry {
  return {
    seq: row.seq,
    orderId: row.order_id,
    event: row.event as OrderEvent,
    at: iso(row.at),
    data: JSON.parse(row.data),
  };
}
