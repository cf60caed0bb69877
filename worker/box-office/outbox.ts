import type { EmailKind, EmailRecord, MailJob } from '../../site/orders';
import type { Tx } from './context';
import { claimLeased, handOverLeased, type LeasedTable } from './leases';
import { iso } from './schema';

// The outbox: an e-mail is a row of `emails`, added in the transaction of the change it tells of
// (exactly one confirmation per payment); the alarm hands new rows to the queue, the consumer
// claims each before sending, and a row whose queue message was lost is handed over again.

/**
 * How long an e-mail handed to the queue may go unclaimed before the alarm hands it over again: the
 * queue delivers within seconds, so a message unclaimed for ten minutes was lost (a crash, a local
 * queue that lives in memory). A second delivery of the same e-mail sends nothing (`claimEmail`).
 */
export const QUEUE_LEASE_MS = 10 * 60 * 1000;
/** Tries of one e-mail, the queue's own retries and the alarm's re-sends together, before it fails. */
export const MAX_EMAIL_ATTEMPTS = 8;
/** How long one delivery may take before another delivery of the same e-mail may claim it. */
const CLAIM_LEASE_MS = 120_000;
/** E-mails handed to the queue per alarm run (one `sendBatch`). */
const HAND_OVER_BATCH = 100;
/** The outbox as a leased queue (worker/box-office/leases.ts): `new` and `queued` e-mails may be claimed. */
const OUTBOX: LeasedTable = {
  table: 'emails',
  status: 'status',
  lease: 'lease_until',
  attempts: 'attempts',
  claimFrom: ['new', 'queued'],
  countOnClaim: true,
};

/** Queues an e-mail about an order (an organiser's resend) or a contact message; returns its id. */
export function queueEmail(c: Tx, subjectId: string, kind: EmailKind, data: string | null, now: number): number {
  return c.addEmail(subjectId, kind, data, now);
}

/** Adds an e-mail to the outbox (in the caller's transaction); returns its id. */
export function addEmail(
  sql: SqlStorage,
  subjectId: string,
  kind: EmailKind,
  data: string | null,
  now: number,
): number {
  sql.exec(
    "INSERT INTO emails (order_id, kind, data, status, created_at, updated_at) VALUES (?, ?, ?, 'new', ?, ?)",
    subjectId,
    kind,
    data,
    now,
    now,
  );
  return sql.exec<{ id: number }>('SELECT last_insert_rowid() AS id').one().id;
}

/**
 * Takes an e-mail for sending: null when it was sent already (a second delivery of its queue
 * message) or another delivery holds it right now; else what to send, leased for two minutes.
 */
export function claimEmail(
  sql: SqlStorage,
  id: number,
  now: number,
): { kind: EmailKind; subjectId: string; data: string | null; attempts: number } | null {
  const row = claimLeased<{ order_id: string; kind: string; data: string | null; attempts: number }>(
    sql,
    OUTBOX,
    id,
    now,
    CLAIM_LEASE_MS,
  );
  return row && { kind: row.kind as EmailKind, subjectId: row.order_id, data: row.data, attempts: row.attempts };
}

/** How one try of an e-mail ended. */
export type Delivery =
  | { sent: true; messageId: string }
  | { sent: false; error: string; final: boolean; retryInSeconds?: number };

/**
 * Records an e-mail's delivery: `sent` with the service's message id, `failed` after the last try,
 * else back on the queue with a lease that covers its next try. Null for an e-mail already sent.
 */
