import type {
  CheckInList,
  CheckInListStats,
  RefusalReason,
  ScanAnswer,
  ScanDirection,
  ScannedTicket,
  ScanRecord,
  ScanResult,
} from '../../site/check-in';
import type { OrderStatus } from '../../site/orders';
import { type ProductId, product } from '../../site/tickets';
import { codeOf, ticketCodeMatches } from '../tickets/code';
import type { Tx } from './context';
import { iso, type OrderRow, orderRow, type TicketRow } from './schema';
import { ticketRow } from './tickets';

// The door's decision on a scanned code, per check-in list (schema.ts `check_in_lists`, `scans`,
// `tickets`, `retired_codes`). A ticket is admitted once per list (unless the list allows
// re-entry), by the code it has now; a code retired by a change of holder admits nobody from the
// moment the change is stored. The rule that keeps both true when a change of holder races a
// scan: the box office decides the scan in one transaction, and a ticket already admitted on any
// list keeps its holder (`reissueTicket` refuses the change while `tickets.checked_in_at`, kept
// here in the scan's transaction, is set), so a scan and a change are ordered one way or the other
// and never both succeed: either the old holder is in and the change is refused, or the change is
// made and the old code is refused while the new holder's code admits them.
//
// Offline doors admit on their own and send their scans later with their own time and a nonce.
// A nonce seen before answers what it was answered and records nothing. Two admissions of one
// ticket on one list by different devices, one of them offline, both happened at a door already:
// the first by its own time counts, the other is recorded as a `conflict` (logged, listed in the
// console), never refused after the fact and never lost.

/** What a code's first eight symbols name: the ticket that has it now, or the ticket that had it. */
type Named = { ticketId: string; current: boolean };

function named(sql: SqlStorage, code: string): Named | null {
  const ticket = sql.exec<{ id: string }>('SELECT id FROM tickets WHERE code = ?', code).toArray()[0];
  if (ticket) return { ticketId: ticket.id, current: true };
  const retired = sql
    .exec<{ ticket_id: string }>('SELECT ticket_id FROM retired_codes WHERE code = ?', code)
    .toArray()[0];
  return retired ? { ticketId: retired.ticket_id, current: false } : null;
}

/**
 * The ticket whose signature a scanned code carries (the code it has now or a code it had), or
 * null for a code no ticket signed. Checked before the decision: a signature depends on the
 * ticket's id alone, never on what the box office holds, so it stays true whatever happens while
 * the key works; what the code names is read again in the decision's transaction.
 */
export async function signedBy(sql: SqlStorage, canonical: string, key: string): Promise<string | null> {
  const code = codeOf(canonical);
  const found = named(sql, code);
  if (!found) return null;
  return (await ticketCodeMatches(key, canonical, { id: found.ticketId, code })) ? found.ticketId : null;
}

/** One scan as a door sends it. `at` is an offline scan's own time (null: decided now, online). */
export type ScanRequest = {
  /** The code as normalised (`normaliseTicketCode`), or null when it is not a code at all. */
  canonical: string | null;
  /** What was read, kept for the record. */
  given: string;
  list: string;
  direction: ScanDirection;
  device: string | null;
  nonce: string | null;
  at: number | null;
  who: string;
};

/** A scan's outcome: its answer, or a nonce already used for another scan, or no such list. */
export type ScanOutcome =
  | { kind: 'answer'; answer: ScanAnswer; replayed: boolean }
  | { kind: 'nonce_reused'; scan: number }
  | { kind: 'unknown_list' };

type ListRow = {
  id: string;
  kind: string;
  name: string | null;
  products: string;
  workshop_id: string | null;
  guests: number;
  opens_at: number | null;
  closes_at: number | null;
  reentry: number;
};

type ScanRow = {
  id: number;
  list_id: string;
  ticket_id: string | null;
  code: string;
  direction: ScanDirection;
  at: number;
  received_at: number;
  offline: number;
  device: string | null;
  nonce: string | null;
  who: string;
  result: ScanResult;
  reason: RefusalReason | null;
  previous: number | null;
  answer: string;
  undone_at: number | null;
  undone_by: string | null;
  undo_reason: string | null;
};

const toList = (row: ListRow): CheckInList => ({
  id: row.id,
  kind: row.kind as CheckInList['kind'],
  name: row.name,
  products: JSON.parse(row.products) as ProductId[],
  workshopId: row.workshop_id,
  guests: row.guests === 1,
  opensAt: row.opens_at === null ? null : iso(row.opens_at),
  closesAt: row.closes_at === null ? null : iso(row.closes_at),
  reentry: row.reentry === 1,
});

