import { type KsefJob, TRANSFER_REMINDER_MS } from '../../site/orders';
import { expireMessages } from '../personal-data';
import type { Tx } from './context';
import { flushLog } from './intent-log';
import { dueForKsef, KSEF_LEASE_MS, leaseForKsef, nextKsefAt } from './invoices';
import { handOverLeased } from './leases';
import { expireHolds } from './lifecycle';
import { newsTick } from './news';
import { handOver, nextLease, requeueLost } from './outbox';
import { applyRetention, RETENTION_INTERVAL_MS, retentionDue } from './personal-data';
import { remindTransfers } from './transfers';
import { waitlistTick } from './waitlist';

// The alarm's rules, in the order it runs them: remove data past its period (once an hour), remind transfer orders before their hold runs out,
// expire holds that ran out, pass on waiting-list offers that ran out, put lost e-mails back, hand news to the outbox (news.ts), copy the log to KV, hand e-mails and invoices
// to their queues; then set the next alarm for whatever comes next.

/** One run of the alarm, at `now` (the real clock). */
export async function wakeUp(c: Tx, now: number): Promise<void> {
  // First, so that log entries it rewrites reach KV in this same run.
  await removeExpired(c, now);
  c.transaction(() => remindTransfers(c, now));
  expireHolds(c, now);
  // Waiting-list offers that ran out pass on to the next person (waitlist.ts).
  const offer = waitlistTick(c, now);
  if (offer !== null) c.scheduleAlarm(Date.now() + Math.max(0, offer - now));
  requeueLostEmails(c, now);
  // Before the hand-over, so a batch of news reaches the queue in the same run.
  const news = newsTick(c, now);
  if (news !== null) c.scheduleAlarm(Date.now() + Math.max(0, news - now));
  const log = await flushLog(c.sql, c.env.ORDERS);
  const mails = await handOver(c.sql, c.env.MAIL_QUEUE);
  const invoices = await handInvoicesToKsef(c, now);
  // Entries left: the next batch at once, or a second later when KV or the queue failed.
  if (log.failed || mails > 0 || invoices) c.scheduleAlarm(Date.now() + 1000);
  else if (log.waiting > 0) c.scheduleAlarm(Date.now());
  const next = c.sql
    .exec<{ at: number | null }>("SELECT MIN(hold_until) AS at FROM orders WHERE status = 'pending'")
    .one().at;
  if (next !== null) c.scheduleAlarm(next);
  const reminder = c.sql
    .exec<{ at: number | null }>(
      `SELECT MIN(hold_until) - ? AS at FROM orders WHERE status = 'pending' AND provider = 'transfer'
         AND reminded_at IS NULL`,
      TRANSFER_REMINDER_MS,
    )
    .one().at;
  if (reminder !== null) c.scheduleAlarm(reminder);
  const lease = nextLease(c.sql);
  if (lease !== null) c.scheduleAlarm(lease);
  const ksef = nextKsefAt(c.sql);
  if (ksef !== null) c.scheduleAlarm(Math.max(ksef, Date.now()));
  // Data past its period goes by itself: the alarm comes back at least once an hour.
  c.scheduleAlarm(Date.now() + RETENTION_INTERVAL_MS);
}

/**
 * The retention rules (site/data-map.ts), at most once an hour: the box office's kinds in one
 * transaction (personal-data.ts), then the contact messages in KV. Only counts reach the logs.
 */
async function removeExpired(c: Tx, now: number): Promise<void> {
  if (!c.transaction(() => retentionDue(c.sql, now))) return;
  const report = applyRetention(c, now);
  try {
    const messages = await expireMessages(c.env.ORDERS, now);
    if (messages) report.messages = messages;
  } catch (error) {
    console.error(JSON.stringify({ event: 'retention_messages_failed', message: String(error) }));
  }
  if (Object.keys(report).length) console.log(JSON.stringify({ event: 'retention', removed: report }));
}

/**
 * The outbox's promise: an e-mail handed to the queue whose lease ran out unclaimed (the message
 * was lost) or whose sending was never reported (the consumer died) goes back to `new`, and this
 * alarm run puts it on the queue again; after MAX_EMAIL_ATTEMPTS tries it is marked failed.
 * Returns how many went back.
 */
export function requeueLostEmails(c: Tx, now: number): number {
  return c.transaction(() => {
    const lost = requeueLost(c.sql, now);
    for (const mail of lost) {
      if (!c.row(mail.order_id)) continue;
      c.log(mail.order_id, mail.status === 'new' ? 'email_requeued' : 'email_failed', now, { kind: mail.kind });
    }
    if (lost.some((mail) => mail.status === 'new')) c.scheduleAlarm(Date.now());
    return lost.filter((mail) => mail.status === 'new').length;
  });
}

/**
 * Hands invoices due for KSeF to its queue, each with a lease (worker/box-office/leases.ts, as the
 * e-mails'). Returns whether more are due.
 */
async function handInvoicesToKsef(c: Tx, now: number): Promise<boolean> {
  const ids = dueForKsef(c.sql, now, 20);
  if (!ids.length) return false;
  const handed = await handOverLeased(
    c.env.KSEF_QUEUE,
    ids.map((invoiceId) => ({ invoiceId }) satisfies KsefJob),
    KSEF_LEASE_MS,
    (until) => c.transaction(() => leaseForKsef(c.sql, ids, until)),
    'ksef_queue_failed',
  );
  if (!handed) return true;
  return dueForKsef(c.sql, now, 1).length > 0;
}
