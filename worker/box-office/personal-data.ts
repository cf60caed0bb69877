import {
  DATA_MAP,
  type DataKindId,
  EMAIL_RETENTION_DAYS,
  retentionEnds,
  UNPAID_ORDER_RETENTION_DAYS,
} from '../../site/data-map';
import { STAFF_LOG_RETENTION_MS } from '../../site/staff';
import type { Tx } from './context';
import { orderHistory } from './intent-log';
import { invoicesOf } from './invoices';
import { emailsOf } from './outbox';
import { iso, type OrderRow, type TicketRow, toOrder } from './schema';
import { vatChecksOf } from './vat';
import { placesReturned } from './waitlist';

// One person's data in the box office, by e-mail address (docs/personal-data.md): what an export
// shows, what an erasure removes or anonymises and what it keeps for the tax law, and the retention
// rules the alarm runs. The kinds are those of the data map (site/data-map.ts); what lives outside
// the Durable Object (contact messages in KV) is handled in worker/personal-data.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The domain of an anonymised address: `.invalid` is reserved, so nothing is ever delivered there. */
export const ERASED_DOMAIN = 'erased.invalid';
/** The address an anonymised order or allotment keeps (the column may not be empty). */
export const erasedAddress = (id: string) => `erased-${id.toLowerCase()}@${ERASED_DOMAIN}`;
/** How often the alarm looks for data past its period. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

const RETENTION_TABLE = `
CREATE TABLE IF NOT EXISTS retention_runs (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_at INTEGER NOT NULL
);`;

/** Makes the retention's table (make-context.ts, after the schema's migration). */
/** The ids a query selects (`SELECT id ...`), in its order. */
const idsOf = (sql: SqlStorage, query: string, ...bindings: SqlStorageValue[]) =>
  sql
    .exec<{ id: string }>(query, ...bindings)
    .toArray()
    .map((row) => row.id);

export function personalDataTables(sql: SqlStorage): void {
  sql.exec(RETENTION_TABLE);
}

/** An address as it is compared: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** What the box office holds for one address, per kind of the data map it keeps. */
export type BoxOfficeExport = Partial<Record<DataKindId, unknown[]>>;

const ordersOf = (sql: SqlStorage, email: string) =>
  sql.exec<OrderRow>('SELECT * FROM orders WHERE lower(email) = ? ORDER BY id', email).toArray();
const ticketsHeldBy = (sql: SqlStorage, email: string) =>
  sql.exec<TicketRow>('SELECT * FROM tickets WHERE lower(email) = ? ORDER BY order_id, position', email).toArray();
const ticketsOfOrder = (sql: SqlStorage, orderId: string) =>
  sql.exec<TicketRow>('SELECT * FROM tickets WHERE order_id = ? ORDER BY position', orderId).toArray();
const neverPaid = (row: OrderRow) => row.paid_at === null && row.status !== 'pending' && row.status !== 'paid';
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/**
 * The tickets that are this person's: those with their address, and in their own orders those
 * with no address of their own whose name is the buyer's (the buyer's own ticket). A ticket the
 * buyer named for someone else is that person's data, not the buyer's.
 */
function ownTickets(sql: SqlStorage, email: string, orders: OrderRow[]): TicketRow[] {
  const byId = new Map(ticketsHeldBy(sql, email).map((t) => [t.id, t]));
  for (const order of orders) {
    for (const ticket of ticketsOfOrder(sql, order.id)) {
      if (ticket.email === null && (ticket.name === null || ticket.name === order.name)) byId.set(ticket.id, ticket);
    }
  }
  return [...byId.values()];
}

/**
 * The person's cancelled tickets, by the same rule as `ownTickets`: a cancelled ticket keeps its
 * holder's name and address for the refund's and the invoice correction's sake.
 */
function ownCancelledTickets(sql: SqlStorage, email: string, orders: OrderRow[]): TicketRow[] {
  const orderIds = new Map(orders.map((o) => [o.id, o]));
  return sql
    .exec<TicketRow>('SELECT * FROM cancelled_tickets ORDER BY order_id, position')
    .toArray()
    .filter((t) => {
      if (t.email !== null) return normaliseEmail(t.email) === email;
      const order = orderIds.get(t.order_id);
      return order !== undefined && (t.name === null || t.name === order.name);
    });
}