/** One list as stored, or null: what an offline door's list is made by (door-list.ts). */
export function checkInList(sql: SqlStorage, id: string): CheckInList | null {
  const row = listRow(sql, id);
  return row ? toList(row) : null;
}

function listRow(sql: SqlStorage, id: string): ListRow | null {
  return sql.exec<ListRow>('SELECT * FROM check_in_lists WHERE id = ?', id).toArray()[0] ?? null;
}

function scanByNonce(sql: SqlStorage, nonce: string): ScanRow | null {
  return sql.exec<ScanRow>('SELECT * FROM scans WHERE nonce = ?', nonce).toArray()[0] ?? null;
}

/** The same nonce again: the answer it had, when it is the same scan; else the nonce is not this scan's. */
function replay(sql: SqlStorage, scan: ScanRequest): ScanOutcome | null {
  const seen = scan.nonce === null ? null : scanByNonce(sql, scan.nonce);
  if (!seen) return null;
  const same = seen.list_id === scan.list && seen.direction === scan.direction && seen.code === codeFor(scan);
  return same
    ? { kind: 'answer', answer: JSON.parse(seen.answer) as ScanAnswer, replayed: true }
    : { kind: 'nonce_reused', scan: seen.id };
}

/** What a scan is recorded under: the normalised code, or what was read when it is none. */
const codeFor = (scan: ScanRequest) => scan.canonical ?? scan.given.slice(0, 100);

function scannedTicket(ticket: TicketRow, order: OrderRow, tickets: number): ScannedTicket {
  return {
    id: ticket.id,
    code: ticket.code,
    product: ticket.product as ProductId,
    // The holder; a ticket without a name of its own is the buyer's.
    name: ticket.name ?? order.name,
    email: ticket.email ?? order.email,
    position: ticket.position,
    orderCode: order.code,
    tickets,
  };
}

/** Why `list` does not admit `ticket` at `at`, or null when it does. */
function refusal(sql: SqlStorage, list: ListRow, ticket: TicketRow, at: number): RefusalReason | null {
  if (product(ticket.product as ProductId).mode === 'online') return 'online_ticket';
  if (list.workshop_id !== null) {
    const seat = sql
      .exec('SELECT 1 FROM workshop_seats WHERE workshop_id = ? AND ticket_id = ?', list.workshop_id, ticket.id)
      .toArray().length;
    if (!seat) return 'no_seat';
  } else if (!(JSON.parse(list.products) as string[]).includes(ticket.product)) {
    const invited =
      list.guests === 1 &&
      sql.exec('SELECT 1 FROM check_in_guests WHERE list_id = ? AND ticket_id = ?', list.id, ticket.id).toArray()
        .length > 0;
    if (!invited) return 'product';
  }
  if (list.opens_at !== null && at < list.opens_at) return 'not_open';
  if (list.closes_at !== null && at >= list.closes_at) return 'closed';
  return null;
}

/** The admission on a list that counts for a ticket (not undone), or null. */
function counted(sql: SqlStorage, listId: string, ticketId: string): ScanRow | null {
  return (
    sql
      .exec<ScanRow>(
        `SELECT * FROM scans WHERE list_id = ? AND ticket_id = ? AND result = 'admitted' AND undone_at IS NULL
         ORDER BY at, id LIMIT 1`,
        listId,
        ticketId,
      )
      .toArray()[0] ?? null
  );
}

/** A ticket's last movement on a list (in or out, by its own time), or null: whether it is inside now. */
function lastMovement(sql: SqlStorage, listId: string, ticketId: string): ScanRow | null {
  return (
    sql
      .exec<ScanRow>(
        `SELECT * FROM scans WHERE list_id = ? AND ticket_id = ? AND result IN ('admitted', 'exited')
         AND undone_at IS NULL ORDER BY at DESC, id DESC LIMIT 1`,
        listId,
        ticketId,
      )
      .toArray()[0] ?? null
  );
}

/** Keeps `tickets.checked_in_at`: its first admission on any list that is not undone. */
function refreshCheckedIn(sql: SqlStorage, ticketId: string): void {
  sql.exec(
    `UPDATE tickets SET checked_in_at = (SELECT MIN(at) FROM scans WHERE ticket_id = ?1 AND result = 'admitted'
     AND undone_at IS NULL) WHERE id = ?1`,
    ticketId,
  );
}

