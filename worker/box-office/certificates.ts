import type {
  CertificateBasis,
  CertificateCheck,
  CertificateDecision,
  CertificateFacts,
  CertificateRefusal,
  TicketCertificate,
} from '../../site/certificates';
import { EVENT_ENDS, type ProductId, product } from '../../site/tickets';
import { humanCode } from '../ids';
import { checkedIn, streamOpenedDuringEvent } from './attendance';
import type { Tx } from './context';
import { iso, loadOrder, orderRow, type TicketRow } from './schema';
import { ticketRow } from './tickets';

// Certificates of attendance (product decisions: on-site tickets checked in, online tickets that
// opened the stream during the event, and any ticket an organiser grants one to). A ticket's
// certificate exists from the end of the event. Its verification id is random (80 bits, so ids
// cannot be guessed or walked) and stored when the certificate is first given out, so that the
// public check page finds it; the check asks again whether it still holds (a withdrawal, a refund).
// Attendance is read through attendance.ts only: other branches change how it is recorded.

const SCHEMA = `
-- An organiser's decision on a ticket's certificate: granted (1) or withdrawn (0), the latest wins.
CREATE TABLE IF NOT EXISTS certificate_decisions (
  ticket_id TEXT PRIMARY KEY,
  granted INTEGER NOT NULL,
  by TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
-- Every decision, kept: who granted or withdrew which ticket's certificate, when and why.
CREATE TABLE IF NOT EXISTS certificate_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id TEXT NOT NULL,
  granted INTEGER NOT NULL,
  by TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS certificate_log_ticket ON certificate_log (ticket_id, seq);
-- Certificates given out: the verification id the check page is opened with.
CREATE TABLE IF NOT EXISTS certificates (
  id TEXT PRIMARY KEY,
  ticket_id TEXT NOT NULL UNIQUE,
  issued_at INTEGER NOT NULL
);
`;

/** Makes the certificates' tables (make-context.ts, after the schema's migration). */
export function certificateTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

type Eligibility = { qualifies: true; basis: CertificateBasis } | { qualifies: false; reason: CertificateRefusal };

/** Whether a ticket earned a certificate, the clock aside: a decision first, then attendance. */
function earned(sql: SqlStorage, ticket: TicketRow): Eligibility {
  const order = orderRow(sql, ticket.order_id);
  if (!order) return { qualifies: false, reason: 'not_found' };
  if (order.status !== 'paid') return { qualifies: false, reason: 'not_paid' };
  const decision = sql
    .exec<{ granted: number }>('SELECT granted FROM certificate_decisions WHERE ticket_id = ?', ticket.id)
    .toArray()[0];
  if (decision?.granted === 0) return { qualifies: false, reason: 'withdrawn' };
  if (decision?.granted === 1) return { qualifies: true, basis: 'granted' };
  const mode = product(ticket.product as ProductId).mode;
  if (mode === 'onsite' && checkedIn(sql, ticket.id)) return { qualifies: true, basis: 'checked_in' };
  if (mode === 'online' && streamOpenedDuringEvent(sql, ticket.id)) return { qualifies: true, basis: 'stream' };
  return { qualifies: false, reason: 'not_attended' };
}

/** Whether a ticket has a certificate at `now`: none before the event's end. */
function eligibility(sql: SqlStorage, ticketId: string, now: number): Eligibility & { ticket?: TicketRow } {
  const ticket = ticketRow(sql, ticketId);
  if (!ticket) return { qualifies: false, reason: 'not_found' };
  const found = earned(sql, ticket);
  if (found.qualifies && now < Date.parse(EVENT_ENDS)) return { qualifies: false, reason: 'before_end' };
  return { ...found, ticket };
}

const stored = (sql: SqlStorage, ticketId: string) =>
  sql
    .exec<{ id: string; issued_at: number }>('SELECT id, issued_at FROM certificates WHERE ticket_id = ?', ticketId)
    .toArray()[0];

/** A new verification id: 16 symbols in four groups, none given before. */
function newCertificateId(sql: SqlStorage): string {
  for (;;) {
    const id = humanCode(16).replace(/(.{4})(?=.)/g, '$1-');
    if (!sql.exec('SELECT 1 FROM certificates WHERE id = ?', id).toArray().length) return id;
  }
}

/**
 * A qualifying ticket's certificate at `now` (its verification id made and stored the first time,
 * so every later copy is the same document), or why there is none.
 */
