import type { Order } from '../../site/orders';
import type { Bindings } from '../env';
import { certificateTables } from './certificates';
import type { Tx } from './context';
import { appendLog, LOG_FLUSH_DELAY_MS } from './intent-log';
import { newsTables } from './news';
import { addEmail, QUEUE_LEASE_MS } from './outbox';
import { partCancelTables } from './part-cancel';
import { personalDataTables } from './personal-data';
import { refundTables } from './refunds';
import { loadOrder, migrate, orderRow } from './schema';
import { seatTables } from './seat-rules';
import { statementCreditTables } from './statement-credits';
import { vatCorrectionTables } from './vat-correction';
import { waitlistTables } from './waitlist';

/**
 * Brings the box office's tables to the current schema and builds the one context (context.ts)
 * that every module of a call is given. Apart from the class (box-office.ts) so that context.ts
 * stays types only: the modules import it, and it imports none of them.
 */
export function makeContext(
  storage: DurableObjectStorage,
  env: Bindings,
  /** Makes sure the alarm runs no later than `at` (the class keeps which alarm it set). */
  scheduleAlarm: (at: number) => void,
): Tx {
  const sql = storage.sql;
  migrate(storage, { queueLeaseMs: QUEUE_LEASE_MS });
  refundTables(sql);
  partCancelTables(sql);
  statementCreditTables(sql);
  vatCorrectionTables(sql);
  newsTables(sql);
  certificateTables(sql);
  personalDataTables(sql);
  waitlistTables(sql);
  seatTables(sql);
  const c: Tx = {
    sql,
    env,
    transaction: (fn) => storage.transactionSync(fn),
    log: (orderId, event, at, data) => {
      appendLog(sql, orderId, event, at, data);
      // The log reaches KV from the alarm, moments later, so a purchase never waits for KV. On the
      // real clock: `at` can be a test's.
      scheduleAlarm(Date.now() + LOG_FLUSH_DELAY_MS);
    },
    addEmail: (subjectId, kind, data, now) => {
      const id = addEmail(sql, subjectId, kind, data, now);
      if (c.row(subjectId)) c.log(subjectId, 'email_queued', now, { kind });
      scheduleAlarm(Date.now());
      return id;
    },
    scheduleAlarm,
    row: (id) => orderRow(sql, id),
    load: (id) => loadOrder(sql, id) as Order,
  };
  return c;
}