const previousOf = (row: ScanRow) => ({ scan: row.id, at: iso(row.at), device: row.device });

/**
 * Decides one scan in the caller's transaction and records it. `signed` is what `signedBy` found
 * before the transaction; `now` is when it arrived.
 */
export function decideScan(c: Tx, scan: ScanRequest, signed: string | null, now: number): ScanOutcome {
  const sql = c.sql;
  const seen = replay(sql, scan);
  if (seen) return seen;
  const list = listRow(sql, scan.list);
  if (!list) return { kind: 'unknown_list' };
  const at = scan.at ?? now;
  const offline = scan.at !== null;
  const found = scan.canonical ? named(sql, codeOf(scan.canonical)) : null;
  const ticket = found && signed && found.ticketId === signed ? ticketRow(sql, found.ticketId) : null;
  const order = ticket ? orderRow(sql, ticket.order_id) : null;

  let result: ScanResult;
  let reason: RefusalReason | null = null;
  let status: OrderStatus | undefined;
  let previous: ScanRow | null = null;
  let displaced: ScanRow | null = null;
  if (!ticket || !order || !found) result = 'unknown';
  else if (!found.current) [result, reason] = ['not_valid', 'reissued'];
  else if (order.status !== 'paid') {
    [result, reason] = ['not_valid', 'not_paid'];
    status = order.status as OrderStatus;
  } else {
    reason = refusal(sql, list, ticket, at);
    if (reason) result = 'not_valid';
    else if (scan.direction === 'out') {
      if (list.reentry !== 1) [result, reason] = ['not_valid', 'no_exits'];
      else if (!offline && lastMovement(sql, list.id, ticket.id)?.direction !== 'in') {
        [result, reason] = ['not_valid', 'not_inside'];
      } else result = 'exited';
    } else if (list.reentry === 1) {
      // Re-entry: an online door refuses who is inside already (one ticket, one person inside);
      // an offline door's movements are recorded as they happened.
      const last = lastMovement(sql, list.id, ticket.id);
      if (!offline && last?.direction === 'in') [result, previous] = ['already', last];
      else result = 'admitted';
    } else {
      const first = counted(sql, list.id, ticket.id);
      if (!first) result = 'admitted';
      else if (offline && first.device !== scan.device) {
        // Both doors let the holder in: the first by its own time counts, the other is a conflict.
        if (at < first.at) [result, displaced] = ['admitted', first];
        else [result, previous] = ['conflict', first];
      } else [result, previous] = ['already', first];
    }
  }

  const id = sql
    .exec<{ id: number }>(
      `INSERT INTO scans (list_id, ticket_id, code, direction, at, received_at, offline, device, nonce, who, result, reason, previous, answer)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '') RETURNING id`,
      list.id,
      ticket?.id ?? found?.ticketId ?? null,
      codeFor(scan),
      scan.direction,
      at,
      now,
      offline ? 1 : 0,
      scan.device,
      scan.nonce,
      scan.who,
      result,
      reason,
      previous?.id ?? null,
    )
    .one().id;
  const tickets =
    order && sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM tickets WHERE order_id = ?', order.id).one().n;
  const answer: ScanAnswer = {
    scan: id,
    result,
    list: list.id,
    direction: scan.direction,
    at: iso(at),
    device: scan.device,
    nonce: scan.nonce,
    ...(reason ? { reason } : {}),
    ...(status ? { status } : {}),
    // The old code of a reissued ticket shows nothing of its new holder.
    ...(ticket && order && reason !== 'reissued' ? { ticket: scannedTicket(ticket, order, tickets ?? 1) } : {}),
    ...(previous ? { previous: previousOf(previous) } : {}),
  };
  sql.exec('UPDATE scans SET answer = ? WHERE id = ?', JSON.stringify(answer), id);

  if (ticket && order) {
    const data = { ticket: ticket.id, position: ticket.position, list: list.id, device: scan.device, scan: id };
    if (displaced) {
      sql.exec("UPDATE scans SET result = 'conflict', previous = ? WHERE id = ?", id, displaced.id);
      c.log(order.id, 'check_in_conflict', now, { ...data, scan: displaced.id, device: displaced.device, counts: id });
    }
    if (result === 'admitted' || displaced) refreshCheckedIn(sql, ticket.id);
    if (result === 'admitted') c.log(order.id, 'checked_in', at, data);
    if (result === 'exited') c.log(order.id, 'checked_out', at, data);
    if (result === 'conflict') c.log(order.id, 'check_in_conflict', now, { ...data, counts: previous?.id ?? null });
  }
  return { kind: 'answer', answer, replayed: false };
}