/** Orders with a sale taxed under OSS (a ticket or a cancelled one at `oss:<country>:<rate>`). */
const OSS_SALE = `(EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = orders.id AND t.vat_rate LIKE 'oss:%')
  OR EXISTS (SELECT 1 FROM cancelled_tickets t WHERE t.order_id = orders.id AND t.vat_rate LIKE 'oss:%'))`;
const ossSaleIds = (sql: SqlStorage, ids: string[]) =>
  new Set(
    idsOf(
      sql,
      `SELECT id FROM orders WHERE id IN (SELECT value FROM json_each(?)) AND ${OSS_SALE}`,
      JSON.stringify(ids),
    ),
  );

/** Everything the box office holds for `email`, by kind. */
export function exportPersonalData(c: Tx, rawEmail: string): BoxOfficeExport {
  const sql = c.sql;
  const email = normaliseEmail(rawEmail);
  const orders = ordersOf(sql, email);
  const tickets = ownTickets(sql, email, orders);
  const ticketIds = JSON.stringify(tickets.map((t) => t.id));
  const inTickets = (table: string, columns: string) =>
    sql
      .exec(`SELECT ${columns} FROM ${table} WHERE ticket_id IN (SELECT value FROM json_each(?))`, ticketIds)
      .toArray()
      .map(plain);
  const ofOrder = (table: string, columns: string, orderId: string) =>
    sql.exec(`SELECT ${columns} FROM ${table} WHERE order_id = ?`, orderId).toArray().map(plain);
  const orderView = (row: OrderRow) => ({
    ...plain(toOrder(row, ticketsOfOrder(sql, row.id))),
    history: plain(orderHistory(sql, row.id)),
    refundsOwed: ofOrder('refunds_owed', '*', row.id),
    transfers: ofOrder('statement_credits', 'kind, state, booked_on, amount, title, reference, returned_on', row.id),
  });
  const oss = ossSaleIds(
    sql,
    orders.map((o) => o.id),
  );
  const emailRows = sql
    .exec<{ id: number; order_id: string; kind: string; status: string; data: string | null; created_at: number }>(
      `SELECT id, order_id, kind, status, data, created_at FROM emails
        WHERE order_id IN (SELECT value FROM json_each(?)) OR (kind = 'news' AND lower(data) = ?) ORDER BY id`,
      JSON.stringify(orders.map((o) => o.id)),
      email,
    )
    .toArray();
  return {
    orders: orders.filter((o) => !neverPaid(o)).map(orderView),
    unpaidOrders: orders.filter(neverPaid).map(orderView),
    holders: [
      ...tickets.map((t) => ({
        ticket: t.id,
        order: t.order_id,
        product: t.product,
        name: t.name,
        email: t.email,
        workshops: sql
          .exec('SELECT workshop_id AS workshop, created_at FROM workshop_seats WHERE ticket_id = ?', t.id)
          .toArray()
          .map(plain),
        agenda: sql
          .exec<{ session_id: string }>('SELECT session_id FROM agenda_stars WHERE ticket_id = ?', t.id)
          .toArray()
          .map((s) => s.session_id),
      })),
      // A cancelled ticket keeps its holder for its refund and its invoice's correction.
      ...ownCancelledTickets(sql, email, orders).map((t) => ({
        ticket: t.id,
        order: t.order_id,
        product: t.product,
        name: t.name,
        email: t.email,
        cancelled: true,
      })),
    ],
    invoices: orders.flatMap((o) => [
      ...invoicesOf(sql, o.id).map(plain),
      ...vatChecksOf(sql, o.id).map((check) => plain({ vatCheck: check, order: o.id })),
    ]),
    ossSales: orders
      .filter((o) => oss.has(o.id))
      .map((o) => ({ order: o.id, tax: o.tax ? JSON.parse(o.tax) : null, cardCountry: o.card_country ?? null })),
    consent: orders
      .filter((o) => o.consent_at !== null)
      .map((o) => ({ order: o.id, terms: o.consent_terms, privacy: o.consent_privacy, at: iso(o.consent_at ?? 0) })),
    vouchers: [
      ...orders.filter((o) => o.voucher).map((o) => ({ order: o.id, voucher: o.voucher ?? null })),
      ...tickets
        .filter((t) => t.voucher)
        .map((t) => ({ ticket: t.id, voucher: t.voucher ?? null, listNet: t.list_net ?? null })),
    ],
    checkIns: inTickets('scans', 'list_id, ticket_id, direction, at, result, undone_at'),
    streamOpenings: inTickets('stream_openings', 'ticket_id, opened_at, target'),
    certificates: inTickets('certificates', 'id, ticket_id, issued_at'),
    emails: emailRows.map((e) => ({
      ...plain(emailsOf(sql, e.order_id).find((r) => r.id === e.id) ?? { id: e.id, kind: e.kind, status: e.status }),
      subject: e.order_id,
      createdAt: iso(e.created_at),
      data: e.data,
    })),
    newsRecipients: sql
      .exec('SELECT news_id, address, lang, state FROM news_recipients WHERE lower(address) = ?', email)
      .toArray()
      .map(plain),
    partnerContacts: sql
      .exec('SELECT id, partner, email, tier, lang, created_at FROM allotments WHERE lower(email) = ?', email)
      .toArray()
      .map(plain),
    waitingList: waitlistOf(sql, email),
    staffLog: sql
      .exec(
        'SELECT seq, at, actor, role, method, path, status, detail FROM staff_log WHERE lower(detail) LIKE ?',
        `%${likeEscape(email)}%`,
      )
      .toArray()
      .map(plain),
  };
}

