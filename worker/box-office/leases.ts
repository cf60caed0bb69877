// The one lease-and-retry pattern of the box office's two queues, the e-mail outbox
// (outbox.ts) and the KSeF submissions (invoices.ts). A job is a row of a table; the alarm hands
// due rows to a Cloudflare queue and leases them, so a message that is lost comes back when its
// lease runs out; the consumer (worker/queues/) claims its row (`sending`, leased again) before it
// works, so a second delivery of the same message does nothing; a failed try is tried again after
// a backoff that grows with the attempts (worker/backoff.ts). Each queue keeps its own columns and
// timings; the steps are these.

/** Where a queue keeps its jobs: the table and the columns of a job's state. */
export type LeasedTable = {
  table: 'emails' | 'invoices';
  status: string;
  lease: string;
  attempts: string;
  /** The statuses a job may be claimed from (a `sending` one only once its lease ran out). */
  claimFrom: readonly string[];
  /** Whether a claim counts an attempt (the e-mails'), or the outcome does (KSeF's). */
  countOnClaim: boolean;
};

/**
 * Takes a job for working on (in the caller's transaction): its row, now `sending` and leased
 * until `now + leaseMs`; null when it is done or another delivery holds it now.
 */
export function claimLeased<Row>(
  sql: SqlStorage,
  queue: LeasedTable,
  id: string | number,
  now: number,
  leaseMs: number,
): Row | null {
  const from = queue.claimFrom.map(() => '?').join(', ');
  const rows = sql
    .exec(
      `UPDATE ${queue.table} SET ${queue.status} = 'sending', ${queue.lease} = ?
         ${queue.countOnClaim ? `, ${queue.attempts} = ${queue.attempts} + 1, updated_at = ?` : ''}
         WHERE id = ? AND (${queue.status} IN (${from})
           OR (${queue.status} = 'sending' AND COALESCE(${queue.lease}, 0) <= ?))
         RETURNING *`,
      now + leaseMs,
      ...(queue.countOnClaim ? [now] : []),
      id,
      ...queue.claimFrom,
      now,
    )
    .toArray();
  return (rows[0] as Row | undefined) ?? null;
}

/**
 * Hands jobs to their queue, one `sendBatch`, and leases them (`lease(until)`, in a transaction
 * of the caller's) until `leaseMs` from the real clock. A queue that refuses is logged as
 * `failedEvent` and the jobs stay due: the next alarm tries again. Returns whether they went.
 */
export async function handOverLeased<Body>(
  queue: Queue,
  bodies: Body[],
  leaseMs: number,
  lease: (until: number) => void,
  failedEvent: string,
): Promise<boolean> {
  if (!bodies.length) return true;
  try {
    await queue.sendBatch(bodies.map((body) => ({ body })));
  } catch (error) {
    console.error(JSON.stringify({ event: failedEvent, message: String(error) }));
    return false;
  }
  lease(Date.now() + leaseMs);
  return true;
}
