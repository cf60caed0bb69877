import { defaultLists } from '../../site/check-in';
import type { CompReason } from '../../site/comps';
import type { InvoiceData } from '../../site/invoices';
import type { AccessNeeds, Order, OrderStatus, OrderTax, Ticket } from '../../site/orders';
import { storedRate } from '../../site/tax-rules';
import type { ProductId } from '../../site/tickets';

/** A ticket's columns from its order: its place in it, its holder and its share of the amounts. A
 * cancelled ticket keeps them (part-cancel.ts `cancelled_tickets`). */
export const TICKET_COLUMNS = `id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  product TEXT NOT NULL,
  name TEXT,
  email TEXT,
  net INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  gross INTEGER NOT NULL`;

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
  late_paid_at INTEGER,
  cancelled_at INTEGER,
  reminded_at INTEGER
);
CREATE TABLE IF NOT EXISTS held (
  product TEXT PRIMARY KEY,
  n INTEGER NOT NULL
);
-- One row per ticket: what the door admits, what a workshop seat and an attendee e-mail belong to.
CREATE TABLE IF NOT EXISTS tickets (
  ${TICKET_COLUMNS},
  code TEXT NOT NULL UNIQUE,
  checked_in_at INTEGER,
  updated_at INTEGER NOT NULL,
  UNIQUE (order_id, position)
);
-- Codes a ticket had before its holder changed: never admitted, never given out again.
CREATE TABLE IF NOT EXISTS retired_codes (
  code TEXT PRIMARY KEY,
  ticket_id TEXT NOT NULL,
  retired_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS workshop_seats (
  workshop_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (workshop_id, ticket_id)
);
CREATE INDEX IF NOT EXISTS workshop_seats_order ON workshop_seats (order_id);
-- The first time each ticket's join link was opened during the event's hours (stream-openings.ts):
-- an online ticket's attendance, which earns its certificate. One row per ticket, never updated.
CREATE TABLE IF NOT EXISTS stream_openings (
  ticket_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  target TEXT NOT NULL
);
-- Places are counted per ticket: a ticket of a holding order takes one; an order that stops
-- holding (expired, cancelled, refunded) gives back each of its tickets' places, in one statement.
DROP TRIGGER IF EXISTS held_insert;
DROP TRIGGER IF EXISTS held_update;
DROP TRIGGER IF EXISTS held_delete;
CREATE TRIGGER IF NOT EXISTS ticket_held AFTER INSERT ON tickets
  WHEN (SELECT status FROM orders WHERE id = NEW.order_id) IN ('pending', 'paid')
BEGIN
  INSERT INTO held (product, n) VALUES (NEW.product, 1) ON CONFLICT (product) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS order_held AFTER UPDATE OF status ON orders
  WHEN (OLD.status IN ('pending', 'paid')) <> (NEW.status IN ('pending', 'paid'))
BEGIN
  INSERT INTO held (product, n)
    SELECT product, IIF(NEW.status IN ('pending', 'paid'), 1, -1) * COUNT(*) FROM tickets WHERE order_id = NEW.id GROUP BY product
    ON CONFLICT (product) DO UPDATE SET n = n + excluded.n;
END;
CREATE INDEX IF NOT EXISTS orders_hold ON orders (status, hold_until);
-- Vouchers (vouchers.ts): a code in capitals; taken, the tickets of pending and paid orders that
-- use it, kept by the triggers made in migrate (after the columns they read).
CREATE TABLE IF NOT EXISTS vouchers (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  value INTEGER,
  products TEXT,
  uses INTEGER NOT NULL,
  taken INTEGER NOT NULL DEFAULT 0,
  valid_from INTEGER,
  valid_until INTEGER,
  tag TEXT,
  reserve INTEGER NOT NULL DEFAULT 0,
  ended_at INTEGER,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL
);
-- The hold rules count one buyer's unpaid places (holds.ts): only pending orders are indexed.
CREATE INDEX IF NOT EXISTS orders_pending_email ON orders (email) WHERE status = 'pending';
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
-- Batches of free tickets (comps.ts): one per organiser's issue or partner's naming, its
-- Idempotency-Key unique so that a batch sent twice issues once. Its orders name it (orders.comp_batch).
CREATE TABLE IF NOT EXISTS comp_batches (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT UNIQUE,
  fingerprint TEXT NOT NULL,
  reason TEXT NOT NULL,
  product TEXT NOT NULL,
  note TEXT,
  allotment_id TEXT,
  by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
-- A partner's allotment: the places of its package (site/partners.ts), named by its contact through
-- a link whose secret is derived from its id (an HMAC, like an order's link): none is stored. Its
-- free tickets are orders whose allotment_id is its id.
CREATE TABLE IF NOT EXISTS allotments (
  id TEXT PRIMARY KEY,
  partner TEXT NOT NULL,
  email TEXT NOT NULL,
  tier TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  by TEXT NOT NULL
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
-- Invoices and corrections (invoices.ts): each series counts up per calendar year, without a gap.
CREATE TABLE IF NOT EXISTS invoice_series (
  series TEXT NOT NULL,
  year INTEGER NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (series, year)
);
CREATE TABLE IF NOT EXISTS invoices (
  id TEXT PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  series TEXT NOT NULL,
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  order_id TEXT NOT NULL,
  corrects TEXT UNIQUE,
  issued_at INTEGER NOT NULL,
  document TEXT NOT NULL,
  ksef_status TEXT NOT NULL,
  ksef_number TEXT,
  ksef_reference TEXT,
  ksef_attempts INTEGER NOT NULL DEFAULT 0,
  ksef_error TEXT,
  ksef_next_at INTEGER,
  ksef_lease_until INTEGER,
  ksef_at INTEGER,
  UNIQUE (series, year, seq)
);
CREATE INDEX IF NOT EXISTS invoices_order ON invoices (order_id);
CREATE INDEX IF NOT EXISTS invoices_ksef ON invoices (ksef_status, ksef_next_at);
CREATE INDEX IF NOT EXISTS emails_order ON emails (order_id, created_at);
-- What VIES said of an order's EU VAT number, each check once (the first at the order, then each
-- re-check the buyer asks for): the evidence of a reverse charge (vat.ts).
CREATE TABLE IF NOT EXISTS vat_checks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL,
  status TEXT NOT NULL,
  country_code TEXT NOT NULL,
  vat_number TEXT NOT NULL,
  checked_at INTEGER NOT NULL,
  request_date TEXT,
  request_identifier TEXT,
  name TEXT,
  address TEXT,
  error TEXT
);
CREATE INDEX IF NOT EXISTS vat_checks_order ON vat_checks (order_id, id);
-- Staff with console tokens of their own (staff.ts): the token only as its SHA-256.
CREATE TABLE IF NOT EXISTS staff (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER,
  revoked_by TEXT
);
-- Every change made through the organisers' API with the verified identity (staff.ts), two years.
CREATE TABLE IF NOT EXISTS staff_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  role TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS staff_log_at ON staff_log (at);
-- Check-in lists (check-in.ts): what each door admits. The default lists are written at every
-- start (INSERT OR IGNORE), organisers add their own; products is a JSON array of product ids.
CREATE TABLE IF NOT EXISTS check_in_lists (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT,
  products TEXT NOT NULL,
  workshop_id TEXT,
  guests INTEGER NOT NULL DEFAULT 0,
  opens_at INTEGER,
  closes_at INTEGER,
  reentry INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL
);
-- Tickets invited to a list whatever their product (the gala's guests).
CREATE TABLE IF NOT EXISTS check_in_guests (
  list_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  added_by TEXT NOT NULL,
  PRIMARY KEY (list_id, ticket_id)
);
-- Every scan at every door, refused ones too: what counts is result 'admitted' or 'exited' and
-- not undone. at is when it happened (an offline door's own time), received_at when it
-- arrived; nonce makes a scan sent again the same scan; answer is what it was told, so that
-- it is told the same again. previous is the counted admission an 'already' or 'conflict' met.
CREATE TABLE IF NOT EXISTS scans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id TEXT NOT NULL,
  ticket_id TEXT,
  code TEXT NOT NULL,
  direction TEXT NOT NULL,
  at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  offline INTEGER NOT NULL DEFAULT 0,
  device TEXT,
  nonce TEXT,
  who TEXT NOT NULL,
  result TEXT NOT NULL,
  reason TEXT,
  previous INTEGER,
  answer TEXT NOT NULL,
  undone_at INTEGER,
  undone_by TEXT,
  undo_reason TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS scans_nonce ON scans (nonce) WHERE nonce IS NOT NULL;
CREATE INDEX IF NOT EXISTS scans_ticket ON scans (list_id, ticket_id, at);
CREATE INDEX IF NOT EXISTS scans_list ON scans (list_id, id);
-- A ticket holder's starred sessions (agenda.ts), under the ticket's code of the time: a ticket
-- given to another holder (a new code) starts with an empty agenda, as its old link stops.
CREATE TABLE IF NOT EXISTS agenda_stars (
  ticket_id TEXT NOT NULL,
  code TEXT NOT NULL,
  session_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (ticket_id, code, session_id)
);
-- The euro rate of each quarter's OSS return (oss-rates.ts): PLN per EUR as the ECB publishes it
-- (text, so no digit is lost), the day it is of, and where it came from ('ecb' or 'manual').
CREATE TABLE IF NOT EXISTS oss_rates (
  quarter TEXT PRIMARY KEY,
  rate TEXT NOT NULL,
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  by TEXT,
  at INTEGER NOT NULL
);
-- An organiser's answer to an OSS sale whose evidence did not back its billing country
-- (oss-report.ts): what they found, who, when. Once per sale.
CREATE TABLE IF NOT EXISTS oss_checks (
  order_id TEXT PRIMARY KEY,
  note TEXT NOT NULL,
  by TEXT NOT NULL,
  at INTEGER NOT NULL
);
`;

/**
 * A voucher's uses follow its tickets' places, as `held` does: a ticket made with it takes one, an
 * order that stops holding its places (expired, cancelled, refunded) gives its tickets' back, and one
 * that holds them again (a late payment) takes them again.
 */
const VOUCHER_TRIGGERS = `
CREATE TRIGGER IF NOT EXISTS ticket_voucher AFTER INSERT ON tickets
  WHEN NEW.voucher IS NOT NULL AND (SELECT status FROM orders WHERE id = NEW.order_id) IN ('pending', 'paid')
BEGIN
  UPDATE vouchers SET taken = taken + 1 WHERE code = NEW.voucher;
END;
CREATE TRIGGER IF NOT EXISTS order_voucher AFTER UPDATE OF status ON orders
  WHEN NEW.voucher IS NOT NULL AND (OLD.status IN ('pending', 'paid')) <> (NEW.status IN ('pending', 'paid'))
BEGIN
  UPDATE vouchers SET taken = taken + IIF(NEW.status IN ('pending', 'paid'), 1, -1)
    * (SELECT COUNT(*) FROM tickets WHERE order_id = NEW.id AND voucher = vouchers.code)
  WHERE code = NEW.voucher;
END;
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
  /** Only in rows from before tickets had rows of their own: the one ticket's check-in. */
  checked_in_at: number | null;
  /** When the buyer cancelled the paid order. */
  cancelled_at: number | null;
  /** When a payment arrived for this order after its place was gone: its refund is due. */
  late_paid_at: number | null;
  /** When a transfer order's reminder was queued (once, two days before its hold runs out). */
  reminded_at: number | null;
  /** The keyed hash (HMAC with the ticket key) of the client address that placed it (hold rules, holds.ts); null before there was one. */
  client: string | null;
  /** The voucher the order used (its code in capitals), or null. */
  voucher?: string | null;
  /** Why a free ticket is free (site/comps.ts), its batch and its partner's allotment; null for a bought one. */
  comp?: string | null;
  comp_batch?: string | null;
  allotment_id?: string | null;
  /** The version of the terms the buyer accepted (site/purchase-rules.ts); null before consent was recorded. */
  consent_terms: string | null;
  /** The version of the privacy policy the buyer accepted. */
  consent_privacy: string | null;
  /** When the buyer accepted them: the order's placing. */
  consent_at: number | null;
  /** The order's `OrderTax` as JSON (site/orders.ts): the buyer's country and its evidence; null before. */
  tax?: string | null;
  /** The country of the card that paid, as the payment provider reported it (evidence.ts); null when none. */
  card_country?: string | null;
};

/** A ticket as its row stores it. */
export type TicketRow = Pick<Ticket, 'id' | 'position' | 'name' | 'email' | 'net' | 'vat' | 'gross' | 'code'> & {
  order_id: string;
  product: string;
  /**
   * When the ticket was first admitted on any list, not undone: kept by check-in.ts in the scan's
   * transaction from the `scans` table, which is the record (a ticket admitted keeps its holder).
   */
  checked_in_at: number | null;
  updated_at: number;
  /** The voucher that priced it and its net before that (null without one). */
  voucher?: string | null;
  list_net?: number | null;
  /** Its VAT rate (site/invoices.ts `InvoiceVatRate` as text); null in rows from before it was kept. */
  vat_rate?: string | null;
  /** The holder's accessibility answers as JSON (site/orders.ts AccessNeeds), null when none. */
  access?: string | null;
};

/** An instant as the wire types write it. */
export const iso = (ms: number) => new Date(ms).toISOString();

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    orderId: row.order_id,
    position: row.position,
    product: row.product as ProductId,
    name: row.name,
    email: row.email,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
    code: row.code,
    checkedInAt: row.checked_in_at === null ? null : iso(row.checked_in_at),
    ...(row.voucher && row.list_net != null ? { voucher: row.voucher, listNet: row.list_net } : {}),
    vatRate: storedRate(row.vat_rate, row),
    ...(row.access ? { access: JSON.parse(row.access) as AccessNeeds } : {}),
  };
}

/** Invoice data as orders stored it before it had a structured address. */
type LegacyInvoice = { company: string; taxId: string; address: string };

/**
 * An order's invoice data as its row stores it. Orders from before the structured address kept
 * `{company, taxId, address}` (Polish companies only, the address as one line): they load as the
 * company's name and that line as the street, with no postal code or city, in Poland.
 */
export function toInvoiceData(stored: InvoiceData | LegacyInvoice): InvoiceData {
  if (!('company' in stored)) return stored;
  return { name: stored.company, taxId: stored.taxId, street: stored.address, postalCode: '', city: '', country: 'PL' };
}

/** An order with its tickets, in the cart's order. */
export function toOrder(row: OrderRow, tickets: TicketRow[]): Order {
  return {
    id: row.id,
    code: row.code,
    product: row.product as ProductId,
    tickets: tickets.map(toTicket),
    net: row.net,
    vat: row.vat,
    gross: row.gross,
    currency: 'PLN',
    email: row.email,
    name: row.name,
    lang: row.lang as Order['lang'],
    invoice: row.invoice ? toInvoiceData(JSON.parse(row.invoice)) : null,
    status: row.status as OrderStatus,
    provider: row.provider as Order['provider'],
    providerRef: row.provider_ref,
    holdUntil: iso(row.hold_until),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    paidAt: row.paid_at === null ? null : iso(row.paid_at),
    cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
    ...(row.voucher ? { voucher: row.voucher } : {}),
    ...(row.comp ? { comp: row.comp as CompReason } : {}),
    ...(row.tax ? { tax: withCard(JSON.parse(row.tax), row.card_country) } : {}),
    consent:
      row.consent_terms && row.consent_privacy && row.consent_at !== null
        ? { terms: row.consent_terms, privacy: row.consent_privacy, at: iso(row.consent_at) }
        : null,
  };
}

/** An order's tax with the card's country among its evidence, once the payment reported one. */
const withCard = (tax: OrderTax, card: string | null | undefined): OrderTax =>
  card ? { ...tax, evidence: { ...tax.evidence, card } } : tax;

/** An order's row, or null. */
export function orderRow(sql: SqlStorage, id: string): OrderRow | null {
  return sql.exec<OrderRow>('SELECT * FROM orders WHERE id = ?', id).toArray()[0] ?? null;
}

/** An order's ticket rows, in the cart's order. */
export function ticketRows(sql: SqlStorage, orderId: string): TicketRow[] {
  return sql.exec<TicketRow>('SELECT * FROM tickets WHERE order_id = ? ORDER BY position', orderId).toArray();
}

/**
 * The tickets of a page of orders at once, by order id: one read of the id range the page spans
 * (a page is consecutive in id order; a list of ids would meet SQLite's limit of bound values).
 */
export function ticketsOf(sql: SqlStorage, orderIds: string[]): Map<string, TicketRow[]> {
  const byOrder = new Map<string, TicketRow[]>(orderIds.map((id) => [id, []]));
  const sorted = [...orderIds].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return byOrder;
  const rows = sql
    .exec<TicketRow>('SELECT * FROM tickets WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position', first, last)
    .toArray();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/** An order with its tickets, or null. */
export function loadOrder(sql: SqlStorage, id: string): Order | null {
  const row = orderRow(sql, id);
  return row ? toOrder(row, ticketRows(sql, id)) : null;
}

/** The names of a table's columns (a migration adds those an older box office lacks). */
const columnsOf = (sql: SqlStorage, table: string) =>
  new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .toArray()
      .map((c) => c.name),
  );

/** Adds to `table` each of `columns` (name: SQL type) it lacks. */
export function addColumns(sql: SqlStorage, table: string, columns: Record<string, string>): void {
  const have = columnsOf(sql, table);
  for (const [name, type] of Object.entries(columns)) {
    if (!have.has(name)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
  }
}

/**
 * Makes the tables. A box office from before the `held` count, or from before tickets had rows of
 * their own, is brought up to date once: each older order becomes its one ticket (the order's id
 * and code, so that its QR code stays valid), its workshop seats that ticket's, and the places
 * are counted again per ticket.
 */
export function migrate(storage: DurableObjectStorage, options: { queueLeaseMs: number }): void {
  const sql = storage.sql;
  storage.transactionSync(() => {
    const tables = new Set(
      sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((t) => t.name),
    );
    sql.exec(SCHEMA);
    // Columns an older box office lacks; its rows keep nulls in them.
    addColumns(sql, 'orders', {
      late_paid_at: 'INTEGER',
      cancelled_at: 'INTEGER',
      reminded_at: 'INTEGER',
      client: 'TEXT',
      voucher: 'TEXT',
      // VAT by where and to whom (site/tax-rules.ts): the order's evidence of the buyer's country.
      tax: 'TEXT',
      // The third piece of evidence of the consumer's country, known only once the payment settles.
      card_country: 'TEXT',
      // Free tickets (comps.ts): the reason, the batch, and the partner's allotment when it is one.
      comp: 'TEXT',
      comp_batch: 'TEXT',
      allotment_id: 'TEXT',
      // Consent on record: orders placed before it keep nulls (the console says "not recorded").
      consent_terms: 'TEXT',
      consent_privacy: 'TEXT',
      consent_at: 'INTEGER',
    });
    addColumns(sql, 'tickets', {
      // A voucher's ticket: its code and its net before the discount (the invoice shows both).
      voucher: 'TEXT',
      list_net: 'INTEGER',
      // Each ticket's VAT rate (site/tax-rules.ts); null in older rows: 23% or reverse charge, as their VAT says.
      vat_rate: 'TEXT',
      // The holder's accessibility answers (the purchase's optional question), JSON; null when none.
      access: 'TEXT',
    });
    sql.exec(VOUCHER_TRIGGERS);
    sql.exec('CREATE INDEX IF NOT EXISTS orders_comp_batch ON orders (comp_batch) WHERE comp_batch IS NOT NULL');
    sql.exec('CREATE INDEX IF NOT EXISTS orders_allotment ON orders (allotment_id) WHERE allotment_id IS NOT NULL');
    // After the column, which an older box office gets just above.
    sql.exec("CREATE INDEX IF NOT EXISTS orders_pending_client ON orders (client) WHERE status = 'pending'");
    // E-mails queued before the queue had a lease: the alarm hands them over again if still unclaimed.
    sql.exec(
      "UPDATE emails SET lease_until = updated_at + ? WHERE status = 'queued' AND lease_until IS NULL",
      options.queueLeaseMs,
    );
    if (!tables.has('tickets') && tables.has('orders')) {
      sql.exec(
        `INSERT INTO tickets (id, order_id, position, product, name, email, net, vat, gross, code, checked_in_at, updated_at)
         SELECT id, id, 1, product, name, NULL, net, vat, gross, code, checked_in_at, updated_at FROM orders`,
      );
      if (tables.has('registrations')) {
        sql.exec(
          `INSERT INTO workshop_seats (workshop_id, ticket_id, order_id, created_at)
           SELECT workshop_id, order_id, order_id, created_at FROM registrations`,
        );
        sql.exec('DROP TABLE registrations');
      }
    }
    // The default lists (site/check-in.ts), each once: an organiser's change to one is kept.
    for (const list of defaultLists()) {
      sql.exec(
        `INSERT OR IGNORE INTO check_in_lists (id, kind, name, products, workshop_id, guests, opens_at, closes_at, reentry, created_at, created_by)
         VALUES (?, ?, NULL, ?, ?, ?, NULL, NULL, ?, 0, 'default')`,
        list.id,
        list.kind,
        JSON.stringify(list.products),
        list.workshopId,
        list.guests ? 1 : 0,
        list.reentry ? 1 : 0,
      );
    }
    if (!tables.has('scans')) {
      // Tickets checked in before there were lists: admitted on the entrance list, at that time.
      sql.exec(
        `INSERT INTO scans (list_id, ticket_id, code, direction, at, received_at, device, who, result, answer)
         SELECT 'entrance', id, code, 'in', checked_in_at, checked_in_at, 'migrated', 'migration', 'admitted', '{}'
         FROM tickets WHERE checked_in_at IS NOT NULL ORDER BY checked_in_at`,
      );
    }
    if (!tables.has('tickets') || !tables.has('held')) {
      sql.exec('DELETE FROM held');
      sql.exec(
        `INSERT INTO held (product, n) SELECT t.product, COUNT(*) FROM tickets t JOIN orders o ON o.id = t.order_id
         WHERE o.status IN ('pending', 'paid') GROUP BY t.product`,
      );
    }
  });
}