/** The person's waiting-list entries with their offers (the codes name nobody else's data). */
function waitlistOf(sql: SqlStorage, email: string): unknown[] {
  return sql
    .exec<{ id: string }>(
      `SELECT id, product, workshop_id AS workshop, ticket_id AS ticket, email, name, lang, state, created_at, confirmed_at
         FROM waitlist WHERE lower(email) = ? ORDER BY id`,
      email,
    )
    .toArray()
    .map((entry) => ({
      ...plain(entry),
      offers: sql
        .exec(
          `SELECT id, voucher AS code, state, offered_at, expires_at, closed_at, order_id
             FROM waitlist_offers WHERE entry_id = ? ORDER BY id`,
          entry.id,
        )
        .toArray()
        .map(plain),
    }));
}

/**
 * Deletes waiting-list entries with their offers (and the e-mails about them). An open offer
 * nobody is paying with is withdrawn first, its code voided, and its place goes to the next person;
 * an open offer in a checkout stays with that order (the entry's data goes all the same).
 */
function deleteWaitlist(c: Tx, ids: string[], now: number): number {
  if (!ids.length) return 0;
  const list = JSON.stringify(ids);
  const offers = c.sql
    .exec<{ id: string; voucher: string }>(
      'SELECT id, voucher FROM waitlist_offers WHERE entry_id IN (SELECT value FROM json_each(?))',
      list,
    )
    .toArray();
  for (const offer of offers) {
    c.sql.exec(
      'UPDATE vouchers SET ended_at = ? WHERE code = ? AND ended_at IS NULL AND taken = 0',
      now,
      offer.voucher,
    );
  }
  c.sql.exec(
    `DELETE FROM emails WHERE order_id IN (SELECT value FROM json_each(?))
        OR order_id IN (SELECT id FROM waitlist_offers WHERE entry_id IN (SELECT value FROM json_each(?)))`,
    list,
    list,
  );
  c.sql.exec('DELETE FROM waitlist_offers WHERE entry_id IN (SELECT value FROM json_each(?))', list);
  const n = changed(c.sql, 'DELETE FROM waitlist WHERE id IN (SELECT value FROM json_each(?))', list);
  placesReturned(c, now);
  return n;
}

