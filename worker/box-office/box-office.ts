import { DurableObject } from 'cloudflare:workers';
import type { ProductHolds } from '../../site/holds';
import type { IssuedInvoice, VatCheck } from '../../site/invoices';
import type { VatStatus } from '../../site/order-view';
import {
  type CancelResult,
  type CheckInResult,
  type EmailKind,
  type EmailRecord,
  type Json,
  type KsefJob,
  type LogEntry,
  type NewOrder,
  type Order,
  type OrderEvent,
  type OrderFilter,
  type OrderPage,
  type OrderStatus,
  type PurchaseResult,
  type ReissueResult,
  type SalesStats,
  SETTLE_FROM,
  type Settlement,
  type SettleResult,
  TRANSFER_HOLD_MS,
  TRANSFER_REMINDER_MS,
  type TransferCredit,
  type TransferPayment,
  type TransferReport,
  type TransferResult,
  type TransferReversal,
  transferClosesAt,
  type WorkshopResult,
} from '../../site/orders';
import { paymentDateProblem } from '../../site/payment-date';
import { cancellationClosesAt, eventStartsAt } from '../../site/terms';
import { HOLD_MINUTES, onSaleAt, type ProductId, type ProductState, product } from '../../site/tickets';
import { constantTimeEqual } from '../crypto';
import type { Bindings } from '../env';
import { ksefSends } from '../invoices/ksef-config';
import { decideAtDoor, signedBy } from './check-in';
import { holdRefusal, listHolds, verifiedCompany } from './holds';
import { appendLog, flushLog, LOG_FLUSH_DELAY_MS, orderHistory } from './intent-log';
import {
  type CORRECTION_REASONS,
  claimForKsef,
  correctInvoices,
  dueForKsef,
  type InvoiceFilter,
  type InvoicePage,
  invoiceById,
  invoicesOf,
  issueInvoice,
  KSEF_LEASE_MS,
  type KsefRecord,
  leaseForKsef,
  listInvoices,
  nextKsefAt,
  recordKsef,
} from './invoices';
import {
  addEmail,
  claimEmail,
  type Delivery,
  emailsOf,
  handOver,
  nextLease,
  QUEUE_LEASE_MS,
  recordDelivery,
  requeueLost,
} from './outbox';
import { type RefundTurn, refundFailed, refundRecorded, refundTables, refundTurn } from './refunds';
import { listOrders, salesStats } from './reports';
import {
  iso,
  loadOrder,
  migrate,
  type OrderRow,
  orderRow,
  type TicketRow,
  ticketRows,
  toOrder,
  toTicket,
} from './schema';
import { availability, placesFree, shortOf } from './stock';
import { findCode, insertTicket, newCode, priceCart, reissue, ticketRow } from './tickets';
import { importTransfers } from './transfer-import';
import { recordVatCheck, vatCheckLog, vatChecksOf } from './vat';
import {
  applyReverseCharge,
  type Recheckable,
  type RecheckRefusal,
  recheckState,
  type VatRefund,
  vatCorrectionTables,
  vatRefundKey,
  vatStatus,
} from './vat-correction';

const HOLD_MS = HOLD_MINUTES * 60 * 1000;
/** Who asks for a change of status; `paidOn`, the day a transfer's money arrived (its invoice's). */
type SettleSource = { provider?: Order['provider']; reference?: string; by: string; paidOn?: string };
/** How long an order whose payment is still being processed (BLIK, Przelewy24) keeps its place. */
const PROCESSING_HOLD_MS = 24 * 60 * 60 * 1000;
/**
 * The box office: the one writer of orders, stock, payments and idempotency, a thin face over the
 * modules beside it (schema, stock, outbox, intent-log, reports). Each public method is one
 * synchronous SQLite transaction, so concurrent requests never see a half-made change, and a
 * burst sells exactly the places there are. Every change of an order is also written to the `log`
 * table, which the alarm copies to Workers KV (the purchase-intent log), each entry once under a
 * key of its own; the same alarm releases the places of orders whose hold ran out unpaid.
 */
