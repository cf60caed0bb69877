import { DurableObject } from 'cloudflare:workers';
import type { ProductHolds } from '../../site/holds';
import type { IssuedInvoice, VatCheck } from '../../site/invoices';
import type { VatStatus } from '../../site/order-view';
import type {
  CancelResult,
  CheckInResult,
  EmailKind,
  EmailRecord,
  LogEntry,
  NewOrder,
  Order,
  OrderFilter,
  OrderPage,
  PurchaseResult,
  ReissueResult,
  SalesStats,
  Settlement,
  SettleResult,
  TransferCredit,
  TransferPayment,
  TransferReport,
  TransferResult,
  TransferReversal,
  WorkshopResult,
} from '../../site/orders';
import type { ProductState } from '../../site/tickets';
import type { Bindings } from '../env';
import * as checkIn from './check-in';
import type { Tx } from './context';
import { type DoorTicket, doorTickets } from './door-list';
import { listHolds } from './holds';
import { flushLog, orderHistory } from './intent-log';
import {
  claimForKsef,
  type InvoiceFilter,
  type InvoicePage,
  invoiceById,
  invoiceSubmitted,
  invoicesOf,
  type KsefRecord,
  listInvoices,
} from './invoices';
import * as lifecycle from './lifecycle';
import { makeContext } from './make-context';
import * as orders from './orders';
import { claimEmail, type Delivery, emailDelivered, emailsOf } from './outbox';
import { type RefundTurn, refundFailed } from './refunds';
import { listOrders, salesStats } from './reports';
import { loadOrder, type TicketRow } from './schema';
import { availability } from './stock';
import { ticketRow } from './tickets';
import * as transfers from './transfers';
import { vatChecksOf } from './vat';
import type { Recheckable, RecheckRefusal, VatRefund } from './vat-correction';
import * as vat from './vat-correction';
import { requeueLostEmails, wakeUp } from './wake-up';
import * as workshops from './workshops';

/**
 * The box office: the one writer of orders, stock, payments and idempotency, as a Durable Object.
 * This class is its face only: each RPC call runs one module of a concern (orders, lifecycle,
 * transfers, workshops, check-in, invoices, outbox, wake-up, reports) with the one context `c`
 * (context.ts), most as one synchronous SQLite transaction (`tx`), so concurrent requests never
 * see a half-made change and a burst sells exactly the places there are. Every change of an order
 * is also written to the `log` table, which the alarm (wake-up.ts) copies to Workers KV, each entry
 * once under a key of its own; the same alarm releases the places of orders whose hold ran out.
 */
