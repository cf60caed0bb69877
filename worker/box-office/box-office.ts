import { DurableObject } from 'cloudflare:workers';
import {
  HOLD_MINUTES,
  onSaleAt,
  POOLS,
  PRODUCTS,
  type Product,
  type ProductId,
  type ProductState,
  priceAt,
  priceBreakdown,
  product,
} from '../../site/tickets';
import { constantTimeEqual } from '../crypto';
import { humanCode } from '../ids';
import type {
  CheckInResult,
  EmailKind,
  EmailRecord,
  Json,
  LogEntry,
  MailJob,
  NewOrder,
  Order,
  OrderFilter,
  OrderPage,
  OrderStatus,
  PurchaseResult,
  SalesStats,
  WorkshopResult,
} from './orders';

const HOLD_MS = HOLD_MINUTES * 60 * 1000;
/**
 * How long an e-mail handed to the queue may go unclaimed before the alarm hands it over again: the
 * queue delivers within seconds, so a message unclaimed for ten minutes was lost (a crash, a local
 * queue that lives in memory). A second delivery of the same e-mail sends nothing (`claimEmail`).
 */
export const QUEUE_LEASE_MS = 10 * 60 * 1000;
/** Tries of one e-mail, the queue's own retries and the alarm's re-sends together, before it fails. */
export const MAX_EMAIL_ATTEMPTS = 8;
/** How long an order whose payment is still being processed (BLIK, Przelewy24) keeps its place. */
const PROCESSING_HOLD_MS = 24 * 60 * 60 * 1000;
/**
 * Log entries written to KV per alarm run: well under the 1,000 operations of one invocation, and
 * small enough that purchases arriving meanwhile are not queued behind a long run of writes.
 */
const FLUSH_BATCH = 50;
/**
 * How long a new log entry may wait for the copy to KV: the entries of a second go in one alarm
 * run, not one run each (KV is eventually consistent for its readers anyway).
 */