/** Runs a statement; returns how many rows it changed (SQLite's own count, indexes aside). */
function changed(sql: SqlStorage, query: string, ...bindings: unknown[]): number {
  sql.exec(query, ...bindings);
  return sql.exec<{ n: number }>('SELECT changes() AS n').one().n;
}

const likeEscape = (text: string) => text.replace(/[%_]/g, '');

/** What an erasure did, per kind: how many records were deleted, anonymised or kept. */
export type ErasureReport = Partial<Record<DataKindId, { deleted?: number; anonymised?: number; kept?: number }>>;

/** An erasure the box office refuses: an order still waits for its payment. */
export type ErasureRefusal = { kind: 'pending_orders'; orders: string[] };

/**
 * Removes from a log entry's data what names a person: the `email` and `name` fields, and any value
 * that is one of `values` (an address, a name). Amounts, products and references stay.
 */
function scrub(value: unknown, values: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return values.has(value.trim().toLowerCase()) ? '[erased]' : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'email' && key !== 'name')
        .map(([key, v]) => [key, scrub(v, values)]),
    );
  }
  return value;
}

/** Rewrites an order's log without `values`; its KV copy is written again by the next alarm. */
function scrubLog(sql: SqlStorage, orderId: string, values: ReadonlySet<string>): void {
  const rows = sql
    .exec<{ seq: number; data: string }>('SELECT seq, data FROM log WHERE order_id = ?', orderId)
    .toArray();
  for (const row of rows) {
    const data = JSON.stringify(scrub(JSON.parse(row.data), values));
    if (data !== row.data) sql.exec('UPDATE log SET data = ?, exported = 0 WHERE seq = ?', data, row.seq);
  }
}

/** Anonymises an order's buyer: keeps what the tax law asks (amounts, dates, payment, invoice data). */
function anonymiseOrder(sql: SqlStorage, row: OrderRow, hasInvoice: boolean): void {
  sql.exec(
    'UPDATE orders SET email = ?, name = NULL, client = NULL, invoice = IIF(?, invoice, NULL) WHERE id = ?',
    erasedAddress(row.id),
    hasInvoice ? 1 : 0,
    row.id,
  );
  const names = [row.email, row.name].filter((v): v is string => Boolean(v)).map(normaliseEmail);
  scrubLog(sql, row.id, new Set(names));
}

/** Removes a holder from tickets, with what only that holder's ticket had (agenda, scans, certificates). */
function anonymiseTickets(
  sql: SqlStorage,
  ids: string[],
): Record<'holders' | 'checkIns' | 'streamOpenings' | 'certificates', number> {
  const list = JSON.stringify(ids);
  const where = 'ticket_id IN (SELECT value FROM json_each(?))';
  const holders = changed(
    sql,
    'UPDATE tickets SET name = NULL, email = NULL WHERE id IN (SELECT value FROM json_each(?)) AND (name IS NOT NULL OR email IS NOT NULL)',
    list,
  );
  sql.exec(`DELETE FROM agenda_stars WHERE ${where}`, list);
  const checkIns = changed(sql, `DELETE FROM scans WHERE ${where}`, list);
  const streamOpenings = changed(sql, `DELETE FROM stream_openings WHERE ${where}`, list);
  const certificates = changed(sql, `DELETE FROM certificates WHERE ${where}`, list);
  sql.exec(`DELETE FROM certificate_decisions WHERE ${where}`, list);
  sql.exec(`DELETE FROM certificate_log WHERE ${where}`, list);
  return { holders, checkIns, streamOpenings, certificates };
}

/** Removes the holder from cancelled tickets (their amounts and rates stay with the order's records). */
const anonymiseCancelledTickets = (sql: SqlStorage, ids: string[]) =>
  changed(
    sql,
    `UPDATE cancelled_tickets SET name = NULL, email = NULL
      WHERE id IN (SELECT value FROM json_each(?)) AND (name IS NOT NULL OR email IS NOT NULL)`,
    JSON.stringify(ids),
  );

