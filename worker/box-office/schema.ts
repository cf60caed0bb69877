import type { Order, OrderStatus } from '../../site/orders';
import type { ProductId } from '../../site/tickets';

/**
 * The box office's tables. `held` counts the places taken per product (pending and paid orders),
 * kept by triggers in the transaction of every change, so a purchase reads a few small rows.
 */
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

/** An order as its row stores it (times in ms since the epoch). */
export type OrderRow = {
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

/** An instant as the wire types write it. */
export const iso = (ms: number) => new Date(ms).toISOString();

export function toOrder(row: OrderRow): Order {
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

/** An order's row, or null. */
export function orderRow(sql: SqlStorage, id: string): OrderRow | null {
  return sql.exec<OrderRow>('SELECT * FROM orders WHERE id = ?', id).toArray()[0] ?? null;
}

/** Makes the tables; a box office from before the `held` count has its places counted once. */
export function migrate(storage: DurableObjectStorage, options: { queueLeaseMs: number }): void {
  const sql = storage.sql;
  storage.transactionSync(() => {
    const counted = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'held'").toArray();
    sql.exec(SCHEMA);
    const columns = sql.exec<{ name: string }>('PRAGMA table_info(orders)').toArray();
    if (!columns.some((c) => c.name === 'late_paid_at')) sql.exec('ALTER TABLE orders ADD COLUMN late_paid_at INTEGER');
    // E-mails queued before the queue had a lease: the alarm hands them over again if still unclaimed.
    sql.exec(
      "UPDATE emails SET lease_until = updated_at + ? WHERE status = 'queued' AND lease_until IS NULL",
      options.queueLeaseMs,
    );
    if (counted.length === 0) {
      sql.exec(
        "INSERT INTO held (product, n) SELECT product, COUNT(*) FROM orders WHERE status IN ('pending', 'paid') GROUP BY product",
      );
    }
  });
}