const LOG_FLUSH_DELAY_MS = 1000;
/** KV key of a log entry: an order's changes sort together and in order, orders by creation time. */
export const logKey = (orderId: string, seq: number) => `intent:${orderId}:${String(seq).padStart(10, '0')}`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  product TEXT NOT NULL,
  net INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  currency TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  lang TEXT NOT NULL,
  invoice TEXT,
  status TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_ref TEXT,
  payment_url TEXT,
  token_hash TEXT NOT NULL,
  hold_until INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  paid_at INTEGER,
  checked_in_at INTEGER,
  late_paid_at INTEGER
);
CREATE TABLE IF NOT EXISTS held (
  product TEXT PRIMARY KEY,
  n INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS held_insert AFTER INSERT ON orders WHEN NEW.status IN ('pending', 'paid')
BEGIN
  INSERT INTO held (product, n) VALUES (NEW.product, 1) ON CONFLICT (product) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS held_update AFTER UPDATE OF status ON orders
  WHEN (OLD.status IN ('pending', 'paid')) <> (NEW.status IN ('pending', 'paid'))
BEGIN
  INSERT INTO held (product, n) VALUES (NEW.product, IIF(NEW.status IN ('pending', 'paid'), 1, -1))
    ON CONFLICT (product) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER IF NOT EXISTS held_delete AFTER DELETE ON orders WHEN OLD.status IN ('pending', 'paid')
BEGIN
  UPDATE held SET n = n - 1 WHERE product = OLD.product;
END;
CREATE INDEX IF NOT EXISTS orders_hold ON orders (status, hold_until);
-- Indexes no query uses any more (stock is counted in held; e-mails are searched with LIKE): each
-- was one more tree written with every order.
DROP INDEX IF EXISTS orders_stock;
DROP INDEX IF EXISTS orders_email;
DROP INDEX IF EXISTS orders_ref;
CREATE TABLE IF NOT EXISTS idempotency (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  order_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  event TEXT NOT NULL,
  at INTEGER NOT NULL,
  data TEXT NOT NULL,
  exported INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS log_pending ON log (exported, seq);
CREATE INDEX IF NOT EXISTS log_order ON log (order_id, seq);
CREATE TABLE IF NOT EXISTS emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  data TEXT,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until INTEGER,
  message_id TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS emails_new ON emails (status, id);
CREATE INDEX IF NOT EXISTS emails_order ON emails (order_id, created_at);
CREATE TABLE IF NOT EXISTS registrations (
  workshop_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (workshop_id, order_id)
);
`;

type OrderRow = {
  id: string;
  code: string;
  product: string;
  net: number;
  vat: number;
  gross: number;
  currency: string;
  email: string;
  name: string | null;
  lang: string;
  invoice: string | null;
  status: string;
  provider: string;
  provider_ref: string | null;
  payment_url: string | null;
  token_hash: string;
  hold_until: number;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  checked_in_at: number | null;
  /** When a payment arrived for this order after its place was gone: its refund is due. */
  late_paid_at: number | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    code: row.code,
    product: row.product as ProductId,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
    currency: 'PLN',
    email: row.email,
    name: row.name,
    lang: row.lang as Order['lang'],
    invoice: row.invoice ? JSON.parse(row.invoice) : null,
    status: row.status as OrderStatus,
    provider: row.provider as Order['provider'],
    providerRef: row.provider_ref,
    holdUntil: iso(row.hold_until),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    paidAt: row.paid_at === null ? null : iso(row.paid_at),
    checkedInAt: row.checked_in_at === null ? null : iso(row.checked_in_at),
  };
}

/** A change of an order's status that a payment, a timer or an organiser asks for. */
export type Settlement = 'paid' | 'processing' | 'cancelled' | 'expired' | 'refunded';

/**
 * From which statuses each change is allowed. A payment is taken in any state but paid or refunded:
 * a late one (after the hold, after a cancellation) follows the rules of `settle`.
 */
const ALLOWED_FROM: Record<Settlement, readonly OrderStatus[]> = {
  paid: ['pending', 'expired', 'cancelled'],
  processing: ['pending'],
  cancelled: ['pending'],
  expired: ['pending'],
  refunded: ['paid'],
};

/**
 * The box office: the one writer of orders, stock, payments and idempotency. Each public method is
 * one synchronous SQLite transaction, so concurrent requests never see a half-made change, and a
 * burst sells exactly the places there are. Every change of an order is also written to the `log`
 * table, which the alarm copies to Workers KV (the purchase-intent log), each entry once under a
 * key of its own; the same alarm releases the places of orders whose hold ran out unpaid.
 */
export class BoxOffice extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private alarmSetFor: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.migrate();
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSetFor = await ctx.storage.getAlarm();
    });
  }

  /** Makes the tables; a box office from before the `held` count has its places counted once. */
  private migrate(): void {
    this.ctx.storage.transactionSync(() => {
      const counted = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'held'").toArray();
      this.sql.exec(SCHEMA);
      const columns = this.sql.exec<{ name: string }>('PRAGMA table_info(orders)').toArray();
      if (!columns.some((c) => c.name === 'late_paid_at'))
        this.sql.exec('ALTER TABLE orders ADD COLUMN late_paid_at INTEGER');
      // E-mails queued before the queue had a lease: the alarm hands them over again if still unclaimed.
      this.sql.exec(
        "UPDATE emails SET lease_until = updated_at + ? WHERE status = 'queued' AND lease_until IS NULL",
        QUEUE_LEASE_MS,
      );
      if (counted.length === 0) {
        this.sql.exec(
          "INSERT INTO held (product, n) SELECT product, COUNT(*) FROM orders WHERE status IN ('pending', 'paid') GROUP BY product",
        );
      }
    });
  }

  /** Creates a pending order that holds its place, or replays the order of an Idempotency-Key. */
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
          return { kind: 'replayed', order: toOrder(row), paymentUrl: row.payment_url };
        }
      }
      const item = product(input.product);
      if (!onSaleAt(item, input.now)) return { kind: 'refused', error: 'sales_closed' };
      const limited = item.capacity !== null || item.pool !== undefined;
      if (limited && this.remaining(item, this.taken(input.now)) === 0) return { kind: 'refused', error: 'sold_out' };
      const amounts = priceBreakdown(priceAt(item, input.now).net);
      const row: OrderRow = {
        id: input.id,
        code: this.newCode(),
        product: item.id,
        ...amounts,
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
        hold_until: input.now + HOLD_MS,
        created_at: input.now,
        updated_at: input.now,
        paid_at: null,
        checked_in_at: null,
        late_paid_at: null,
      };
      this.sql.exec(
        `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, name, lang, invoice, status,
           provider, provider_ref, token_hash, hold_until, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
      );
      if (input.idempotencyKey) {
        this.sql.exec(
          'INSERT INTO idempotency (key, fingerprint, order_id) VALUES (?, ?, ?)',
          input.idempotencyKey,
          input.fingerprint,
          input.id,
        );
      }
      const order = toOrder(row);
      this.log(order.id, 'created', input.now, {
        code: order.code,
        product: order.product,
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
      return { kind: 'created', order, paymentUrl: null };
    });
    if (result.kind === 'created') this.scheduleAlarm(Date.parse(result.order.holdUntil));
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
      if (!row || row.status !== 'pending' || row.provider_ref) return false;
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
  settle(
    id: string,
    change: Settlement,
    now: number,
    source: { provider?: Order['provider']; reference?: string; by: string },
  ): SettleResult | null {
    const result = this.ctx.storage.transactionSync((): SettleResult | null => {
      const row = this.row(id);
      if (!row) return null;
      if (source.provider && row.provider !== source.provider) return null;
      if (source.reference && row.provider_ref && row.provider_ref !== source.reference) return null;
      if (!ALLOWED_FROM[change].includes(row.status as OrderStatus)) return { order: toOrder(row), changed: false };
      const holdRanOut = row.status === 'pending' && row.hold_until <= now;
      // A payment still being processed keeps a place only while the order holds one.
      if (change === 'processing' && holdRanOut) return { order: toOrder(row), changed: false };
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
      // Exactly one confirmation per payment: queued in the same transaction that records it.
      if (change === 'paid') this.addEmail(id, 'confirmation', null, now);
      // A ticket given back gives back everything it held: its workshop seats too.
      if (change === 'refunded' || change === 'cancelled') this.releaseSeats(id, now);
      return { order: toOrder(this.row(id) as OrderRow), changed: true };
    });
    return result;
  }

  /**
   * A payment for an order that no longer holds a place (its hold ran out, it expired, it was
   * cancelled). An expired order takes a place if one is free, and is then paid as usual (null
   * here). A cancelled one (the buyer or an organiser decided against it) never does, nor does one
   * whose place is gone: the payment is recorded, the order keeps no place, and its refund is
   * due, which the caller asks of the provider and records with `refundLate`.
   */
  private latePayment(row: OrderRow, now: number, source: { reference?: string; by: string }): SettleResult | null {
    if (row.late_paid_at !== null) return { order: toOrder(row), changed: false, refundDue: true };
    if (row.status !== 'cancelled') {
      const item = product(row.product as ProductId);
      const limited = item.capacity !== null || item.pool !== undefined;
      if (!limited || (this.remaining(item, this.taken(now)) ?? 1) > 0) return null;
    }
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
    return { order: toOrder(this.row(row.id) as OrderRow), changed: true, refundDue: true };
  }

  /**
   * Records the refund of a payment that came without a place (see `latePayment`): the order is
   * refunded and its buyer gets an e-mail that says so, both once.
   */
  refundLate(id: string, refundReference: string, now: number, by: string): Order | null {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row || row.late_paid_at === null) return null;
      if (row.status === 'refunded') return toOrder(row);
      this.sql.exec("UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ?", now, id);
      this.log(id, 'refunded', now, { from: row.status, by, refund: refundReference, late: true });
      this.addEmail(id, 'late_refund', null, now);
      return toOrder(this.row(id) as OrderRow);
    });
  }

  /** Frees an order's workshop seats (in the caller's transaction), each one logged. */
  private releaseSeats(orderId: string, now: number): void {
    const released = this.sql
      .exec<{ workshop_id: string }>('DELETE FROM registrations WHERE order_id = ? RETURNING workshop_id', orderId)
      .toArray();
    for (const { workshop_id } of released) this.log(orderId, 'workshop_released', now, { workshop: workshop_id });
  }

  /** An order by id, or null. */
  order(id: string): Order | null {
    const row = this.row(id);
    return row ? toOrder(row) : null;
  }

  /** The order a buyer's secret opens (by the secret's hash), or null for any mismatch. */
  openOrder(id: string, tokenHash: string): (Order & { paymentUrl: string | null }) | null {
    const row = this.row(id);
    if (!row || !constantTimeEqual(row.token_hash, tokenHash)) return null;
    return { ...toOrder(row), paymentUrl: row.payment_url };
  }

  /** Every product's live state at an instant. */
  availability(now: number): ProductState[] {
    const taken = this.taken(now);
    return PRODUCTS.map((item) => {
      const remaining = this.remaining(item, taken);
      const status = !onSaleAt(item, now) ? 'closed' : remaining === 0 ? 'sold_out' : 'on_sale';
      return { id: item.id, status, remaining } satisfies ProductState;
    });
  }

  /** Orders for organisers, oldest first, `limit` at a time after `cursor` (an order id). */
  listOrders(filter: OrderFilter, cursor: string | null, limit: number): OrderPage {
    const where = ['id > ?'];
    const values: (string | number)[] = [cursor ?? ''];
    if (filter.status) {
      where.push('status = ?');
      values.push(filter.status);
    }
    if (filter.product) {
      where.push('product = ?');
      values.push(filter.product);
    }
    if (filter.q) {
      where.push("(code = ? OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')");
      const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      values.push(filter.q.toUpperCase(), like, like);
    }
    if (filter.from) {
      where.push('created_at >= ?');
      values.push(Date.parse(filter.from));
    }
    if (filter.to) {
      where.push('created_at < ?');
      values.push(Date.parse(filter.to));
    }
    const rows = this.sql
      .exec<OrderRow>(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`, ...values, limit + 1)
      .toArray();
    const page = rows.slice(0, limit).map(toOrder);
    return { orders: page, cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  /**
   * Sales at a glance for organisers: per product sold, pending and remaining places and revenue
   * of paid orders; sales per day (Europe/Warsaw) and check-ins per hour.
   */
  stats(now: number): SalesStats {
    const taken = this.taken(now);
    const perProduct = new Map(
      this.sql
        .exec<{ product: string; sold: number; pending: number; net: number; vat: number; gross: number }>(
          `SELECT product, SUM(status = 'paid') AS sold, SUM(status = 'pending' AND hold_until > ?) AS pending,
             TOTAL(CASE WHEN status = 'paid' THEN net END) AS net, TOTAL(CASE WHEN status = 'paid' THEN vat END) AS vat,
             TOTAL(CASE WHEN status = 'paid' THEN gross END) AS gross
           FROM orders GROUP BY product`,
          now,
        )
        .toArray()
        .map((row) => [row.product, row]),
    );
    const products = PRODUCTS.map((item) => {
      const counts = perProduct.get(item.id);
      return {
        id: item.id,
        sold: counts?.sold ?? 0,
        pending: counts?.pending ?? 0,
        remaining: this.remaining(item, taken),
        revenue: { net: counts?.net ?? 0, vat: counts?.vat ?? 0, gross: counts?.gross ?? 0 },
      };
    });
    const totals = products.reduce(
      (sum, p) => ({
        sold: sum.sold + p.sold,
        pending: sum.pending + p.pending,
        revenue: {
          net: sum.revenue.net + p.revenue.net,
          vat: sum.revenue.vat + p.revenue.vat,
          gross: sum.revenue.gross + p.revenue.gross,
        },
      }),
      { sold: 0, pending: 0, revenue: { net: 0, vat: 0, gross: 0 } },
    );
    // Warsaw's offset of each instant is not known to SQLite: group by UTC hour, then by local day here.
    const local = (ms: number, length: number) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Warsaw',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      })
        .format(ms)
        .replace(' ', 'T')
        .slice(0, length);
    const perHour = (column: 'paid_at' | 'checked_in_at', length: number) => {
      const buckets = new Map<string, { count: number; gross: number }>();
      for (const row of this.sql.exec<{ hour: number; n: number; gross: number }>(
        `SELECT (${column} / 3600000) AS hour, COUNT(*) AS n, SUM(gross) AS gross FROM orders
           WHERE ${column} IS NOT NULL AND status = 'paid' GROUP BY hour ORDER BY hour`,
      )) {
        const key = local(row.hour * 3600000, length);
        const bucket = buckets.get(key) ?? { count: 0, gross: 0 };
        buckets.set(key, { count: bucket.count + row.n, gross: bucket.gross + row.gross });
      }
      return [...buckets].map(([at, bucket]) => ({ at, ...bucket }));
    };
    return {
      products,
      totals,
      salesPerDay: perHour('paid_at', 10).map(({ at, count, gross }) => ({ day: at, count, gross })),
      checkInsPerHour: perHour('checked_in_at', 13).map(({ at, count }) => ({ hour: `${at}:00`, count })),
    };
  }

  /** The paid order a ticket code names; null for an unknown order code. */
  orderByCode(code: string): Order | null {
    const row = this.sql.exec<OrderRow>('SELECT * FROM orders WHERE code = ?', code).toArray()[0];
    return row ? toOrder(row) : null;
  }

  /**
   * Admits a ticket at the door once: the first scan checks the order in; any later one (another
   * door, a second phone) is told when it was. The caller has checked the code's signature.
   */
  checkIn(orderId: string, now: number): CheckInResult {
    return this.ctx.storage.transactionSync((): CheckInResult => {
      const row = this.row(orderId);
      if (!row) return { kind: 'unknown' };
      if (row.status !== 'paid') return { kind: 'not_valid', status: row.status as OrderStatus };
      if (row.checked_in_at !== null) return { kind: 'already', at: iso(row.checked_in_at), order: toOrder(row) };
      this.sql.exec('UPDATE orders SET checked_in_at = ?, updated_at = ? WHERE id = ?', now, now, orderId);
      this.log(orderId, 'checked_in', now, {});
      return { kind: 'admitted', order: toOrder(this.row(orderId) as OrderRow) };
    });
  }

  /**
   * A seat in a workshop for the holder of a paid ticket that includes it (Pro: basic level; VIP:
   * any), while seats last. The e-mail and the order code together identify the holder.
   */
  registerWorkshop(input: {
    workshopId: string;
    level: 'basic' | 'intermediate' | 'advanced';
    capacity: number;
    orderCode: string;
    email: string;
    now: number;
  }): WorkshopResult {
    return this.ctx.storage.transactionSync((): WorkshopResult => {
      const row = this.sql.exec<OrderRow>('SELECT * FROM orders WHERE code = ?', input.orderCode).toArray()[0];
      if (!row || row.email !== input.email.toLowerCase()) return { kind: 'refused', error: 'order_not_found' };
      const access = product(row.product as ProductId).workshops;
      const eligible = row.status === 'paid' && (access === 'all' || (access === 'basic' && input.level === 'basic'));
      if (!eligible) return { kind: 'refused', error: 'ticket_not_eligible' };
      const registered = this.sql
        .exec('SELECT 1 FROM registrations WHERE workshop_id = ? AND order_id = ?', input.workshopId, row.id)
        .toArray().length;
      if (registered) return { kind: 'refused', error: 'already_registered' };
      const taken = this.sql
        .exec<{ n: number }>('SELECT COUNT(*) AS n FROM registrations WHERE workshop_id = ?', input.workshopId)
        .one().n;
      if (taken >= input.capacity) return { kind: 'refused', error: 'workshop_full' };
      this.sql.exec(
        'INSERT INTO registrations (workshop_id, order_id, created_at) VALUES (?, ?, ?)',
        input.workshopId,
        row.id,
        input.now,
      );
      this.log(row.id, 'workshop_registered', input.now, { workshop: input.workshopId });
      this.addEmail(row.id, 'workshop', input.workshopId, input.now);
      return { kind: 'registered', orderId: row.id, seatsLeft: input.capacity - taken - 1 };
    });
  }

  /** Seats taken per workshop. */
  workshopSeats(): { workshopId: string; taken: number }[] {
    return this.sql
      .exec<{ workshopId: string; taken: number }>(
        'SELECT workshop_id AS workshopId, COUNT(*) AS taken FROM registrations GROUP BY workshop_id',
      )
      .toArray();
  }

  /** The workshops an order holds seats in. */
  registrations(orderId: string): string[] {
    return this.sql
      .exec<{ workshop_id: string }>(
        'SELECT workshop_id FROM registrations WHERE order_id = ? ORDER BY created_at',
        orderId,
      )
      .toArray()
      .map((r) => r.workshop_id);
  }

  /** An order's e-mails and their delivery, oldest first. */
  emails(orderId: string): EmailRecord[] {
    return this.sql
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

  /** Queues an e-mail about an order (an organiser's resend) or a contact message; returns its id. */
  queueEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number {
    return this.ctx.storage.transactionSync(() => this.addEmail(subjectId, kind, data, now));
  }

  /**
   * Takes an e-mail for sending: null when it was sent already (a second delivery of its queue
   * message) or another delivery holds it right now; else what to send, leased for two minutes.
   */
  claimEmail(
    id: number,
    now: number,
  ): { kind: EmailKind; subjectId: string; data: string | null; attempts: number } | null {
    return this.ctx.storage.transactionSync(() => {
      const row = this.sql
        .exec<{
          order_id: string;
          kind: string;
          data: string | null;
          status: string;
          attempts: number;
          lease_until: number | null;
        }>('SELECT order_id, kind, data, status, attempts, lease_until FROM emails WHERE id = ?', id)
        .toArray()[0];
      if (!row || row.status === 'sent' || row.status === 'failed') return null;
      if (row.status === 'sending' && (row.lease_until ?? 0) > now) return null;
      this.sql.exec(
        "UPDATE emails SET status = 'sending', lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?",
        now + 120_000,
        now,
        id,
      );
      return { kind: row.kind as EmailKind, subjectId: row.order_id, data: row.data, attempts: row.attempts + 1 };
    });
  }

  /** Records an e-mail's delivery: `sent` with the service's message id, or one failed try. */
  emailDelivered(
    id: number,
    outcome:
      | { sent: true; messageId: string }
      | { sent: false; error: string; final: boolean; retryInSeconds?: number },
    now: number,
  ): void {
    this.ctx.storage.transactionSync(() => {
      const row = this.sql
        .exec<{ order_id: string; kind: string; status: string }>(
          'SELECT order_id, kind, status FROM emails WHERE id = ?',
          id,
        )
        .toArray()[0];
      if (!row || row.status === 'sent') return;
      const status = outcome.sent ? 'sent' : outcome.final ? 'failed' : 'queued';
      // Back on the queue for its next try: if that try never comes, the alarm hands it over again.
      const lease =
        !outcome.sent && !outcome.final ? now + (outcome.retryInSeconds ?? 0) * 1000 + QUEUE_LEASE_MS : null;
      this.sql.exec(
        'UPDATE emails SET status = ?, message_id = ?, error = ?, lease_until = ?, updated_at = ? WHERE id = ?',
        status,
        outcome.sent ? outcome.messageId : null,
        outcome.sent ? null : outcome.error.slice(0, 500),
        lease,
        now,
        id,
      );
      if (lease !== null) this.scheduleAlarm(Date.now() + (lease - now));
      if (status !== 'queued' && this.row(row.order_id)) {
        this.log(row.order_id, status === 'sent' ? 'email_sent' : 'email_failed', now, { kind: row.kind });
      }
    });
  }

  /** An order's history from the log, oldest first. */
  history(id: string): LogEntry[] {
    return this.sql
      .exec<{ seq: number; order_id: string; event: string; at: number; data: string }>(
        'SELECT seq, order_id, event, at, data FROM log WHERE order_id = ? ORDER BY seq',
        id,
      )
      .toArray()
      .map(toLogEntry);
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
  async flushLog(): Promise<{ waiting: number; failed: number }> {
    const entries = this.sql
      .exec<{ seq: number; order_id: string; event: string; at: number; data: string }>(
        'SELECT seq, order_id, event, at, data FROM log WHERE exported = 0 ORDER BY seq LIMIT ?',
        FLUSH_BATCH,
      )
      .toArray()
      .map(toLogEntry);
    const written = await Promise.allSettled(
      entries.map((entry) => this.env.ORDERS.put(logKey(entry.orderId, entry.seq), JSON.stringify(entry))),
    );
    const exported = entries.filter((_, i) => written[i]?.status === 'fulfilled').map((entry) => entry.seq);
    this.sql.exec(
      'UPDATE log SET exported = 1 WHERE seq IN (SELECT value FROM json_each(?))',
      JSON.stringify(exported),
    );
    const failed = written.filter((w) => w.status === 'rejected').length;
    if (failed) console.error(JSON.stringify({ event: 'intent_log_write_failed', count: failed }));
    const waiting = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log WHERE exported = 0').one().n;
    return { waiting, failed };
  }

  /** Expires holds that ran out and copies the log to KV, then sets the next alarm. */
  override async alarm(): Promise<void> {
    this.alarmSetFor = null;
    const now = Date.now();
    this.expireHolds(now);
    this.requeueLostEmails(now);
    const log = await this.flushLog();
    const mails = await this.flushEmails();
    // Entries left: the next batch at once, or a second later when KV or the queue failed.
    if (log.failed || mails > 0) this.scheduleAlarm(Date.now() + 1000);
    else if (log.waiting > 0) this.scheduleAlarm(Date.now());
    const next = this.sql
      .exec<{ at: number | null }>("SELECT MIN(hold_until) AS at FROM orders WHERE status = 'pending'")
      .one().at;
    if (next !== null) this.scheduleAlarm(next);
    const lease = this.sql
      .exec<{ at: number | null }>("SELECT MIN(lease_until) AS at FROM emails WHERE status IN ('queued', 'sending')")
      .one().at;
    if (lease !== null) this.scheduleAlarm(lease);
  }

  /**
   * The outbox's promise: an e-mail handed to the queue whose lease ran out unclaimed (the message
   * was lost) or whose sending was never reported (the consumer died) goes back to `new`, and this
   * alarm run puts it on the queue again; after MAX_EMAIL_ATTEMPTS tries it is marked failed.
   * Returns how many went back.
   */
  requeueLostEmails(now: number): number {
    return this.ctx.storage.transactionSync(() => {
      const lost = this.sql
        .exec<{ id: number; order_id: string; kind: string; status: string }>(
          `UPDATE emails SET status = IIF(attempts >= ?, 'failed', 'new'), lease_until = NULL, updated_at = ?
             WHERE status IN ('queued', 'sending') AND lease_until IS NOT NULL AND lease_until <= ?
             RETURNING id, order_id, kind, status`,
          MAX_EMAIL_ATTEMPTS,
          now,
          now,
        )
        .toArray();
      for (const mail of lost) {
        if (!this.row(mail.order_id)) continue;
        this.log(mail.order_id, mail.status === 'new' ? 'email_requeued' : 'email_failed', now, { kind: mail.kind });
      }
      if (lost.some((mail) => mail.status === 'new')) this.scheduleAlarm(Date.now());
      return lost.filter((mail) => mail.status === 'new').length;
    });
  }

  /** Hands e-mails that are not on the queue yet to it; returns how many still wait. */
  private async flushEmails(): Promise<number> {
    const ids = this.sql
      .exec<{ id: number }>("SELECT id FROM emails WHERE status = 'new' ORDER BY id LIMIT 100")
      .toArray()
      .map((r) => r.id);
    if (ids.length) {
      try {
        await this.env.MAIL_QUEUE.sendBatch(ids.map((id) => ({ body: { emailId: id } satisfies MailJob })));
        const until = Date.now() + QUEUE_LEASE_MS;
        for (const id of ids) {
          this.sql.exec(
            "UPDATE emails SET status = 'queued', lease_until = ? WHERE id = ? AND status = 'new'",
            until,
            id,
          );
        }
      } catch (error) {
        console.error(JSON.stringify({ event: 'mail_queue_failed', message: String(error) }));
      }
    }
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM emails WHERE status = 'new'").one().n;
  }

  /** Adds an e-mail to the outbox (in the caller's transaction); the alarm puts it on the queue. */
  private addEmail(subjectId: string, kind: EmailKind, data: string | null, now: number): number {
    this.sql.exec(
      "INSERT INTO emails (order_id, kind, data, status, created_at, updated_at) VALUES (?, ?, ?, 'new', ?, ?)",
      subjectId,
      kind,
      data,
      now,
      now,
    );
    const id = this.sql.exec<{ id: number }>('SELECT last_insert_rowid() AS id').one().id;
    if (this.row(subjectId)) this.log(subjectId, 'email_queued', now, { kind });
    this.scheduleAlarm(Date.now());
    return id;
  }

  private row(id: string): OrderRow | null {
    return this.sql.exec<OrderRow>('SELECT * FROM orders WHERE id = ?', id).toArray()[0] ?? null;
  }

  /**
   * Places taken per product at an instant: the `held` count (paid and pending orders, kept by the
   * triggers in the same transaction as each change) less the pending orders whose hold ran out
   * and that the alarm has not expired yet. Two small reads, however many orders there are.
   */
  private taken(now: number): Map<string, number> {
    const taken = new Map<string, number>();
    for (const row of this.sql.exec<{ product: string; n: number }>('SELECT product, n FROM held')) {
      taken.set(row.product, row.n);
    }
    for (const row of this.sql.exec<{ product: string; n: number }>(
      "SELECT product, COUNT(*) AS n FROM orders WHERE status = 'pending' AND hold_until <= ? GROUP BY product",
      now,
    )) {
      taken.set(row.product, (taken.get(row.product) ?? 0) - row.n);
    }
    return taken;
  }

  /** Places left for a product (its own and its pool's), or null where unlimited. */
  private remaining(item: Product, taken: Map<string, number>): number | null {
    const count = (ids: readonly ProductId[]) => ids.reduce((sum, id) => sum + (taken.get(id) ?? 0), 0);
    let left: number | null = item.capacity === null ? null : item.capacity - count([item.id]);
    if (item.pool) {
      const pool = POOLS[item.pool] - count(PRODUCTS.filter((p) => p.pool === item.pool).map((p) => p.id));
      left = left === null ? pool : Math.min(left, pool);
    }
    return left === null ? null : Math.max(0, left);
  }

  private newCode(): string {
    for (;;) {
      const code = humanCode();
      if (this.sql.exec('SELECT 1 FROM orders WHERE code = ?', code).toArray().length === 0) return code;
    }
  }

  private log(orderId: string, event: string, at: number, data: Record<string, Json>): void {
    this.sql.exec(
      'INSERT INTO log (order_id, event, at, data) VALUES (?, ?, ?, ?)',
      orderId,
      event,
      at,
      JSON.stringify(data),
    );
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

function toLogEntry(row: { seq: number; order_id: string; event: string; at: number; data: string }): LogEntry {
  return { seq: row.seq, orderId: row.order_id, event: row.event, at: iso(row.at), data: JSON.parse(row.data) };
}

/** What a change of status did; `refundDue` when a payment came for an order without a place. */
export type SettleResult = { order: Order; changed: boolean; refundDue?: boolean };

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