export class BoxOffice extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;
  /** The alarm this instance set, so that it sets none later than needed (tests reset it). */
  private alarmSetFor: number | null = null;
  private readonly c: Tx;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.c = makeContext(ctx.storage, env, (at) => this.scheduleAlarm(at));
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSetFor = await ctx.storage.getAlarm();
    });
  }

  /** Runs `fn` as one synchronous transaction. */
  private tx<T>(fn: () => T): T {
    return this.c.transaction(fn);
  }

  // Orders (orders.ts) and their lifecycle (lifecycle.ts).

  /** A pending order holding its places, a replay of its Idempotency-Key, or a refusal (orders.ts). */
  purchase(
    input: NewOrder & { fingerprint: string; idempotencyKey?: string; now: number; paymentReference?: string },
  ): PurchaseResult {
    return orders.purchase(this.c, input);
  }

  /** Records where the buyer pays and keeps the place held while that checkout can be paid (orders.ts). */
  startPayment(
    id: string,
    reference: string,
    url: string | null,
    now: number,
    payableUntil = 0,
  ): { kind: 'started'; url: string | null } | { kind: 'closed' } | null {
    return this.tx(() => orders.startPayment(this.c, id, reference, url, now, payableUntil));
  }

  /** Gives up an order whose checkout could not be started; frees its Idempotency-Key (lifecycle.ts). */
  abandon(id: string, now: number, reason: string): boolean {
    return this.tx(() => lifecycle.abandon(this.c, id, now, reason));
  }

  /** Moves an order to another status when the rules allow it; null for no such order (lifecycle.ts). */
  settle(id: string, change: Settlement, now: number, source: lifecycle.SettleSource): SettleResult | null {
    return this.tx(() => lifecycle.settle(this.c, id, change, now, source));
  }

  /** Records the refund of a payment that came without a place (lifecycle.ts). */
  refundLate(id: string, refundReference: string, now: number, by: string): Order | null {
    return this.tx(() => lifecycle.refundLate(this.c, id, refundReference, now, by));
  }

  /** Whether the buyer may cancel an order now; nothing changes (lifecycle.ts). */
  cancellable(orderId: string, now: number): CancelResult {
    return lifecycle.cancellable(this.c, orderId, now);
  }

  /** Whose turn it is to ask the provider for a buyer's refund (lifecycle.ts, refunds.ts). */
  claimRefund(orderId: string, now: number, waitingFor?: number): CancelResult | RefundTurn {
    return this.tx(() => lifecycle.claimRefund(this.c, orderId, now, waitingFor));
  }

  /** The provider refused or missed the refund of `attempt` (see `claimRefund`). */
  refundFailed(orderId: string, attempt: number): void {
    this.tx(() => refundFailed(this.sql, orderId, attempt, Date.now()));
  }

  /** The buyer's cancellation of a paid order, once the provider gave the money back (lifecycle.ts). */
  cancelPaid(orderId: string, refundReference: string, now: number): CancelResult {
    return this.tx(() => lifecycle.cancelPaid(this.c, orderId, refundReference, now));
  }

  /** An organiser lets an unpaid order's hold go (lifecycle.ts). */
  releaseHold(id: string, now: number, by: string): SettleResult | null {
    return this.tx(() => lifecycle.releaseHold(this.c, id, now, by));
  }

  /** Releases the places of orders whose hold ran out unpaid; returns how many. */
  expireHolds(now: number): number {
    return lifecycle.expireHolds(this.c, now);
  }

  /** An order by id, with its tickets, or null. */
  order(id: string): Order | null {
    return loadOrder(this.sql, id);
  }

  /** The order a buyer's secret opens (by the secret's hash), or null for any mismatch. */
  openOrder(id: string, tokenHash: string): (Order & { paymentUrl: string | null }) | null {
    return orders.openOrder(this.c, id, tokenHash);
  }

  /** A ticket with its order, for its holder's own link (tickets/page-link.ts), or null. */
  ticketWithOrder(ticketId: string): { ticket: TicketRow; order: Order } | null {
    const ticket = ticketRow(this.sql, ticketId);
    const order = ticket && loadOrder(this.sql, ticket.order_id);
    return ticket && order ? { ticket, order } : null;
  }

  /** Gives a ticket of a paid order to another holder until the congress starts (orders.ts). */
  reissueTicket(
    orderId: string,
    ticketId: string,
    holder: { name: string | null; email: string | null },
    now: number,
  ): ReissueResult {
    return this.tx(() => orders.reissueTicket(this.c, orderId, ticketId, holder, now));
  }

  /** An order's history from the log, oldest first. */
  history(id: string): LogEntry[] {
    return orderHistory(this.sql, id);
  }

  // Bank transfers (transfers.ts).

  /** Records a bank transfer for a transfer order: paid, or why not (transfers.ts). */
  markTransferPaid(orderId: string, payment: TransferPayment, now: number): TransferResult {
    return this.tx(() => transfers.markTransferPaid(this.c, orderId, payment, now));
  }

  /** Records a bank statement's credits and reports each line (transfers.ts). */
  importTransfers(
    credits: TransferCredit[],
    now: number,
    by: string,
    reversals: TransferReversal[] = [],
  ): TransferReport[] {
    return transfers.importTransfers(this.c, credits, now, by, reversals);
  }

  /** Queues the reminders of transfer orders whose hold runs out soon; returns how many. */
  remindTransfers(now: number): number {
    return this.tx(() => transfers.remindTransfers(this.c, now));
  }

  // Workshops (workshops.ts), the door (check-in.ts), holds, VAT checks and reports.

  /** A workshop seat for the holder of a paid ticket that includes it, while seats last. */
  registerWorkshop(input: Parameters<typeof workshops.registerWorkshop>[1]): WorkshopResult {
    return this.tx(() => workshops.registerWorkshop(this.c, input));
  }

  /** Seats taken per workshop. */
  workshopSeats(): { workshopId: string; taken: number }[] {
    return workshops.workshopSeats(this.sql);
  }

  /** The workshops an order's tickets hold seats in, each with the ticket that holds it. */
  registrations(orderId: string): { workshopId: string; ticketId: string }[] {
    return workshops.registrations(this.sql, orderId);
  }

  /** The door's one call: decides a scanned code and admits its ticket once (check-in.ts). */
  admit(canonical: string, key: string, now: number): Promise<CheckInResult> {
    return checkIn.admit(this.c, canonical, key, now);
  }

  /** Every ticket and retired code, what an offline door's list is made of (door-list.ts). */
  doorTickets(): { tickets: DoorTicket[]; retired: string[] } {
    return doorTickets(this.sql);
  }

  /** Every product's unpaid holds now, for organisers (holds.ts). */
  holds(now: number): ProductHolds[] {
    return listHolds(this.sql, now);
  }

  /** What VIES said of an order's VAT number, each check, oldest first (vat.ts). */
  vatChecks(orderId: string): VatCheck[] {
    return vatChecksOf(this.sql, orderId);
  }

  /** Whether the buyer may have VIES check the order's VAT number again now (vat-correction.ts). */
  vatRecheck(orderId: string): Recheckable | RecheckRefusal {
    return vat.recheckState(this.sql, this.c.row(orderId));
  }

  /** What the order page shows of the order's VAT number (vat-correction.ts). */
  vatStatus(orderId: string): VatStatus | null {
    return vat.vatStatus(this.sql, this.c.row(orderId));
  }

  /** VIES says the number is not registered: the answer is kept as evidence (vat-correction.ts). */
  vatNotRegistered(orderId: string, check: VatCheck, now: number): void {
    this.tx(() => vat.notRegistered(this.c, orderId, check, now));
  }

  /** Whose turn it is to ask the provider for a paid order's VAT difference, with the amount (vat-correction.ts). */
  claimVatRefund(orderId: string, waitingFor?: number): (RefundTurn & { amount?: number }) | RecheckRefusal {
    return this.tx(() => vat.claimVatRefund(this.c, orderId, Date.now(), waitingFor));
  }

  /** The provider refused or missed the VAT refund of `attempt` (see `claimVatRefund`). */
  vatRefundFailed(orderId: string, attempt: number): void {
    this.tx(() => refundFailed(this.sql, vat.vatRefundKey(orderId), attempt, Date.now()));
  }

  /** Applies the reverse charge VIES confirmed, with its corrections, refund and e-mail, once (vat-correction.ts). */
  confirmVat(
    orderId: string,
    check: VatCheck,
    refund: VatRefund | null,
    now: number,
  ): { kind: 'corrected' | 'paid_meanwhile' } | RecheckRefusal {
    return this.tx(() => vat.confirmVat(this.c, orderId, check, refund, now));
  }

  /** Every product's live state at an instant. */
  availability(now: number): ProductState[] {
    return availability(this.sql, now);
  }

  /** Orders for organisers, oldest first, `limit` at a time after `cursor` (an order id). */
  listOrders(filter: OrderFilter, cursor: string | null, limit: number): OrderPage {
    return listOrders(this.sql, filter, cursor, limit);
  }

  /** Sales at a glance for organisers (reports.ts). */
  stats(now: number): SalesStats {
    return salesStats(this.sql, now);
  }

  // Invoices and KSeF (invoices.ts).

  /** An order's invoices and corrections, in the order they were issued. */
  invoices(orderId: string): IssuedInvoice[] {
    return invoicesOf(this.sql, orderId);
  }

  /** An invoice by id, or null. */
  invoice(id: string): IssuedInvoice | null {
    return invoiceById(this.sql, id);
  }

  /** Invoices for organisers, in the order they were issued, `limit` at a time after `cursor`. */
  listInvoices(filter: InvoiceFilter, cursor: string | null, limit: number): InvoicePage {
    return listInvoices(this.sql, filter, cursor, limit);
  }

  /** Takes an invoice for submitting to KSeF, or null when it needs none now (invoices.ts). */
  claimInvoiceForKsef(invoiceId: string, now: number): IssuedInvoice | null {
    return this.tx(() => claimForKsef(this.sql, invoiceId, now));
  }

  /** Records what KSeF made of an invoice: its number, a rejection to report, or the next attempt. */
  invoiceSubmitted(invoiceId: string, outcome: KsefRecord, now: number): void {
    this.tx(() => invoiceSubmitted(this.c, invoiceId, outcome, now));
  }

  // E-mails (outbox.ts) and the alarm (wake-up.ts).

  /** An order's e-mails and their delivery, oldest first. */
  emails(orderId: string): EmailRecord[] {
    return emailsOf(this.sql, orderId);
  }

  /** Queues an e-mail about an order (an organiser's resend) or a contact message; returns its id. */
  queueEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number {
    return this.tx(() => this.c.addEmail(subjectId, kind, data, now));
  }

  /** Takes an e-mail for sending, or null when it was sent or another delivery holds it (outbox.ts). */
  claimEmail(id: number, now: number): ReturnType<typeof claimEmail> {
    return this.tx(() => claimEmail(this.sql, id, now));
  }

  /** Records an e-mail's delivery: sent, failed after its last try, or back on the queue. */
  emailDelivered(id: number, outcome: Delivery, now: number): void {
    this.tx(() => emailDelivered(this.c, id, outcome, now));
  }

  /** Puts e-mails whose queue message was lost back on the queue; returns how many (wake-up.ts). */
  requeueLostEmails(now: number): number {
    return requeueLostEmails(this.c, now);
  }

  /** Copies log entries that are not yet in KV to KV; returns how many are still waiting and failed. */
  flushLog(): Promise<{ waiting: number; failed: number }> {
    return flushLog(this.sql, this.env.ORDERS);
  }

  /** Runs the alarm's rules, then sets the next alarm (wake-up.ts). */
  override async alarm(): Promise<void> {
    this.alarmSetFor = null;
    await wakeUp(this.c, Date.now());
  }

  /** Makes sure an alarm runs no later than `at`. */
  private scheduleAlarm(at: number): void {
    if (this.alarmSetFor !== null && this.alarmSetFor <= at) return;
    this.alarmSetFor = at;
    void this.ctx.storage.setAlarm(at);
  }
}

/** The one instance's id per namespace: the name's hash, worked out once per isolate. */
const ids = new WeakMap<DurableObjectNamespace<BoxOffice>, DurableObjectId>();

/** The box office's one instance. */
export function boxOffice(namespace: DurableObjectNamespace<BoxOffice>): DurableObjectStub<BoxOffice> {
  let id = ids.get(namespace);
  if (!id) {
    id = namespace.idFromName('box-office');
    ids.set(namespace, id);
  }
  return namespace.get(id);
}