export class BoxOffice extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;
  private alarmSetFor: number | null = null;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrate(ctx.storage, { queueLeaseMs: QUEUE_LEASE_MS });
    refundTables(this.sql);
    vatCorrectionTables(this.sql);
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSetFor = await ctx.storage.getAlarm();
    });
  }

  /**
   * Creates a pending order whose tickets hold their places, or replays the order of an
   * Idempotency-Key. A cart is all or nothing: when any product is short, or off sale, nothing is
   * held and the refusal names the products.
   */
  purchase(
    input: NewOrder & { fingerprint: string; idempotencyKey?: string; now: number; paymentReference?: string },
  ): PurchaseResult {
    const result = this.ctx.storage.transactionSync((): PurchaseResult => {
      if (input.idempotencyKey) {
        const known = this.sql
          .exec<{ fingerprint: string; order_id: string }>(
            'SELECT fingerprint, order_id FROM idempotency WHERE key = ?',
            input.idempotencyKey,
          )
          .toArray()[0];
        if (known) {
          if (!constantTimeEqual(known.fingerprint, input.fingerprint)) {
            return { kind: 'refused', error: 'idempotency_key_reused' };
          }
          const row = this.row(known.order_id) as OrderRow;
          return { kind: 'replayed', order: this.load(row.id), paymentUrl: row.payment_url };
        }
      }
      const cart = new Map<ProductId, number>();
      for (const item of input.items) cart.set(item.product, (cart.get(item.product) ?? 0) + 1);
      const closed = [...cart.keys()].filter((id) => !onSaleAt(product(id), input.now));
      if (closed.length) return { kind: 'refused', error: 'sales_closed', products: closed };
      const transfer = input.provider === 'transfer';
      if (transfer && input.now >= transferClosesAt()) {
        return { kind: 'refused', error: 'transfer_closed', until: iso(transferClosesAt()) };
      }
      const short = shortOf(this.sql, cart, input.now);
      if (short.length) return { kind: 'refused', error: 'sold_out', products: short };
      // The hold rules (holds.ts): unpaid places of a scarce product are bounded per buyer.
      const refusal = holdRefusal(
        this.sql,
        {
          cart,
          email: input.email,
          client: input.client ?? null,
          transfer,
          company: verifiedCompany(input.invoice, input.vatCheck),
        },
        input.now,
      );
      if (refusal) return refusal;
      const tickets = priceCart(
        this.sql,
        input.id,
        input.items,
        input.now,
        input.invoice ?? null,
        input.vatCheck?.status === 'valid',
      );
      const sum = (key: 'net' | 'vat' | 'gross') => tickets.reduce((total, t) => total + t[key], 0);
      const row: OrderRow = {
        id: input.id,
        code: newCode(this.sql),
        product: input.items[0]?.product ?? '',
        net: sum('net'),
        vat: sum('vat'),
        gross: sum('gross'),
        currency: 'PLN',
        email: input.email,
        name: input.name ?? null,
        lang: input.lang,
        invoice: input.invoice ? JSON.stringify(input.invoice) : null,
        status: 'pending',
        provider: input.provider,
        // A provider that needs no call (the demo checkout) is started in the same transaction.
        provider_ref: input.paymentReference ?? null,
        payment_url: null,
        token_hash: input.tokenHash,
        // A bank transfer takes days to arrive: its order holds its places for TRANSFER_HOLD_DAYS.
        hold_until: input.now + (transfer ? TRANSFER_HOLD_MS : HOLD_MS),
        created_at: input.now,
        updated_at: input.now,
        paid_at: null,
        checked_in_at: null,
        late_paid_at: null,
        cancelled_at: null,
        reminded_at: null,
        client: input.client ?? null,
      };
      this.sql.exec(
        `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, name, lang, invoice, status,
           provider, provider_ref, token_hash, hold_until, created_at, updated_at, client)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        row.id,
        row.code,
        row.product,
        row.net,
        row.vat,
        row.gross,
        row.currency,
        row.email,
        row.name,
        row.lang,
        row.invoice,
        row.status,
        row.provider,
        row.provider_ref,
        row.token_hash,
        row.hold_until,
        row.created_at,
        row.updated_at,
        row.client,
      );
      for (const ticket of tickets) insertTicket(this.sql, ticket);
      if (input.idempotencyKey) {
        this.sql.exec(
          'INSERT INTO idempotency (key, fingerprint, order_id) VALUES (?, ?, ?)',
          input.idempotencyKey,
          input.fingerprint,
          input.id,
        );
      }
      const order = toOrder(row, tickets);
      this.log(order.id, 'created', input.now, {
        code: order.code,
        product: order.product,
        tickets: tickets.length,
        products: tickets.map((t) => t.product).join(','),
        net: order.net,
        vat: order.vat,
        gross: order.gross,
        email: order.email,
        lang: order.lang,
        provider: order.provider,
        holdUntil: order.holdUntil,
        // One transaction, one entry: a checkout started with the order (the demo's) is part of it.
        ...(row.provider_ref ? { reference: row.provider_ref } : {}),
      });
      if (input.vatCheck) {
        recordVatCheck(this.sql, order.id, input.vatCheck);
        this.log(order.id, 'vat_checked', input.now, vatCheckLog(input.vatCheck));
      }
      // A transfer order's buyer gets the transfer's details at once (the pro-forma e-mail).
      if (transfer) this.addEmail(order.id, 'proforma', null, input.now);
      return { kind: 'created', order, paymentUrl: null };
    });
    if (result.kind === 'created') {
      const holdUntil = Date.parse(result.order.holdUntil);
      this.scheduleAlarm(result.order.provider === 'transfer' ? holdUntil - TRANSFER_REMINDER_MS : holdUntil);
    }
    return result;
  }

  /**
   * Records where the buyer pays (the provider's reference and URL; the first one stays) and keeps
   * the place held at least until the checkout can no longer be paid (`payableUntil`), so that a
   * payment and its place never part. `closed` when the order is no longer pending (its checkout
   * failed and was given up, or it expired meanwhile): the buyer must not be sent to pay it.
   */
  startPayment(
    id: string,
    reference: string,
    url: string | null,
    now: number,
    payableUntil = 0,
  ): { kind: 'started'; url: string | null } | { kind: 'closed' } | null {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row) return null;
      if (row.provider_ref) return { kind: 'started', url: row.payment_url };
      if (row.status !== 'pending' || row.hold_until <= now) return { kind: 'closed' };
      const holdUntil = Math.max(row.hold_until, payableUntil);
      this.sql.exec(
        'UPDATE orders SET provider_ref = ?, payment_url = ?, hold_until = ?, updated_at = ? WHERE id = ?',
        reference,
        url,
        holdUntil,
        now,
        id,
      );
      this.log(id, 'payment_started', now, {
        provider: row.provider,
        reference,
        ...(holdUntil !== row.hold_until ? { holdUntil: iso(holdUntil) } : {}),
      });
      return { kind: 'started', url };
    });
  }

  /**
   * Gives up an order whose checkout could not be started (the provider failed): its place returns
   * at once and its Idempotency-Key is freed, so the buyer's retry with the same key makes a new
   * attempt instead of replaying a dead one. An order that reached its provider is left alone.
   */
  abandon(id: string, now: number, reason: string): boolean {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (row?.status !== 'pending' || row.provider_ref) return false;
      this.sql.exec("UPDATE orders SET status = 'cancelled', updated_at = ? WHERE id = ?", now, id);
      this.sql.exec('DELETE FROM idempotency WHERE order_id = ?', id);
      this.log(id, 'cancelled', now, { from: 'pending', by: 'payment_start_failed', reason: reason.slice(0, 200) });
      return true;
    });
  }

  /**
   * Moves an order to another status when the rules allow it. `provider` and `reference` must match
   * the order's own (a payment for another session changes nothing). Returns the order and whether
   * it changed.
   */
  settle(id: string, change: Settlement, now: number, source: SettleSource): SettleResult | null {
    return this.ctx.storage.transactionSync(() => this.settleIn(id, change, now, source));
  }

  /** `settle` in the caller's transaction. */
  private settleIn(id: string, change: Settlement, now: number, source: SettleSource): SettleResult | null {
    {
      const row = this.row(id);
      if (!row) return null;
      if (source.provider && row.provider !== source.provider) return null;
      if (source.reference && row.provider_ref && row.provider_ref !== source.reference) return null;
      if (!SETTLE_FROM[change].includes(row.status as OrderStatus)) return { order: this.load(id), changed: false };
      const holdRanOut = row.status === 'pending' && row.hold_until <= now;
      // A payment still being processed keeps a place only while the order holds one.
      if (change === 'processing' && holdRanOut) return { order: this.load(id), changed: false };
      if (change === 'paid' && (row.status !== 'pending' || holdRanOut)) {
        const late = this.latePayment(row, now, source);
        if (late) return late;
      }
      if (change === 'processing') {
        this.sql.exec(
          'UPDATE orders SET hold_until = MAX(hold_until, ?), updated_at = ? WHERE id = ?',
          now + PROCESSING_HOLD_MS,
          now,
          id,
        );
      } else {
        this.sql.exec(
          'UPDATE orders SET status = ?, updated_at = ?, paid_at = CASE WHEN ? THEN ? ELSE paid_at END WHERE id = ?',
          change,
          now,
          change === 'paid' ? 1 : 0,
          now,
          id,
        );
      }
      this.log(id, change === 'processing' ? 'payment_processing' : change, now, {
        from: row.status,
        by: source.by,
        ...(source.reference ? { reference: source.reference } : {}),
        ...(change === 'paid' && row.status !== 'pending' ? { late: true } : {}),
      });
      // The invoice, when asked for, is issued by the transaction that records the payment, before
      // the confirmation that carries it; then exactly one confirmation per payment, and one ticket
      // e-mail per holder with an address of their own.
      if (change === 'paid') {
        this.issueInvoice(id, now, source.paidOn);
        this.sendTickets(row, now);
      }
      // A ticket given back gives back everything it held: its workshop seats too, and its invoice
      // is corrected.
      if (change === 'refunded' || change === 'cancelled') this.releaseSeats(id, now);
      if (change === 'refunded') this.correctInvoices(id, now, 'refunded');
      return { order: this.load(id), changed: true };
    }
  }

  /**
   * Records a bank transfer for a transfer order (an organiser's mark, or a statement's line). The
   * amount must be the order's gross, else nothing changes (`amount_mismatch`, with the amount
   * expected). A pending order is paid: tickets, the confirmation and the invoice follow, the
   * invoice dated as paid on the day the money arrived, which must lie within the order's life
   * (site/payment-date.ts; else `invalid_date` with the reason). An order whose hold ran out takes a free
   * place if there is one (the late-payment rule), else it is refused `no_place` and the money is
   * the organisers' to return (logged once as paid without a place). Recorded twice, nothing
   * happens twice (`already_paid`).
   */
  markTransferPaid(orderId: string, payment: TransferPayment, now: number): TransferResult {
    return this.ctx.storage.transactionSync((): TransferResult => {
      const row = this.row(orderId);
      if (!row) return { kind: 'refused', error: 'not_found' };
      const order = () => this.load(orderId);
      if (row.provider !== 'transfer') return { kind: 'refused', error: 'not_transfer', order: order() };
      if (row.status === 'paid') return { kind: 'refused', error: 'already_paid', order: order() };
      if (row.status === 'cancelled' || row.status === 'refunded') {
        return { kind: 'refused', error: 'not_payable', order: order() };
      }
      const dateProblem = paymentDateProblem(payment.paidOn, row.created_at, now);
      if (dateProblem) return { kind: 'refused', error: 'invalid_date', reason: dateProblem, order: order() };
      if (payment.amount !== row.gross) {
        return { kind: 'refused', error: 'amount_mismatch', expected: row.gross, order: order() };
      }
      // This transfer came after the order's place was gone, and was recorded then: nothing new.
      if (row.late_paid_at !== null) return { kind: 'refused', error: 'no_place', order: order() };
      this.log(orderId, 'marked_paid', now, {
        by: payment.by,
        amount: payment.amount,
        paidOn: payment.paidOn,
        ...(payment.reference ? { reference: payment.reference } : {}),
      });
      const result = this.settleIn(orderId, 'paid', now, {
        provider: 'transfer',
        by: payment.by,
        paidOn: payment.paidOn,
      });
      if (!result) return { kind: 'refused', error: 'not_found' };
      if (result.refundDue) return { kind: 'refused', error: 'no_place', order: result.order };
      return { kind: 'paid', order: result.order };
    });
  }

  /**
   * Records a bank statement's credits, each as `markTransferPaid` records a transfer, on its
   * booking day, and reports each credit and reversal (./transfer-import.ts). A statement
   * imported again pays nothing twice (its lines are then `already_paid`).
   */
  importTransfers(
    credits: TransferCredit[],
    now: number,
    by: string,
    reversals: TransferReversal[] = [],
  ): TransferReport[] {
    return importTransfers(this.sql, credits, reversals, (orderId, payment) =>
      this.markTransferPaid(orderId, { ...payment, by }, now),
    );
  }

  /**
   * Queues the reminder of each pending transfer order whose hold runs out within
   * TRANSFER_REMINDER_DAYS_BEFORE days, once per order; returns how many.
   */
  remindTransfers(now: number): number {
    return this.ctx.storage.transactionSync(() => {
      const due = this.sql
        .exec<{ id: string; hold_until: number }>(
          `SELECT id, hold_until FROM orders WHERE status = 'pending' AND provider = 'transfer'
             AND reminded_at IS NULL AND hold_until > ? AND hold_until - ? <= ? LIMIT 500`,
          now,
          TRANSFER_REMINDER_MS,
          now,
        )
        .toArray();
      for (const { id, hold_until } of due) {
        this.sql.exec('UPDATE orders SET reminded_at = ? WHERE id = ?', now, id);
        this.log(id, 'transfer_reminder_queued', now, { holdUntil: iso(hold_until) });
        this.addEmail(id, 'transfer_reminder', null, now);
      }
      return due.length;
    });
  }

  /**
   * A payment for an order that no longer holds a place (its hold ran out, it expired, it was
   * cancelled). An expired order takes a place if one is free, and is then paid as usual (null
   * here). A cancelled one (the buyer or an organiser decided against it) never does, nor does one
   * whose place is gone: the payment is recorded, the order keeps no place, and its refund is
   * due, which the caller asks of the provider and records with `refundLate`.
   */
  private latePayment(row: OrderRow, now: number, source: SettleSource): SettleResult | null {
    if (row.late_paid_at !== null) return { order: this.load(row.id), changed: false, refundDue: true };
    if (row.status !== 'cancelled' && placesFree(this.sql, ticketRows(this.sql, row.id), now)) return null;
    this.sql.exec(
      "UPDATE orders SET status = IIF(status = 'pending', 'expired', status), late_paid_at = ?, updated_at = ? WHERE id = ?",
      now,
      now,
      row.id,
    );
    this.log(row.id, 'paid_without_place', now, {
      from: row.status,
      by: source.by,
      ...(source.reference ? { reference: source.reference } : {}),
    });
    return { order: this.load(row.id), changed: true, refundDue: true };
  }

  /**
   * Records the refund of a payment that came without a place (see `latePayment`): the order is
   * refunded and its buyer gets an e-mail that says so, both once.
   */
  refundLate(id: string, refundReference: string, now: number, by: string): Order | null {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row || row.late_paid_at === null) return null;
      if (row.status === 'refunded') return this.load(id);
      this.sql.exec("UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ?", now, id);
      this.log(id, 'refunded', now, { from: row.status, by, refund: refundReference, late: true });
      this.addEmail(id, 'late_refund', null, now);
      return this.load(id);
    });
  }

  /** Issues a paid order's invoice when its buyer asked for one (in the caller's transaction). */
  private issueInvoice(orderId: string, now: number, paidOn?: string): void {
    const row = this.row(orderId) as OrderRow;
    const invoice = issueInvoice(this.sql, row, ticketRows(this.sql, orderId), now, {
      ksef: ksefSends(this.env),
      ...(paidOn ? { paidOn } : {}),
    });
    if (!invoice) return;
    this.log(orderId, 'invoice_issued', now, { invoice: invoice.id, number: invoice.number, kind: invoice.kind });
    if (invoice.ksef.status === 'queued') this.scheduleAlarm(Date.now());
  }

  /** Corrects a refunded order's invoices (in the caller's transaction), each once. */
  private correctInvoices(orderId: string, now: number, reason: keyof typeof CORRECTION_REASONS): void {
    for (const correction of correctInvoices(this.sql, orderId, now, reason, { ksef: ksefSends(this.env) })) {
      this.log(orderId, 'invoice_corrected', now, {
        invoice: correction.id,
        number: correction.number,
        corrects: correction.correction?.of.number ?? null,
      });
      if (correction.ksef.status === 'queued') this.scheduleAlarm(Date.now());
    }
  }

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

  /**
   * Hands invoices due for KSeF to its queue, each with a lease (the alarm, beside the e-mails').
   * Returns whether more are due.
   */
  private async handInvoicesToKsef(now: number): Promise<boolean> {
    const ids = dueForKsef(this.sql, now, 20);
    if (!ids.length) return false;
    try {
      await this.env.KSEF_QUEUE.sendBatch(ids.map((invoiceId) => ({ body: { invoiceId } satisfies KsefJob })));
      this.ctx.storage.transactionSync(() => leaseForKsef(this.sql, ids, Date.now() + KSEF_LEASE_MS));
    } catch (error) {
      console.error(JSON.stringify({ event: 'ksef_queue_failed', message: String(error) }));
      return true;
    }
    return dueForKsef(this.sql, now, 1).length > 0;
  }

  /** Takes an invoice for submitting to KSeF, or null when it needs none now (invoices.ts). */
  claimInvoiceForKsef(invoiceId: string, now: number): IssuedInvoice | null {
    return this.ctx.storage.transactionSync(() => claimForKsef(this.sql, invoiceId, now));
  }

  /** Records what KSeF made of an invoice: its number, a rejection to report, or the next attempt. */
  invoiceSubmitted(invoiceId: string, outcome: KsefRecord, now: number): void {
    this.ctx.storage.transactionSync(() => {
      const orderId = recordKsef(this.sql, invoiceId, outcome, now);
      if (!orderId) return;
      if (outcome.kind === 'accepted') {
        this.log(orderId, 'invoice_ksef_accepted', now, { invoice: invoiceId, ksef: outcome.ksefNumber });
      } else if (outcome.kind === 'rejected') {
        this.log(orderId, 'invoice_ksef_rejected', now, { invoice: invoiceId, error: outcome.error.slice(0, 200) });
      } else {
        this.scheduleAlarm(Math.max(Date.now(), outcome.nextAt - now + Date.now()));
      }
    });
  }

  /** Frees an order's workshop seats (in the caller's transaction), each one logged. */
  private releaseSeats(orderId: string, now: number): void {
    const released = this.sql
      .exec<{ workshop_id: string; ticket_id: string }>(
        'DELETE FROM workshop_seats WHERE order_id = ? RETURNING workshop_id, ticket_id',
        orderId,
      )
      .toArray();
    for (const seat of released) {
      this.log(orderId, 'workshop_released', now, { workshop: seat.workshop_id, ticket: seat.ticket_id });
    }
  }

  /**
   * A paid order's e-mails: the buyer's confirmation listing every ticket, and each ticket's own to
   * its holder when the holder has an address other than the buyer's (in the caller's transaction).
   */
  private sendTickets(order: OrderRow, now: number): void {
    this.addEmail(order.id, 'confirmation', null, now);
    for (const ticket of ticketRows(this.sql, order.id)) {
      if (ticket.email && ticket.email !== order.email) this.addEmail(order.id, 'ticket', ticket.id, now);
    }
  }

  /** An order by id, with its tickets, or null. */
  order(id: string): Order | null {
    return loadOrder(this.sql, id);
  }

  /** The order a buyer's secret opens (by the secret's hash), or null for any mismatch. */
  openOrder(id: string, tokenHash: string): (Order & { paymentUrl: string | null }) | null {
    const row = this.row(id);
    if (!row || !constantTimeEqual(row.token_hash, tokenHash)) return null;
    return { ...this.load(id), paymentUrl: row.payment_url };
  }

  /**
   * Gives a ticket of a paid order to another holder (or corrects its holder) until the congress
   * starts: new name and e-mail, a new code, the old code refused at the door from now on; the new
   * holder gets the ticket by e-mail when they have an address other than the buyer's.
   */
  reissueTicket(
    orderId: string,
    ticketId: string,
    holder: { name: string | null; email: string | null },
    now: number,
  ): ReissueResult {
    return this.ctx.storage.transactionSync((): ReissueResult => {
      const row = this.row(orderId);
      const ticket = ticketRow(this.sql, ticketId);
      if (!row || ticket?.order_id !== orderId) return { kind: 'refused', error: 'not_found' };
      if (row.status !== 'paid') return { kind: 'refused', error: 'not_paid' };
      if (now >= eventStartsAt()) return { kind: 'refused', error: 'changes_closed' };
      // Admitted already: the person inside holds it, and a new code would admit nobody (a ticket
      // is admitted once) or, were the admission undone, a second person. The change is refused.
      if (ticket.checked_in_at !== null) return { kind: 'refused', error: 'checked_in', at: iso(ticket.checked_in_at) };
      const next = reissue(this.sql, ticket, holder, now);
      this.log(orderId, 'ticket_reissued', now, { ticket: ticket.id, position: ticket.position, by: 'buyer' });
      if (next.email && next.email !== row.email) this.addEmail(orderId, 'ticket', ticket.id, now);
      return { kind: 'reissued', ticket: toTicket(next), order: this.load(orderId) };
    });
  }

  /**
   * Whether the buyer may cancel an order now: a pending one always (its hold is let go), a paid
   * one until the deadline of the terms (site/terms.ts). Nothing changes here.
   */
  cancellable(orderId: string, now: number): CancelResult {
    const row = this.row(orderId);
    if (!row) return { kind: 'refused', error: 'not_found' };
    const order = this.load(orderId);
    if (row.status !== 'paid' && row.status !== 'pending') return { kind: 'refused', error: 'not_cancellable', order };
    if (now >= cancellationClosesAt()) return { kind: 'refused', error: 'cancellation_closed', order };
    return { kind: 'cancelled', order };
  }

  /**
   * A buyer's cancellation of a paid order asks here whose turn it is to ask the provider for the
   * refund (refunds.ts): `claimed` for the one caller that asks, `waiting` for the others (they ask
   * again with `waitingFor`), `failed` for those whose awaited attempt failed, `cancelled` once the
   * refund is recorded; and the rules' refusals, checked here in the transaction.
   */
  claimRefund(orderId: string, now: number, waitingFor?: number): CancelResult | RefundTurn {
    return this.ctx.storage.transactionSync((): CancelResult | RefundTurn => {
      const row = this.row(orderId);
      if (row?.status === 'refunded' && row.cancelled_at !== null)
        return { kind: 'cancelled', order: this.load(orderId) };
      const allowed = this.cancellable(orderId, now);
      if (allowed.kind === 'refused') return allowed;
      if (row?.status !== 'paid') return { kind: 'refused', error: 'not_cancellable', order: allowed.order };
      // The lease runs on the real clock: it measures a provider's call, not the shop's time.
      return refundTurn(this.sql, orderId, Date.now(), waitingFor);
    });
  }

  /** The provider refused or missed the refund of `attempt` (see `claimRefund`). */
  refundFailed(orderId: string, attempt: number): void {
    this.ctx.storage.transactionSync(() => refundFailed(this.sql, orderId, attempt, Date.now()));
  }

  /**
   * The buyer's cancellation of a paid order, once the provider has given the money back
   * (`refundReference`): its places and workshop seats return, it is refunded, and the buyer gets
   * an e-mail that says so, all once. The rules are checked again here, in the transaction.
   */
  cancelPaid(orderId: string, refundReference: string, now: number): CancelResult {
    return this.ctx.storage.transactionSync((): CancelResult => {
      const row = this.row(orderId);
      if (row?.status === 'refunded' && row.cancelled_at !== null)
        return { kind: 'cancelled', order: this.load(orderId) };
      const allowed = this.cancellable(orderId, now);
      if (allowed.kind === 'refused' || row?.status !== 'paid') return allowed;
      this.sql.exec(
        "UPDATE orders SET status = 'refunded', cancelled_at = ?, updated_at = ? WHERE id = ?",
        now,
        now,
        orderId,
      );
      this.log(orderId, 'refunded', now, { from: 'paid', by: 'buyer', refund: refundReference });
      refundRecorded(this.sql, orderId);
      this.releaseSeats(orderId, now);
      this.correctInvoices(orderId, now, 'cancelled');
      this.addEmail(orderId, 'cancellation', null, now);
      return { kind: 'cancelled', order: this.load(orderId) };
    });
  }

  /** Every product's unpaid holds now, for organisers (holds.ts). */
  holds(now: number): ProductHolds[] {
    return listHolds(this.sql, now);
  }

  /**
   * An organiser lets an unpaid order's hold go: the order expires and its places return at once;
   * nothing was charged, and a payment that still arrives is refunded by the late-payment rule.
   * Null for no such order; `changed: false` when it is no longer pending.
   */
  releaseHold(id: string, now: number, by: string): SettleResult | null {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row) return null;
      if (row.status !== 'pending') return { order: this.load(id), changed: false };
      this.log(id, 'hold_released', now, { by, provider: row.provider, holdUntil: iso(row.hold_until) });
      return this.settleIn(id, 'expired', now, { by });
    });
  }

  /** What VIES said of an order's VAT number, each check, oldest first (vat.ts). */
  vatChecks(orderId: string): VatCheck[] {
    return vatChecksOf(this.sql, orderId);
  }

  /** Whether the buyer may have VIES check the order's VAT number again now (vat-correction.ts). */
  vatRecheck(orderId: string): Recheckable | RecheckRefusal {
    return recheckState(this.sql, this.row(orderId));
  }

  /** What the order page shows of the order's VAT number (vat-correction.ts). */
  vatStatus(orderId: string): VatStatus | null {
    return vatStatus(this.sql, this.row(orderId));
  }

  /** VIES says the number is not registered: the answer is kept as evidence, nothing else changes. */
  vatNotRegistered(orderId: string, check: VatCheck, now: number): void {
    this.ctx.storage.transactionSync(() => {
      const state = recheckState(this.sql, this.row(orderId));
      if (state.kind === 'refused' && state.error !== 'pay_first') return;
      recordVatCheck(this.sql, orderId, check);
      this.log(orderId, 'vat_checked', now, { ...vatCheckLog(check), by: 'buyer' });
    });
  }

  /**
   * Whose turn it is to ask the provider for a paid order's VAT difference, as `claimRefund` for a
   * cancel (refunds.ts, under a key of its own), with the amount; or why not.
   */
  claimVatRefund(orderId: string, waitingFor?: number): (RefundTurn & { amount?: number }) | RecheckRefusal {
    return this.ctx.storage.transactionSync(() => {
      const state = recheckState(this.sql, this.row(orderId));
      if (state.kind === 'refused') return state;
      if (!state.paid) return { kind: 'refused', error: 'not_eligible', status: 'pending' };
      const turn = refundTurn(this.sql, vatRefundKey(orderId), Date.now(), waitingFor);
      return turn.kind === 'claimed' ? { ...turn, amount: state.difference } : turn;
    });
  }

  /** The provider refused or missed the VAT refund of `attempt` (see `claimVatRefund`). */
  vatRefundFailed(orderId: string, attempt: number): void {
    this.ctx.storage.transactionSync(() => refundFailed(this.sql, vatRefundKey(orderId), attempt, Date.now()));
  }

  /**
   * Applies the reverse charge VIES confirmed (vat-correction.ts): a paid order with its refund
   * (`refund`, from the caller that claimed it), a pending one without a checkout with none; the
   * corrections and an e-mail follow, all once. `paid_meanwhile` when a pending order was paid
   * since the caller looked: the caller then refunds the difference.
   */
  confirmVat(
    orderId: string,
    check: VatCheck,
    refund: VatRefund | null,
    now: number,
  ): { kind: 'corrected' | 'paid_meanwhile' } | RecheckRefusal {
    return this.ctx.storage.transactionSync(() => {
      const state = recheckState(this.sql, this.row(orderId));
      if (state.kind === 'refused') return state;
      if (state.paid && !refund) return { kind: 'paid_meanwhile' };
      if (!state.paid && refund) return { kind: 'refused', error: 'not_eligible', status: 'pending' };
      const made = applyReverseCharge(this.sql, orderId, check, refund, now, { ksef: ksefSends(this.env) });
      this.log(orderId, 'vat_checked', now, { ...vatCheckLog(check), by: 'buyer' });
      this.log(orderId, 'vat_corrected', now, {
        difference: made.difference,
        refund: refund ? (refund.due ? 'due' : 'refunded') : 'none',
        ...(refund ? { reference: refund.reference } : {}),
      });
      for (const correction of made.corrections) {
        this.log(orderId, 'invoice_corrected', now, {
          invoice: correction.id,
          number: correction.number,
          corrects: correction.correction?.of.number ?? null,
        });
        if (correction.ksef.status === 'queued') this.scheduleAlarm(Date.now());
      }
      // The buyer gets the corrections and the refund by e-mail; a transfer still awaited is paid
      // at the new amount, so its details go out again.
      if (state.paid) this.addEmail(orderId, 'vat_correction', null, now);
      else if (this.row(orderId)?.provider === 'transfer') this.addEmail(orderId, 'proforma', null, now);
      return { kind: 'corrected' };
    });
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
  /**
   * The door's one call: decides a scanned code (canonical, worker/tickets/code.ts) and admits its
   * ticket once, in one transaction (check-in.ts); `key` is the ticket key that signed it.
   */
  async admit(canonical: string, key: string, now: number): Promise<CheckInResult> {
    const signed = await signedBy(this.sql, canonical, key);
    return this.ctx.storage.transactionSync((): CheckInResult => {
      const result = decideAtDoor(this.sql, canonical, signed, now);
      if (result.kind === 'admitted') {
        this.log(result.order.id, 'checked_in', now, { ticket: result.ticket.id, position: result.ticket.position });
      }
      return result;
    });
  }

  /**
   * A seat in a workshop for the holder of a paid ticket that includes it (Pro: basic level; VIP:
   * any), while seats last: one per ticket. The ticket's code (or the order code of a one-ticket
   * order) and the holder's or the buyer's e-mail together identify the holder.
   */
  registerWorkshop(input: {
    workshopId: string;
    level: 'basic' | 'intermediate' | 'advanced';
    capacity: number;
    code: string;
    email: string;
    now: number;
  }): WorkshopResult {
    return this.ctx.storage.transactionSync((): WorkshopResult => {
      const ticket = this.ticketForSeat(input.code);
      const row = ticket && this.row(ticket.order_id);
      const email = input.email.toLowerCase();
      if (!ticket || !row || (email !== row.email && email !== ticket.email)) {
        return { kind: 'refused', error: 'order_not_found' };
      }
      const access = product(ticket.product as ProductId).workshops;
      const eligible = row.status === 'paid' && (access === 'all' || (access === 'basic' && input.level === 'basic'));
      if (!eligible) return { kind: 'refused', error: 'ticket_not_eligible' };
      const registered = this.sql
        .exec('SELECT 1 FROM workshop_seats WHERE workshop_id = ? AND ticket_id = ?', input.workshopId, ticket.id)
        .toArray().length;
      if (registered) return { kind: 'refused', error: 'already_registered' };
      const taken = this.sql
        .exec<{ n: number }>('SELECT COUNT(*) AS n FROM workshop_seats WHERE workshop_id = ?', input.workshopId)
        .one().n;
      if (taken >= input.capacity) return { kind: 'refused', error: 'workshop_full' };
      this.sql.exec(
        'INSERT INTO workshop_seats (workshop_id, ticket_id, order_id, created_at) VALUES (?, ?, ?, ?)',
        input.workshopId,
        ticket.id,
        row.id,
        input.now,
      );
      this.log(row.id, 'workshop_registered', input.now, { workshop: input.workshopId, ticket: ticket.id });
      this.addEmail(row.id, 'workshop', input.workshopId, input.now);
      return { kind: 'registered', orderId: row.id, seatsLeft: input.capacity - taken - 1 };
    });
  }

  /** The ticket a workshop registration names: by its own code, or by the code of a one-ticket order. */
  private ticketForSeat(code: string): TicketRow | null {
    const found = findCode(this.sql, code);
    if (found && 'ticket' in found) return found.ticket;
    const order = this.sql.exec<{ id: string }>('SELECT id FROM orders WHERE code = ?', code).toArray()[0];
    const tickets = order ? ticketRows(this.sql, order.id) : [];
    return tickets.length === 1 ? (tickets[0] as TicketRow) : null;
  }

  /** Seats taken per workshop. */
  workshopSeats(): { workshopId: string; taken: number }[] {
    return this.sql
      .exec<{ workshopId: string; taken: number }>(
        'SELECT workshop_id AS workshopId, COUNT(*) AS taken FROM workshop_seats GROUP BY workshop_id',
      )
      .toArray();
  }

  /** The workshops an order's tickets hold seats in, each with the ticket that holds it. */
  registrations(orderId: string): { workshopId: string; ticketId: string }[] {
    return this.sql
      .exec<{ workshopId: string; ticketId: string }>(
        'SELECT workshop_id AS workshopId, ticket_id AS ticketId FROM workshop_seats WHERE order_id = ? ORDER BY created_at',
        orderId,
      )
      .toArray();
  }

  /** An order's e-mails and their delivery, oldest first. */
  emails(orderId: string): EmailRecord[] {
    return emailsOf(this.sql, orderId);
  }

  /** Queues an e-mail about an order (an organiser's resend) or a contact message; returns its id. */
  queueEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number {
    return this.ctx.storage.transactionSync(() => this.addEmail(subjectId, kind, data, now));
  }

  /** Takes an e-mail for sending, or null when it was sent or another delivery holds it (outbox.ts). */
  claimEmail(id: number, now: number): ReturnType<typeof claimEmail> {
    return this.ctx.storage.transactionSync(() => claimEmail(this.sql, id, now));
  }

  /** Records an e-mail's delivery: sent, failed after its last try, or back on the queue. */
  emailDelivered(id: number, outcome: Delivery, now: number): void {
    this.ctx.storage.transactionSync(() => {
      const done = recordDelivery(this.sql, id, outcome, now);
      if (!done) return;
      if (done.leaseUntil !== null) this.scheduleAlarm(Date.now() + (done.leaseUntil - now));
      if (done.status !== 'queued' && this.row(done.subjectId)) {
        this.log(done.subjectId, done.status === 'sent' ? 'email_sent' : 'email_failed', now, { kind: done.kind });
      }
    });
  }

  /** An order's history from the log, oldest first. */
  history(id: string): LogEntry[] {
    return orderHistory(this.sql, id);
  }

  /** Releases the places of orders whose hold ran out unpaid; returns how many. */
  expireHolds(now: number): number {
    const expired = this.sql
      .exec<{ id: string }>("SELECT id FROM orders WHERE status = 'pending' AND hold_until <= ? LIMIT 500", now)
      .toArray();
    for (const { id } of expired) this.settle(id, 'expired', now, { by: 'hold_timer' });
    return expired.length;
  }

  /** Copies log entries that are not yet in KV to KV; returns how many are still waiting and failed. */
  flushLog(): Promise<{ waiting: number; failed: number }> {
    return flushLog(this.sql, this.env.ORDERS);
  }

  /** Expires holds that ran out and copies the log to KV, then sets the next alarm. */
  override async alarm(): Promise<void> {
    this.alarmSetFor = null;
    const now = Date.now();
    this.remindTransfers(now);
    this.expireHolds(now);
    this.requeueLostEmails(now);
    const log = await this.flushLog();
    const mails = await handOver(this.sql, this.env.MAIL_QUEUE);
    const invoices = await this.handInvoicesToKsef(now);
    // Entries left: the next batch at once, or a second later when KV or the queue failed.
    if (log.failed || mails > 0 || invoices) this.scheduleAlarm(Date.now() + 1000);
    else if (log.waiting > 0) this.scheduleAlarm(Date.now());
    const next = this.sql
      .exec<{ at: number | null }>("SELECT MIN(hold_until) AS at FROM orders WHERE status = 'pending'")
      .one().at;
    if (next !== null) this.scheduleAlarm(next);
    const reminder = this.sql
      .exec<{ at: number | null }>(
        `SELECT MIN(hold_until) - ? AS at FROM orders WHERE status = 'pending' AND provider = 'transfer'
           AND reminded_at IS NULL`,
        TRANSFER_REMINDER_MS,
      )
      .one().at;
    if (reminder !== null) this.scheduleAlarm(reminder);
    const lease = nextLease(this.sql);
    if (lease !== null) this.scheduleAlarm(lease);
    const ksef = nextKsefAt(this.sql);
    if (ksef !== null) this.scheduleAlarm(Math.max(ksef, Date.now()));
  }

  /**
   * The outbox's promise: an e-mail handed to the queue whose lease ran out unclaimed (the message
   * was lost) or whose sending was never reported (the consumer died) goes back to `new`, and this
   * alarm run puts it on the queue again; after MAX_EMAIL_ATTEMPTS tries it is marked failed.
   * Returns how many went back.
   */
  requeueLostEmails(now: number): number {
    return this.ctx.storage.transactionSync(() => {
      const lost = requeueLost(this.sql, now);
      for (const mail of lost) {
        if (!this.row(mail.order_id)) continue;
        this.log(mail.order_id, mail.status === 'new' ? 'email_requeued' : 'email_failed', now, { kind: mail.kind });
      }
      if (lost.some((mail) => mail.status === 'new')) this.scheduleAlarm(Date.now());
      return lost.filter((mail) => mail.status === 'new').length;
    });
  }

  /** Adds an e-mail to the outbox (in the caller's transaction); the alarm puts it on the queue. */
  private addEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number {
    const id = addEmail(this.sql, subjectId, kind, data, now);
    if (this.row(subjectId)) this.log(subjectId, 'email_queued', now, { kind });
    this.scheduleAlarm(Date.now());
    return id;
  }

  private row(id: string): OrderRow | null {
    return orderRow(this.sql, id);
  }

  /** An order known to exist, with its tickets. */
  private load(id: string): Order {
    return loadOrder(this.sql, id) as Order;
  }

  private log(orderId: string, event: OrderEvent, at: number, data: Record<string, Json>): void {
    appendLog(this.sql, orderId, event, at, data);
    // The log reaches KV from the alarm, moments later, so a purchase never waits for KV. On the
    // real clock: `at` can be a test's.
    this.scheduleAlarm(Date.now() + LOG_FLUSH_DELAY_MS);
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