/** The door's one call: checks the code's signature, then decides the scan in one transaction. */
export async function scan(c: Tx, request: ScanRequest, key: string, now: number): Promise<ScanOutcome> {
  // A scan sent again is answered from the record, without the signature's work.
  const seen = replay(c.sql, request);
  if (seen) return seen;
  const signed = request.canonical ? await signedBy(c.sql, request.canonical, key) : null;
  return c.transaction(() => decideScan(c, request, signed, now));
}

/**
 * An offline door's queue, in the order it was scanned: every signature checked first, then all
 * decided in one transaction (a few hundred scans take milliseconds), each answered in order.
 * The same scans again answer the same and count nothing twice.
 */
export async function sync(c: Tx, scans: ScanRequest[], key: string, now: number): Promise<ScanOutcome[]> {
  const signed = await Promise.all(
    scans.map((s) => (s.canonical && !replay(c.sql, s) ? signedBy(c.sql, s.canonical, key) : null)),
  );
  return c.transaction(() => scans.map((s, i) => decideScan(c, s, signed[i] ?? null, now)));
}

/** What an undo came to. */
export type UndoOutcome =
  | { kind: 'undone'; scan: ScanRecord }
  | { kind: 'not_found' }
  | { kind: 'already_undone'; scan: ScanRecord }
  | { kind: 'not_undoable'; result: ScanResult };

/**
 * Undoes a scan that counted (an admission or an exit): it stays in the record, marked with who
 * undid it, when and why, and counts no more; the ticket may be admitted again on that list.
 */
export function undoScan(c: Tx, id: number, by: string, reason: string, now: number): UndoOutcome {
  const row = c.sql.exec<ScanRow>('SELECT * FROM scans WHERE id = ?', id).toArray()[0];
  if (!row) return { kind: 'not_found' };
  if (row.undone_at !== null) return { kind: 'already_undone', scan: recordOf(c.sql, row) };
  if (row.result !== 'admitted' && row.result !== 'exited') return { kind: 'not_undoable', result: row.result };
  c.sql.exec('UPDATE scans SET undone_at = ?, undone_by = ?, undo_reason = ? WHERE id = ?', now, by, reason, id);
  const ticket = row.ticket_id ? ticketRow(c.sql, row.ticket_id) : null;
  if (ticket) {
    refreshCheckedIn(c.sql, ticket.id);
    c.log(ticket.order_id, 'check_in_undone', now, { scan: id, list: row.list_id, ticket: ticket.id, by, reason });
  }
  const undone = c.sql.exec<ScanRow>('SELECT * FROM scans WHERE id = ?', id).one();
  return { kind: 'undone', scan: recordOf(c.sql, undone) };
}

function recordOf(sql: SqlStorage, row: ScanRow): ScanRecord {
  const ticket = row.ticket_id ? ticketRow(sql, row.ticket_id) : null;
  const order = ticket ? orderRow(sql, ticket.order_id) : null;
  const tickets =
    order && sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM tickets WHERE order_id = ?', order.id).one().n;
  return {
    scan: row.id,
    result: row.result,
    list: row.list_id,
    direction: row.direction,
    at: iso(row.at),
    device: row.device,
    nonce: row.nonce,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(ticket && order && row.reason !== 'reissued' ? { ticket: scannedTicket(ticket, order, tickets ?? 1) } : {}),
    ...(row.previous !== null ? { previous: previousOfId(sql, row.previous) } : {}),
    who: row.who,
    receivedAt: iso(row.received_at),
    undone:
      row.undone_at === null
        ? null
        : { at: iso(row.undone_at), by: row.undone_by ?? '', reason: row.undo_reason ?? '' },
  };
}

function previousOfId(sql: SqlStorage, id: number) {
  const row = sql.exec<ScanRow>('SELECT * FROM scans WHERE id = ?', id).toArray()[0];
  return row ? previousOf(row) : { scan: id, at: '', device: null };
}