export function issueCertificate(
  c: Tx,
  ticketId: string,
  now: number,
): CertificateFacts | { qualifies: false; reason: CertificateRefusal } {
  const found = eligibility(c.sql, ticketId, now);
  if (!found.qualifies || !found.ticket)
    return { qualifies: false, reason: found.qualifies ? 'not_found' : found.reason };
  const ticket = found.ticket;
  const order = loadOrder(c.sql, ticket.order_id);
  if (!order) return { qualifies: false, reason: 'not_found' };
  if (!stored(c.sql, ticketId)) {
    c.sql.exec(
      'INSERT INTO certificates (id, ticket_id, issued_at) VALUES (?, ?, ?)',
      newCertificateId(c.sql),
      ticketId,
      now,
    );
  }
  const given = stored(c.sql, ticketId) as { id: string; issued_at: number };
  // A one-ticket order's ticket without a name of its own is the buyer's.
  const single = order.tickets.length === 1;
  return {
    ticketId,
    orderId: order.id,
    holder: ticket.name ?? (single ? order.name : null),
    product: ticket.product as ProductId,
    mode: product(ticket.product as ProductId).mode,
    lang: order.lang,
    basis: found.basis,
    id: given.id,
    issuedAt: iso(given.issued_at),
  };
}

/** Each ticket of an order with its certificate at `now` or why it has none (the buyer's ZIP). */
export function issueOrderCertificates(c: Tx, orderId: string, now: number) {
  const order = loadOrder(c.sql, orderId);
  return (order?.tickets ?? []).map((ticket) => ({ ticket, certificate: issueCertificate(c, ticket.id, now) }));
}

/**
 * What the public check page says of a verification id at `now`: genuine (the holder's name,
 * nothing else of the person), withdrawn (by an organiser, or the order was refunded), or
 * unknown.
 */
export function checkCertificate(sql: SqlStorage, id: string, now: number): CertificateCheck {
  const row = sql.exec<{ ticket_id: string }>('SELECT ticket_id FROM certificates WHERE id = ?', id).toArray()[0];
  const ticket = row && ticketRow(sql, row.ticket_id);
  if (!ticket) return { state: 'unknown' };
  const found = eligibility(sql, ticket.id, now);
  if (!found.qualifies) return { state: 'withdrawn' };
  const order = loadOrder(sql, ticket.order_id);
  const single = order?.tickets.length === 1;
  return { state: 'valid', holder: ticket.name ?? (single ? (order?.name ?? null) : null) };
}

/**
 * An organiser grants (true) or withdraws (false) a ticket's certificate, with who and why; the
 * latest decision wins and every one is logged. False for no such ticket.
 */
export function decideCertificate(
  c: Tx,
  ticketId: string,
  granted: boolean,
  by: string,
  reason: string,
  now: number,
): boolean {
  const ticket = ticketRow(c.sql, ticketId);
  if (!ticket) return false;
  c.sql.exec(
    `INSERT INTO certificate_decisions (ticket_id, granted, by, reason, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (ticket_id) DO UPDATE SET granted = excluded.granted, by = excluded.by, reason = excluded.reason, at = excluded.at`,
    ticketId,
    granted ? 1 : 0,
    by,
    reason,
    now,
  );
  c.sql.exec(
    'INSERT INTO certificate_log (ticket_id, granted, by, reason, at) VALUES (?, ?, ?, ?, ?)',
    ticketId,
    granted ? 1 : 0,
    by,
    reason,
    now,
  );
  c.log(ticket.order_id, granted ? 'certificate_granted' : 'certificate_withdrawn', now, {
    ticketId,
    by,
    reason,
  });
  return true;
}

function certificateLog(sql: SqlStorage, ticketId: string): CertificateDecision[] {
  return sql
    .exec<{ granted: number; by: string; reason: string; at: number }>(
      'SELECT granted, by, reason, at FROM certificate_log WHERE ticket_id = ? ORDER BY seq',
      ticketId,
    )
    .toArray()
    .map((row) => ({ granted: row.granted === 1, by: row.by, reason: row.reason, at: iso(row.at) }));
}

/** Each ticket of an order with its certificate's state and log, for the console's order screen. */
export function orderCertificates(sql: SqlStorage, orderId: string): TicketCertificate[] {
  const order = loadOrder(sql, orderId);
  return (order?.tickets ?? []).map((ticket) => {
    const row = ticketRow(sql, ticket.id) as TicketRow;
    const found = earned(sql, row);
    return {
      ticketId: ticket.id,
      qualifies: found.qualifies,
      basis: found.qualifies ? found.basis : null,
      refusal: found.qualifies ? null : found.reason,
      id: stored(sql, ticket.id)?.id ?? null,
      log: certificateLog(sql, ticket.id),
    };
  });
}