/**
 * Erases what the box office holds for `email` that the law lets go, in one transaction: orders'
 * buyer data anonymised (amounts, products, dates, payment references, consent and voucher records
 * kept for the tax law and accountability), invoices and VAT checks kept, the person's tickets
 * unnamed with their agenda, scans, stream openings and certificates deleted, news recipients
 * deleted, e-mail data removed, a partner contact's address anonymised. The staff log keeps its
 * entries with the address masked. Refused while an order of the address waits for its payment.
 */
export function erasePersonalData(c: Tx, rawEmail: string, now = Date.now()): ErasureReport | ErasureRefusal {
  const sql = c.sql;
  const email = normaliseEmail(rawEmail);
  const orders = ordersOf(sql, email);
  const pending = orders.filter((o) => o.status === 'pending').map((o) => o.id);
  if (pending.length) return { kind: 'pending_orders', orders: pending };
  // An order never paid is over: its tickets' names serve nobody, whoever they name.
  const tickets = [
    ...ownTickets(sql, email, orders),
    ...orders.filter(neverPaid).flatMap((o) => ticketsOfOrder(sql, o.id)),
  ].filter((t, i, all) => all.findIndex((u) => u.id === t.id) === i);
  const report: ErasureReport = {};
  let invoices = 0;
  for (const order of orders) {
    const issued = invoicesOf(sql, order.id).length;
    invoices += issued;
    anonymiseOrder(sql, order, issued > 0);
  }
  const paid = orders.filter((o) => !neverPaid(o)).length;
  if (paid) report.orders = { anonymised: paid };
  if (orders.length - paid) report.unpaidOrders = { anonymised: orders.length - paid };
  if (invoices) report.invoices = { kept: invoices };
  const consent = orders.filter((o) => o.consent_at !== null).length;
  if (consent) report.consent = { kept: consent };
  const vouchers = orders.filter((o) => o.voucher).length;
  if (vouchers) report.vouchers = { kept: vouchers };
  const t = anonymiseTickets(
    sql,
    tickets.map((ticket) => ticket.id),
  );
  const cancelled = [
    ...ownCancelledTickets(sql, email, orders),
    ...sql
      .exec<TicketRow>(
        'SELECT * FROM cancelled_tickets WHERE order_id IN (SELECT value FROM json_each(?))',
        JSON.stringify(orders.filter(neverPaid).map((o) => o.id)),
      )
      .toArray(),
  ];
  const holders =
    t.holders +
    anonymiseCancelledTickets(
      sql,
      cancelled.map((ticket) => ticket.id),
    );
  if (holders) report.holders = { anonymised: holders };
  const ossSales = ossSaleIds(
    sql,
    orders.map((o) => o.id),
  ).size;
  if (ossSales) report.ossSales = { kept: ossSales };
  if (t.checkIns) report.checkIns = { deleted: t.checkIns };
  if (t.streamOpenings) report.streamOpenings = { deleted: t.streamOpenings };
  if (t.certificates) report.certificates = { deleted: t.certificates };
  const emails = changed(
    sql,
    `UPDATE emails SET data = NULL, error = NULL
      WHERE (order_id IN (SELECT value FROM json_each(?)) AND (data IS NOT NULL OR error IS NOT NULL))
         OR (kind = 'news' AND lower(data) = ?)`,
    JSON.stringify(orders.map((o) => o.id)),
    email,
  );
  if (emails) report.emails = { deleted: emails };
  const news = changed(sql, 'DELETE FROM news_recipients WHERE lower(address) = ?', email);
  if (news) report.newsRecipients = { deleted: news };
  const partners = sql.exec<{ id: string }>('SELECT id FROM allotments WHERE lower(email) = ?', email).toArray();
  for (const a of partners) sql.exec('UPDATE allotments SET email = ? WHERE id = ?', erasedAddress(a.id), a.id);
  if (partners.length) report.partnerContacts = { anonymised: partners.length };
  const waiting = idsOf(sql, 'SELECT id FROM waitlist WHERE lower(email) = ?', email);
  const waitlistDeleted = deleteWaitlist(c, waiting, now);
  if (waitlistDeleted) report.waitingList = { deleted: waitlistDeleted };
  const logged = sql
    .exec<{ seq: number; detail: string }>(
      'SELECT seq, detail FROM staff_log WHERE lower(detail) LIKE ?',
      `%${likeEscape(email)}%`,
    )
    .toArray();
  for (const entry of logged) {
    sql.exec(
      'UPDATE staff_log SET detail = ? WHERE seq = ?',
      replaceAll(entry.detail, email, maskEmail(email)),
      entry.seq,
    );
  }
  if (logged.length) report.staffLog = { kept: logged.length };
  // The log's rewritten entries reach KV with the alarm's next copy.
  if (orders.length) c.scheduleAlarm(Date.now());
  return report;
}

