import type { EmailKind, Json, Order, OrderEvent } from '../../site/orders';
import type { Bindings } from '../env';
import type { OrderRow } from './schema';

/**
 * What every module of the box office works with: its SQLite storage and bindings, and the few
 * steps that each change of an order takes (log it, queue its e-mail, wake the alarm). The class
 * (box-office.ts) builds one and hands it to the module of each call; the modules run inside the call's
 * transaction (`transaction`), one synchronous SQLite transaction per call.
 */
export type Tx = {
  readonly sql: SqlStorage;
  readonly env: Bindings;
  /** Runs `fn` as one synchronous transaction (what each public call of the class is). */
  transaction<T>(fn: () => T): T;
  /** Appends a change of an order to the purchase-intent log; the alarm copies it to KV moments later. */
  log(orderId: string, event: OrderEvent, at: number, data: Record<string, Json>): void;
  /** Adds an e-mail to the outbox (logged on its order when it is one); the alarm puts it on the queue. */
  addEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number;
  /** Makes sure the alarm runs no later than `at` (the real clock). */
  scheduleAlarm(at: number): void;
  /** An order's row, or null. */
  row(id: string): OrderRow | null;
  /** An order known to exist, with its tickets. */
  load(id: string): Order;
};

/** The arguments of a module's call after its context: what the class's method of the same name takes. */
export type Args<F> = F extends (c: never, ...rest: infer A) => unknown ? A : never;