/** A page of a list's scans, newest first (by arrival), `limit` at a time before scan `before`. */
export function listScans(
  sql: SqlStorage,
  filter: { list?: string; result?: ScanResult },
  before: number | null,
  limit: number,
): ScanRecord[] {
  const rows = sql
    .exec<ScanRow>(
      `SELECT * FROM scans WHERE (?1 IS NULL OR list_id = ?1) AND (?2 IS NULL OR result = ?2) AND (?3 IS NULL OR id < ?3)
       ORDER BY id DESC LIMIT ?4`,
      filter.list ?? null,
      filter.result ?? null,
      before,
      limit,
    )
    .toArray();
  return rows.map((row) => recordOf(sql, row));
}

/** Every list with its figures: tickets admitted, inside now (by each ticket's last movement), conflicts. */
export function checkInLists(sql: SqlStorage): CheckInListStats[] {
  const figures = new Map<string, { admitted: number; insideNow: number; conflicts: number }>();
  const of = (id: string) => {
    const f = figures.get(id) ?? { admitted: 0, insideNow: 0, conflicts: 0 };
    figures.set(id, f);
    return f;
  };
  for (const row of sql
    .exec<{ list_id: string; n: number }>(
      `SELECT list_id, COUNT(DISTINCT ticket_id) AS n FROM scans WHERE result = 'admitted' AND undone_at IS NULL
       GROUP BY list_id`,
    )
    .toArray()) {
    of(row.list_id).admitted = row.n;
  }
  for (const row of sql
    .exec<{ list_id: string; n: number }>(
      `SELECT list_id, COUNT(*) AS n FROM (
         SELECT list_id, direction, ROW_NUMBER() OVER (PARTITION BY list_id, ticket_id ORDER BY at DESC, id DESC) AS rn
         FROM scans WHERE result IN ('admitted', 'exited') AND undone_at IS NULL
       ) WHERE rn = 1 AND direction = 'in' GROUP BY list_id`,
    )
    .toArray()) {
    of(row.list_id).insideNow = row.n;
  }
  for (const row of sql
    .exec<{ list_id: string; n: number }>(
      "SELECT list_id, COUNT(*) AS n FROM scans WHERE result = 'conflict' GROUP BY list_id",
    )
    .toArray()) {
    of(row.list_id).conflicts = row.n;
  }
  return sql
    .exec<ListRow>('SELECT * FROM check_in_lists ORDER BY created_at, rowid')
    .toArray()
    .map((row) => ({ ...toList(row), ...of(row.id) }));
}

/** A list an organiser adds, as the route validated it. */
export type NewCheckInList = {
  name: string;
  products: ProductId[];
  workshopId: string | null;
  guests: boolean;
  opensAt: number | null;
  closesAt: number | null;
  reentry: boolean;
};

/** Adds an organiser's list under a new id; answers it with its (zero) figures. */
export function addList(c: Tx, id: string, input: NewCheckInList, by: string, now: number): CheckInListStats {
  c.sql.exec(
    `INSERT INTO check_in_lists (id, kind, name, products, workshop_id, guests, opens_at, closes_at, reentry, created_at, created_by)
     VALUES (?, 'custom', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    input.name,
    JSON.stringify(input.products),
    input.workshopId,
    input.guests ? 1 : 0,
    input.opensAt,
    input.closesAt,
    input.reentry ? 1 : 0,
    now,
    by,
  );
  return { ...toList(listRow(c.sql, id) as ListRow), admitted: 0, insideNow: 0, conflicts: 0 };
}

/** Invites a ticket (by its signed code, as the holder shows it) to a list that admits guests. */
export async function inviteGuest(
  c: Tx,
  listId: string,
  canonical: string,
  key: string,
  by: string,
  now: number,
): Promise<
  { kind: 'invited'; ticket: string } | { kind: 'unknown_list' } | { kind: 'no_guests' } | { kind: 'unknown_ticket' }
> {
  const signed = await signedBy(c.sql, canonical, key);
  return c.transaction(() => {
    const list = listRow(c.sql, listId);
    if (!list) return { kind: 'unknown_list' };
    if (list.guests !== 1) return { kind: 'no_guests' };
    const found = named(c.sql, codeOf(canonical));
    const ticket = found?.current && found.ticketId === signed ? ticketRow(c.sql, found.ticketId) : null;
    if (!ticket) return { kind: 'unknown_ticket' };
    c.sql.exec(
      'INSERT OR IGNORE INTO check_in_guests (list_id, ticket_id, added_at, added_by) VALUES (?, ?, ?, ?)',
      listId,
      ticket.id,
      now,
      by,
    );
    c.log(ticket.order_id, 'check_in_invited', now, { list: listId, ticket: ticket.id, by });
    return { kind: 'invited', ticket: ticket.id };
  });
}