/** `erasePersonalData` on the real clock: the class's call, whose callers set no time. */
export const erasePersonalDataNow = (c: Tx, email: string) => erasePersonalData(c, email);

const replaceAll = (text: string, find: string, by: string) =>
  text.replace(new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), by);

/** An address as the staff log keeps it: enough to recognise, not enough to read (`a•••@example.com`). */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normaliseEmail(email).split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** What one retention run removed, per kind. */
export type RetentionReport = Partial<Record<DataKindId, number>>;

/**
 * Whether the alarm should look for data past its period now (once an hour at most), noting the run
 * when it should. A clock set back (a test's) runs it again.
 */
export function retentionDue(sql: SqlStorage, now: number): boolean {
  const last = sql.exec<{ last_at: number }>('SELECT last_at FROM retention_runs WHERE id = 1').toArray()[0]?.last_at;
  if (last !== undefined && now < last + RETENTION_INTERVAL_MS && now >= last) return false;
  sql.exec(
    'INSERT INTO retention_runs (id, last_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_at = excluded.last_at',
    now,
  );
  return true;
}

/**
 * Removes from the box office what has passed its period (site/data-map.ts) at `now`, in one
 * transaction. Contact messages, which live in KV, are removed by `expireMessages`
 * (worker/personal-data.ts), which the alarm runs after this.
 */
export function applyRetention(c: Tx, now: number): RetentionReport {
  return c.transaction(() => {
    const sql = c.sql;
    const report: RetentionReport = {};
    const note = (kind: DataKindId, n: number) => {
      if (n) report[kind] = (report[kind] ?? 0) + n;
    };
    // Orders and invoices: after five years from the end of the event's year, all of it goes, and the
    // bank statements' credits with them. A sale taxed under OSS keeps its tax records for ten years:
    // at five its buyer goes, as an erasure takes them.
    if (now >= retentionEnds('orders')) {
      const ids = idsOf(sql, "SELECT id FROM orders WHERE status <> 'pending'");
      const oss = now >= retentionEnds('ossSales') ? new Set<string>() : ossSaleIds(sql, ids);
      note(
        'orders',
        deleteOrders(
          sql,
          ids.filter((id) => !oss.has(id)),
        ),
      );
      note('orders', changed(sql, 'DELETE FROM statement_credits WHERE order_id IS NULL'));
      const buyers = sql
        .exec<OrderRow>(
          'SELECT * FROM orders WHERE id IN (SELECT value FROM json_each(?)) AND email NOT LIKE ?',
          JSON.stringify([...oss]),
          `%@${ERASED_DOMAIN}`,
        )
        .toArray();
      for (const order of buyers) anonymiseOrder(sql, order, invoicesOf(sql, order.id).length > 0);
      note('orders', buyers.length);
      if (now >= retentionEnds('ossSales')) note('ossSales', ossSaleIds(sql, ids).size);
    }
    // Orders never paid: the buyer's data ninety days after the hold ended.
    const unpaid = sql
      .exec<OrderRow>(
        `SELECT * FROM orders WHERE paid_at IS NULL AND status IN ('expired', 'cancelled') AND updated_at <= ?
           AND email NOT LIKE ?`,
        now - UNPAID_ORDER_RETENTION_DAYS * DAY_MS,
        `%@${ERASED_DOMAIN}`,
      )
      .toArray();
    for (const order of unpaid) {
      anonymiseOrder(sql, order, false);
      sql.exec('UPDATE tickets SET name = NULL, email = NULL WHERE order_id = ?', order.id);
    }
    note('unpaidOrders', unpaid.length);
    // Holders, what their tickets did (scans, stream openings, certificates) and partner contacts:
    // a month after the last access a ticket gives.
    if (now >= retentionEnds('holders')) {
      const ids = idsOf(sql, 'SELECT id FROM tickets');
      const done = anonymiseTickets(sql, ids);
      note('holders', done.holders);
      note('holders', anonymiseCancelledTickets(sql, idsOf(sql, 'SELECT id FROM cancelled_tickets')));
      note('checkIns', done.checkIns);
      note('streamOpenings', done.streamOpenings);
      note('certificates', done.certificates);
      sql.exec('DELETE FROM check_in_guests');
      const partners = sql
        .exec<{ id: string }>('SELECT id FROM allotments WHERE email NOT LIKE ?', `%@${ERASED_DOMAIN}`)
        .toArray();
      for (const a of partners) sql.exec('UPDATE allotments SET email = ? WHERE id = ?', erasedAddress(a.id), a.id);
      note('partnerContacts', partners.length);
    }
    // The waiting list: a month after the event's end nothing more can be offered from it.
    if (now >= retentionEnds('waitingList')) {
      const ids = idsOf(sql, 'SELECT id FROM waitlist');
      note('waitingList', deleteWaitlist(c, ids, now));
    }
    // E-mails: what a sent (or given up) e-mail carried, ninety days after it was made.
    const emailsBefore = now - EMAIL_RETENTION_DAYS * DAY_MS;
    note(
      'emails',
      changed(
        sql,
        `UPDATE emails SET data = NULL, error = NULL
          WHERE created_at <= ? AND status IN ('sent', 'failed') AND (data IS NOT NULL OR error IS NOT NULL)`,
        emailsBefore,
      ),
    );
    note(
      'newsRecipients',
      changed(
        sql,
        `DELETE FROM news_recipients WHERE news_id IN
           (SELECT id FROM news WHERE status IN ('sent', 'cancelled') AND COALESCE(finished_at, updated_at) <= ?)`,
        emailsBefore,
      ),
    );
    note('staffLog', changed(sql, 'DELETE FROM staff_log WHERE at < ?', now - STAFF_LOG_RETENTION_MS));
    return report;
  });
}