export function recordDelivery(
  sql: SqlStorage,
  id: number,
  outcome: Delivery,
  now: number,
): { subjectId: string; kind: string; status: 'sent' | 'failed' | 'queued'; leaseUntil: number | null } | null {
  const row = sql
    .exec<{ order_id: string; kind: string; status: string }>(
      'SELECT order_id, kind, status FROM emails WHERE id = ?',
      id,
    )
    .toArray()[0];
  if (!row || row.status === 'sent') return null;
  const status = outcome.sent ? 'sent' : outcome.final ? 'failed' : 'queued';
  // Back on the queue for its next try: if that try never comes, the alarm hands it over again.
  const leaseUntil =
    !outcome.sent && !outcome.final ? now + (outcome.retryInSeconds ?? 0) * 1000 + QUEUE_LEASE_MS : null;
  sql.exec(
    'UPDATE emails SET status = ?, message_id = ?, error = ?, lease_until = ?, updated_at = ? WHERE id = ?',
    status,
    outcome.sent ? outcome.messageId : null,
    outcome.sent ? null : outcome.error.slice(0, 500),
    leaseUntil,
    now,
    id,
  );
  return { subjectId: row.order_id, kind: row.kind, status, leaseUntil };
}

/**
 * E-mails whose lease ran out unclaimed (the queue message was lost) or whose sending was never
 * reported (the consumer died) go back to `new`, to be handed over again; after MAX_EMAIL_ATTEMPTS
 * tries they are `failed`. Returns each with its new status.
 */
export function requeueLost(
  sql: SqlStorage,
  now: number,
): { id: number; order_id: string; kind: string; status: 'new' | 'failed' }[] {
  return sql
    .exec<{ id: number; order_id: string; kind: string; status: 'new' | 'failed' }>(
      `UPDATE emails SET status = IIF(attempts >= ?, 'failed', 'new'), lease_until = NULL, updated_at = ?
         WHERE status IN ('queued', 'sending') AND lease_until IS NOT NULL AND lease_until <= ?
         RETURNING id, order_id, kind, status`,
      MAX_EMAIL_ATTEMPTS,
      now,
      now,
    )
    .toArray();
}

/** Hands e-mails that are not on the queue yet to it; returns how many still wait. */
export async function handOver(sql: SqlStorage, queue: Queue): Promise<number> {
  const ids = sql
    .exec<{ id: number }>("SELECT id FROM emails WHERE status = 'new' ORDER BY id LIMIT ?", HAND_OVER_BATCH)
    .toArray()
    .map((r) => r.id);
  await handOverLeased(
    queue,
    ids.map((id) => ({ emailId: id }) satisfies MailJob),
    QUEUE_LEASE_MS,
    (until) => {
      for (const id of ids) {
        sql.exec("UPDATE emails SET status = 'queued', lease_until = ? WHERE id = ? AND status = 'new'", until, id);
      }
    },
    'mail_queue_failed',
  );
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM emails WHERE status = 'new'").one().n;
}

/** When the next lease runs out, or null. */
export const nextLease = (sql: SqlStorage) =>
  sql
    .exec<{ at: number | null }>("SELECT MIN(lease_until) AS at FROM emails WHERE status IN ('queued', 'sending')")
    .one().at;

/** An order's e-mails and their delivery, oldest first. */
export function emailsOf(sql: SqlStorage, orderId: string): EmailRecord[] {
  return sql
    .exec<{ id: number; kind: string; status: string; updated_at: number; message_id: string | null }>(
      'SELECT id, kind, status, updated_at, message_id FROM emails WHERE order_id = ? ORDER BY id',
      orderId,
    )
    .toArray()
    .map((r) => ({
      id: r.id,
      kind: r.kind as EmailKind,
      // Waiting to be handed to the queue counts as queued for organisers.
      status: (r.status === 'new' || r.status === 'sending' ? 'queued' : r.status) as EmailRecord['status'],
      at: iso(r.updated_at),
      ...(r.message_id ? { messageId: r.message_id } : {}),
    }));
}

/**
 * Records an e-mail's delivery (in the caller's transaction) and logs it on its order when it is
 * one; an e-mail back on the queue wakes the alarm when its lease runs out.
 */
export function emailDelivered(c: Tx, id: number, outcome: Delivery, now: number): void {
  const done = recordDelivery(c.sql, id, outcome, now);
  if (!done) return;
  if (done.leaseUntil !== null) c.scheduleAlarm(Date.now() + (done.leaseUntil - now));
  if (done.status !== 'queued' && c.row(done.subjectId)) {
    c.log(done.subjectId, done.status === 'sent' ? 'email_sent' : 'email_failed', now, { kind: done.kind });
  }
}