/** Deletes orders with everything that hangs on them; the invoice series' counters stay (no gap). */
function deleteOrders(sql: SqlStorage, ids: string[]): number {
  if (!ids.length) return 0;
  const list = JSON.stringify(ids);
  const inOrders = 'IN (SELECT value FROM json_each(?))';
  const tickets = JSON.stringify(idsOf(sql, `SELECT id FROM tickets WHERE order_id ${inOrders}`, list));
  anonymiseTickets(sql, JSON.parse(tickets) as string[]);
  for (const table of ['workshop_seats', 'check_in_guests'])
    sql.exec(`DELETE FROM ${table} WHERE ticket_id ${inOrders}`, tickets);
  sql.exec(`DELETE FROM retired_codes WHERE ticket_id ${inOrders}`, tickets);
  for (const table of [
    'invoices',
    'cancelled_tickets',
    'refunds_owed',
    'statement_credits',
    'oss_checks',
    'vat_checks',
    'log',
    'emails',
    'refund_claims',
    'vat_corrections',
    'idempotency',
    'tickets',
  ]) {
    sql.exec(`DELETE FROM ${table} WHERE order_id ${inOrders}`, list);
  }
  const n = changed(sql, `DELETE FROM orders WHERE id ${inOrders}`, list);
  // The places of deleted orders: counted again from what is left, as the migration does.
  sql.exec('DELETE FROM held');
  sql.exec(
    `INSERT INTO held (product, n) SELECT t.product, COUNT(*) FROM tickets t JOIN orders o ON o.id = t.order_id
     WHERE o.status IN ('pending', 'paid') GROUP BY t.product`,
  );
  return n;
}

/** The kinds the box office answers for (the rest live in KV: worker/personal-data.ts). */
export const BOX_OFFICE_KINDS = (Object.keys(DATA_MAP) as DataKindId[]).filter((kind) => kind !== 'messages');
