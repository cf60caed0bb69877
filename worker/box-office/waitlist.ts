import type { LanguageCode } from '../../site/languages';
import { onSaleAt, type ProductId, product } from '../../site/tickets';
import {
  DEFAULT_OFFER_HOURS,
  LIVE_WAITLIST_STATES,
  type OfferState,
  type WaitlistEntryView,
  type WaitlistOfferView,
  type WaitlistState,
  type WaitlistView,
} from '../../site/waitlist';
import { timeSortableId } from '../ids';
import type { Tx } from './context';
import { addColumns, iso, type TicketRow } from './schema';
import {
  hasSeat,
  holderTicket,
  noteWorkshop,
  type SeatRefusal,
  seatRefusal,
  seatsGone,
  seatTicket,
  type WorkshopFacts,
  workshopFacts,
} from './seat-rules';
import { remaining, taken } from './stock';
import { endVoucher } from './vouchers';

// The waiting list (site/waitlist.ts). An offer is a voucher of tag `waitlist` for one use of one
// product that reserves its place (vouchers.ts `reservedPlaces`), valid for the offer's period: so
// the stock keeps the place out of sale for anyone else, and the purchase that uses the code takes
// it in its own transaction as any voucher's. `placesReturned` runs in every transaction that may
// give places back (a change of an order's status, a voucher ended, a purchase's start, the alarm):
// it settles offers that were bought, declined or ran out, then offers every free place of a
// product to the next confirmed person waiting for it, one offer per place. A place comes back
// with a pending order whose hold has run out even before the alarm expires it (stock.ts `taken`),
// so a purchase runs it first and the list is served before anyone else can take that place.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS waitlist (
  id TEXT PRIMARY KEY,
  product TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  lang TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  updated_at INTEGER NOT NULL,
  workshop_id TEXT,
  ticket_id TEXT
);
CREATE INDEX IF NOT EXISTS waitlist_queue ON waitlist (confirmed_at, id) WHERE state = 'waiting';
CREATE TABLE IF NOT EXISTS waitlist_offers (
  id TEXT PRIMARY KEY,
  entry_id TEXT NOT NULL,
  product TEXT NOT NULL,
  voucher TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL,
  offered_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  closed_at INTEGER,
  order_id TEXT,
  workshop_id TEXT
);
CREATE INDEX IF NOT EXISTS waitlist_offers_open ON waitlist_offers (expires_at) WHERE state = 'open';
CREATE INDEX IF NOT EXISTS waitlist_offers_entry ON waitlist_offers (entry_id);
CREATE TABLE IF NOT EXISTS waitlist_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  offer_hours INTEGER NOT NULL
);`;

// A workshop's list (one entry per ticket and workshop) shares the tables: `workshop_id` and
// `ticket_id` say whose seat it waits for, and a workshop offer carries no voucher (the offer itself
// keeps the seat: seat-rules.ts `seatsGone`).
const LIVE = "state IN ('unconfirmed', 'waiting', 'offered')";
const INDEXES = `
DROP INDEX IF EXISTS waitlist_live;
CREATE UNIQUE INDEX IF NOT EXISTS waitlist_live_product ON waitlist (product, email)
  WHERE workshop_id IS NULL AND ${LIVE};
CREATE UNIQUE INDEX IF NOT EXISTS waitlist_live_workshop ON waitlist (workshop_id, ticket_id)
  WHERE workshop_id IS NOT NULL AND ${LIVE};
CREATE INDEX IF NOT EXISTS waitlist_offers_workshop ON waitlist_offers (workshop_id) WHERE state = 'open';`;

/** Makes the list's tables (the constructor, after the schema's migration), adding workshops' columns to older ones. */
export function waitlistTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
  addColumns(sql, 'waitlist', { workshop_id: 'TEXT', ticket_id: 'TEXT' });
  addColumns(sql, 'waitlist_offers', { workshop_id: 'TEXT' });
  sql.exec(INDEXES);
}

type EntryRow = Pick<WaitlistEntryView, 'id' | 'product' | 'email' | 'name' | 'lang' | 'state'> & {
  created_at: number;
  confirmed_at: number | null;
  updated_at: number;
  workshop_id: string | null;
  ticket_id: string | null;
};

type OfferRow = {
  id: string;
  entry_id: string;
  product: string;
  voucher: string;
  state: OfferState;
  offered_at: number;
  expires_at: number;
  closed_at: number | null;
  order_id: string | null;
  workshop_id: string | null;
};

const HOUR_MS = 60 * 60 * 1000;

const entryRow = (sql: SqlStorage, id: string) =>
  sql.exec<EntryRow>('SELECT * FROM waitlist WHERE id = ?', id).toArray()[0] ?? null;
const offerRow = (sql: SqlStorage, id: string) =>
  sql.exec<OfferRow>('SELECT * FROM waitlist_offers WHERE id = ?', id).toArray()[0] ?? null;

/** How long an offer keeps its place, in hours (organisers may change it: `setOfferHours`). */
export function offerHours(sql: SqlStorage): number {
  return (
    sql.exec<{ offer_hours: number }>('SELECT offer_hours FROM waitlist_settings WHERE id = 1').toArray()[0]
      ?.offer_hours ?? DEFAULT_OFFER_HOURS
  );
}

/** Sets the offer period for offers made from now on (open ones keep theirs, as their e-mail said). */
export function setOfferHours(c: Tx, hours: number): number {
  c.sql.exec(
    `INSERT INTO waitlist_settings (id, offer_hours) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET offer_hours = excluded.offer_hours`,
    hours,
  );
  return hours;
}

export type JoinResult =
  | { kind: 'joined' | 'exists'; entryId: string; state: WaitlistState }
  | { kind: 'refused'; error: 'no_waiting_list' | 'sales_closed' | 'not_sold_out'; remaining?: number };

/**
 * A sign-up for a product: a new entry, unconfirmed, whose confirmation e-mail is queued; or the
 * person's live entry for that product (a second sign-up is the same entry: its confirmation goes
 * again while it is unconfirmed). Only a product with a limited number of places that is on sale
 * and sold out has a list: otherwise there is a place to buy now.
 */
export function joinWaitlist(
  c: Tx,
  input: { product: ProductId; email: string; name: string | null; lang: LanguageCode; now: number },
): JoinResult {
  const item = product(input.product);
  const held = taken(c.sql, input.now);
  const left = remaining(item, held);
  if (left === null) return { kind: 'refused', error: 'no_waiting_list' };
  if (!onSaleAt(item, input.now)) return { kind: 'refused', error: 'sales_closed' };
  const email = input.email.toLowerCase();
  const live = c.sql
    .exec<EntryRow>(
      `SELECT * FROM waitlist WHERE product = ? AND email = ? AND workshop_id IS NULL AND state IN (${LIVE_WAITLIST_STATES.map(() => '?').join(', ')})`,
      item.id,
      email,
      ...LIVE_WAITLIST_STATES,
    )
    .toArray()[0];
  if (live) {
    if (live.state === 'unconfirmed') c.addEmail(live.id, 'waitlist_confirm', null, input.now);
    return { kind: 'exists', entryId: live.id, state: live.state };
  }
  if (left > 0) return { kind: 'refused', error: 'not_sold_out', remaining: left };
  const id = timeSortableId();
  c.sql.exec(
    `INSERT INTO waitlist (id, product, email, name, lang, state, created_at, confirmed_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'unconfirmed', ?, NULL, ?)`,
    id,
    item.id,
    email,
    input.name,
    input.lang,
    input.now,
    input.now,
  );
  c.addEmail(id, 'waitlist_confirm', null, input.now);
  return { kind: 'joined', entryId: id, state: 'unconfirmed' };
}

/**
 * The double opt-in: the entry's link was opened and confirmed. From now on it is in the queue
 * (by the time of its confirmation) and gets an offer at once if a place is free. Confirming again
 * changes nothing. Null for no such entry.
 */
export function confirmEntry(c: Tx, id: string, now: number): WaitlistEntryView | null {
  const row = entryRow(c.sql, id);
  if (!row) return null;
  if (row.state === 'unconfirmed') {
    c.sql.exec("UPDATE waitlist SET state = 'waiting', confirmed_at = ?, updated_at = ? WHERE id = ?", now, now, id);
    placesReturned(c, now);
  }
  return entryView(c.sql, entryRow(c.sql, id) as EntryRow);
}

/** An organiser takes an entry off the list; its open offer, if unused, is withdrawn and its place offered on. */
export function removeEntry(c: Tx, id: string, now: number): WaitlistEntryView | null {
  const row = entryRow(c.sql, id);
  if (!row) return null;
  if (!(LIVE_WAITLIST_STATES as readonly string[]).includes(row.state)) return entryView(c.sql, row);
  const open = c.sql
    .exec<OfferRow>("SELECT * FROM waitlist_offers WHERE entry_id = ? AND state = 'open'", id)
    .toArray();
  if (open.some((offer) => orderUsing(c.sql, offer.voucher, now) !== null)) {
    // Someone is paying with it: the order decides (bought, or the place comes back).
    return entryView(c.sql, row);
  }
  for (const offer of open) closeOffer(c, offer, 'withdrawn', now);
  c.sql.exec("UPDATE waitlist SET state = 'removed', updated_at = ? WHERE id = ?", now, id);
  placesReturned(c, now);
  return entryView(c.sql, entryRow(c.sql, id) as EntryRow);
}

export type DeclineResult =
  | { kind: 'declined'; offer: WaitlistOfferView }
  | { kind: 'refused'; error: 'not_found' }
  | { kind: 'refused'; error: 'offer_closed' | 'offer_in_use'; offer: WaitlistOfferView };

/**
 * The person does not want the place: the offer ends, its code is void and the place goes to the
 * next person waiting. Refused while an order is paying with it, and once it is closed.
 */
export function declineOffer(c: Tx, id: string, now: number): DeclineResult {
  settleOffers(c, now);
  const row = offerRow(c.sql, id);
  if (!row) return { kind: 'refused', error: 'not_found' };
  if (row.state !== 'open') return { kind: 'refused', error: 'offer_closed', offer: offerView(row) };
  if (orderUsing(c.sql, row.voucher, now)) return { kind: 'refused', error: 'offer_in_use', offer: offerView(row) };
  closeOffer(c, row, 'declined', now);
  c.sql.exec("UPDATE waitlist SET state = 'declined', updated_at = ? WHERE id = ?", now, row.entry_id);
  placesReturned(c, now);
  return { kind: 'declined', offer: offerView(offerRow(c.sql, id) as OfferRow) };
}

/**
 * Where returned places go: first the open offers are settled (bought, or ran out unused: then
 * their place is free again), then each free place of a product goes to the next confirmed person
 * waiting for it, in the order they confirmed. Each offer reserves the place it was made for
 * (its voucher), so the count of free places drops by one with each: exactly one offer per place.
 * In the caller's transaction.
 */
export function placesReturned(c: Tx, now: number): void {
  settleOffers(c, now);
  seatsReturned(c, now);
  const waiting = c.sql
    .exec<EntryRow>("SELECT * FROM waitlist WHERE state = 'waiting' AND workshop_id IS NULL ORDER BY confirmed_at, id")
    .toArray();
  if (!waiting.length) return;
  const held = taken(c.sql, now);
  for (const entry of waiting) {
    const item = product(entry.product as ProductId);
    if (!onSaleAt(item, now)) continue;
    const left = remaining(item, held);
    if (left !== null && left <= 0) continue;
    makeOffer(c, entry, now);
    held.set(item.id, (held.get(item.id) ?? 0) + 1);
  }
}

/**
 * The alarm's rule: offers that ran out pass on. Returns the time the next open offer runs out
 * (the shop's clock), or null.
 */
export function waitlistTick(c: Tx, now: number): number | null {
  c.transaction(() => placesReturned(c, now));
  return c.sql
    .exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM waitlist_offers WHERE state = 'open'")
    .one().at;
}

/** The order (paid, or pending and still holding its place) that uses an offer's code, or null. */
function orderUsing(sql: SqlStorage, code: string, now: number): { id: string; status: string } | null {
  return (
    sql
      .exec<{ id: string; status: string }>(
        `SELECT o.id, o.status FROM tickets t JOIN orders o ON o.id = t.order_id
          WHERE t.voucher = ? AND (o.status = 'paid' OR (o.status = 'pending' AND o.hold_until > ?))
          ORDER BY o.status = 'paid' DESC LIMIT 1`,
        code,
        now,
      )
      .toArray()[0] ?? null
  );
}

/** Open offers that were bought become `bought`; those that ran out with no order holding the place, `expired`. */
function settleOffers(c: Tx, now: number): void {
  const open = c.sql.exec<OfferRow>("SELECT * FROM waitlist_offers WHERE state = 'open'").toArray();
  for (const offer of open) {
    const order = orderUsing(c.sql, offer.voucher, now);
    if (order?.status === 'paid') {
      c.sql.exec(
        "UPDATE waitlist_offers SET state = 'bought', closed_at = ?, order_id = ? WHERE id = ?",
        now,
        order.id,
        offer.id,
      );
      c.sql.exec("UPDATE waitlist SET state = 'bought', updated_at = ? WHERE id = ?", now, offer.entry_id);
    } else if (!order && now >= offer.expires_at) {
      closeOffer(c, offer, 'expired', now);
      c.sql.exec(
        "UPDATE waitlist SET state = 'expired', updated_at = ? WHERE id = ? AND state = 'offered'",
        now,
        offer.entry_id,
      );
    }
  }
}

/** Closes an offer and voids its code (so its reserved place is back in the stock). */
function closeOffer(c: Tx, offer: OfferRow, state: Exclude<OfferState, 'open' | 'bought'>, now: number): void {
  c.sql.exec('UPDATE waitlist_offers SET state = ?, closed_at = ? WHERE id = ?', state, now, offer.id);
  c.sql.exec('UPDATE vouchers SET ended_at = ? WHERE code = ? AND ended_at IS NULL', now, offer.voucher);
}

/**
 * Workshops' seats that came back go to the holders waiting for them, in the order they joined:
 * one offer per free seat (an open offer counts as a gone seat). A holder whose ticket no longer
 * may sit there (cancelled, refunded) leaves the list; one who got a seat otherwise too.
 */
function seatsReturned(c: Tx, now: number): void {
  const waiting = c.sql
    .exec<EntryRow>(
      "SELECT * FROM waitlist WHERE state = 'waiting' AND workshop_id IS NOT NULL ORDER BY confirmed_at, id",
    )
    .toArray();
  for (const entry of waiting) {
    const workshopId = entry.workshop_id as string;
    const facts = workshopFacts(c.sql, workshopId);
    if (!facts) continue;
    const ticket = ticketRow(c.sql, entry.ticket_id ?? '');
    const order = ticket && c.row(ticket.order_id);
    if (!ticket || !order || seatRefusal(ticket, order, facts.level) || hasSeat(c.sql, workshopId, ticket.id)) {
      c.sql.exec("UPDATE waitlist SET state = 'removed', updated_at = ? WHERE id = ?", now, entry.id);
      continue;
    }
    if (seatsGone(c.sql, workshopId) >= facts.capacity) continue;
    makeOffer(c, entry, now);
  }
}

const ticketRow = (sql: SqlStorage, id: string) =>
  sql.exec<TicketRow>('SELECT * FROM tickets WHERE id = ?', id).toArray()[0] ?? null;

/** A code no one guesses: `WL-` and 16 symbols of Crockford base 32 (80 bits), within the voucher rule. */
function offerCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `WL-${[...bytes].map((b) => alphabet[b % 32]).join('')}`;
}

/** An offer to an entry: its voucher (one use, this product, reserving its place), the e-mail, the alarm. */
function makeOffer(c: Tx, entry: EntryRow, now: number): void {
  const id = timeSortableId();
  const code = offerCode();
  const expires = now + offerHours(c.sql) * HOUR_MS;
  // The full price: a 0% voucher prices nothing down, it only carries the reservation. A workshop's
  // offer needs none: the open offer is what keeps its seat; the code only names it.
  if (entry.workshop_id === null)
    c.sql.exec(
      `INSERT INTO vouchers (code, kind, value, products, uses, taken, valid_from, valid_until, tag, reserve, ended_at, created_at, created_by)
     VALUES (?, 'percent', 0, ?, 1, 0, NULL, ?, 'waitlist', 1, NULL, ?, 'waitlist')`,
      code,
      JSON.stringify([entry.product]),
      expires,
      now,
    );
  c.sql.exec(
    `INSERT INTO waitlist_offers (id, entry_id, product, voucher, state, offered_at, expires_at, closed_at, order_id, workshop_id)
     VALUES (?, ?, ?, ?, 'open', ?, ?, NULL, NULL, ?)`,
    id,
    entry.id,
    entry.product,
    code,
    now,
    expires,
    entry.workshop_id,
  );
  c.sql.exec("UPDATE waitlist SET state = 'offered', updated_at = ? WHERE id = ?", now, entry.id);
  c.addEmail(id, 'waitlist_offer', null, now);
  // The alarm passes it on when it runs out (on the real clock: `now` can be a test's).
  c.scheduleAlarm(Date.now() + (expires - now));
}

const offerView = (row: OfferRow): WaitlistOfferView => ({
  id: row.id,
  entryId: row.entry_id,
  product: row.product,
  code: row.voucher,
  state: row.state,
  offeredAt: iso(row.offered_at),
  expiresAt: iso(row.expires_at),
  closedAt: row.closed_at === null ? null : iso(row.closed_at),
  orderId: row.order_id,
  workshop: row.workshop_id,
});

function entryView(sql: SqlStorage, row: EntryRow, positions?: Map<string, number>): WaitlistEntryView {
  const offers = sql
    .exec<OfferRow>('SELECT * FROM waitlist_offers WHERE entry_id = ? ORDER BY offered_at, id', row.id)
    .toArray()
    .map(offerView);
  let position: number | null = null;
  if (row.state === 'waiting') {
    position =
      positions?.get(row.id) ??
      sql
        .exec<{ n: number }>(
          `SELECT COUNT(*) AS n FROM waitlist WHERE state = 'waiting' AND product = ?
             AND workshop_id IS ? AND (confirmed_at < ? OR (confirmed_at = ? AND id <= ?))`,
          row.product,
          row.workshop_id,
          row.confirmed_at,
          row.confirmed_at,
          row.id,
        )
        .one().n;
  }
  return {
    id: row.id,
    product: row.product,
    email: row.email,
    name: row.name,
    lang: row.lang,
    state: row.state,
    workshop: row.workshop_id,
    createdAt: iso(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
    position,
    offers,
  };
}

/** The whole list for organisers, settled at `now`: every entry, oldest first, with its offers. */
export function listWaitlist(c: Tx, now: number, productId?: string): WaitlistView {
  c.transaction(() => settleOffers(c, now));
  const rows = (
    productId
      ? c.sql.exec<EntryRow>('SELECT * FROM waitlist WHERE product = ? ORDER BY created_at, id', productId)
      : c.sql.exec<EntryRow>('SELECT * FROM waitlist ORDER BY created_at, id')
  ).toArray();
  const positions = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const row of c.sql
    .exec<EntryRow>("SELECT id, product, workshop_id FROM waitlist WHERE state = 'waiting' ORDER BY confirmed_at, id")
    .toArray()) {
    const queue = row.workshop_id === null ? row.product : `workshop:${row.workshop_id}`;
    const n = (counts.get(queue) ?? 0) + 1;
    counts.set(queue, n);
    positions.set(row.id, n);
  }
  return { offerHours: offerHours(c.sql), entries: rows.map((row) => entryView(c.sql, row, positions)) };
}

/** One entry (its confirmation page and e-mail), or null. */
export function waitlistEntry(sql: SqlStorage, id: string): WaitlistEntryView | null {
  const row = entryRow(sql, id);
  return row ? entryView(sql, row) : null;
}

/**
 * One offer with its entry's e-mail, name and language (its page and e-mail), settled at `now`
 * (in a transaction: an offer that ran out passes on here too), or null.
 */
export function waitlistOffer(
  c: Tx,
  id: string,
  now: number,
): (WaitlistOfferView & { email: string; name: string | null; lang: string }) | null {
  c.transaction(() => placesReturned(c, now));
  const row = offerRow(c.sql, id);
  const entry = row && entryRow(c.sql, row.entry_id);
  if (!row || !entry) return null;
  return { ...offerView(row), email: entry.email, name: entry.name, lang: entry.lang };
}

/** Runs `placesReturned` after a change that may have given places back, and answers that change's result. */
export function afterReturn<T>(c: Tx, now: number, result: T): T {
  placesReturned(c, now);
  return result;
}

/** Ends a voucher (vouchers.ts); a reserving voucher's places come back, the waiting list first. */
export function endVoucherAndOffer(c: Tx, code: string, now: number) {
  return afterReturn(c, now, endVoucher(c, code, now));
}

export type WorkshopJoinResult =
  | { kind: 'joined' | 'exists'; entryId: string; state: WaitlistState; position: number | null }
  | { kind: 'refused'; error: 'order_not_found' | SeatRefusal | 'already_registered' }
  | { kind: 'refused'; error: 'seats_left'; seatsLeft: number };

/**
 * A holder joins a full workshop's list, identified as the registration identifies them (the
 * ticket's code or a one-ticket order's, and the holder's or the buyer's e-mail). No double
 * opt-in: the code is a secret only the ticket's e-mails carry, so whoever gives it with its
 * address is its holder (a registration takes a seat on the same proof). Refused for the reasons
 * the registration gives; while seats are left the holder registers instead. A second sign-up is
 * the same entry.
 */
export function joinWorkshopWaitlist(
  c: Tx,
  input: WorkshopFacts & { code: string; email: string; lang: LanguageCode | null; now: number },
): WorkshopJoinResult {
  const held = holderTicket(c, input.code, input.email);
  if (!held) return { kind: 'refused', error: 'order_not_found' };
  const { ticket, order } = held;
  const refusal = seatRefusal(ticket, order, input.level);
  if (refusal) return { kind: 'refused', error: refusal };
  if (hasSeat(c.sql, input.workshopId, ticket.id)) return { kind: 'refused', error: 'already_registered' };
  noteWorkshop(c.sql, input, input.now);
  placesReturned(c, input.now);
  const live = c.sql
    .exec<EntryRow>(
      `SELECT * FROM waitlist WHERE workshop_id = ? AND ticket_id = ? AND ${LIVE}`,
      input.workshopId,
      ticket.id,
    )
    .toArray()[0];
  if (live) return { kind: 'exists', entryId: live.id, state: live.state, position: entryView(c.sql, live).position };
  const left = input.capacity - seatsGone(c.sql, input.workshopId);
  if (left > 0) return { kind: 'refused', error: 'seats_left', seatsLeft: left };
  const id = timeSortableId();
  c.sql.exec(
    `INSERT INTO waitlist (id, product, email, name, lang, state, created_at, confirmed_at, updated_at, workshop_id, ticket_id)
     VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?, ?)`,
    id,
    ticket.product,
    input.email.toLowerCase(),
    ticket.name ?? order.name,
    input.lang ?? order.lang,
    input.now,
    input.now,
    input.now,
    input.workshopId,
    ticket.id,
  );
  const row = entryRow(c.sql, id) as EntryRow;
  return { kind: 'joined', entryId: id, state: 'waiting', position: entryView(c.sql, row).position };
}

/** The open offer that keeps a workshop's seat for a ticket, or null. */
export function openWorkshopOffer(sql: SqlStorage, workshopId: string, ticketId: string): OfferRow | null {
  return (
    sql
      .exec<OfferRow>(
        `SELECT o.* FROM waitlist_offers o JOIN waitlist w ON w.id = o.entry_id
          WHERE o.workshop_id = ? AND w.ticket_id = ? AND o.state = 'open'`,
        workshopId,
        ticketId,
      )
      .toArray()[0] ?? null
  );
}

/** Seats the offer's ticket in the seat its open offer keeps, and closes the offer as taken. */
export function takeOffer(c: Tx, offer: OfferRow, now: number): void {
  const entry = entryRow(c.sql, offer.entry_id) as EntryRow;
  const ticket = ticketRow(c.sql, entry.ticket_id ?? '') as TicketRow;
  seatTicket(c, offer.workshop_id as string, ticket, ticket.order_id, now);
  c.sql.exec(
    "UPDATE waitlist_offers SET state = 'bought', closed_at = ?, order_id = ? WHERE id = ?",
    now,
    ticket.order_id,
    offer.id,
  );
  c.sql.exec("UPDATE waitlist SET state = 'bought', updated_at = ? WHERE id = ?", now, entry.id);
}

export type TakeResult =
  | { kind: 'taken'; offer: WaitlistOfferView }
  | { kind: 'refused'; error: 'not_found' }
  | { kind: 'refused'; error: 'offer_closed' | SeatRefusal; offer: WaitlistOfferView };

/**
 * The offer page's "take the seat": while the offer is open and the ticket may still sit there,
 * the seat it keeps becomes the holder's. An offer that ran out has passed on already.
 */
export function takeWorkshopOffer(c: Tx, id: string, now: number): TakeResult {
  placesReturned(c, now);
  const row = offerRow(c.sql, id);
  if (!row || row.workshop_id === null) return { kind: 'refused', error: 'not_found' };
  if (row.state !== 'open') return { kind: 'refused', error: 'offer_closed', offer: offerView(row) };
  const entry = entryRow(c.sql, row.entry_id) as EntryRow;
  const ticket = ticketRow(c.sql, entry.ticket_id ?? '');
  const order = ticket && c.row(ticket.order_id);
  const facts = workshopFacts(c.sql, row.workshop_id);
  const refusal = !ticket || !order || !facts ? 'ticket_not_eligible' : seatRefusal(ticket, order, facts.level);
  if (refusal) return { kind: 'refused', error: refusal, offer: offerView(row) };
  takeOffer(c, row, now);
  return { kind: 'taken', offer: offerView(offerRow(c.sql, id) as OfferRow) };
}

/**
 * The workshops as the store publishes them now (a publication, the console's "offer free seats
 * now"): their capacities are noted, and seats added go to the lists at once.
 */
export function workshopsPublished(c: Tx, list: readonly WorkshopFacts[], now: number): void {
  for (const w of list) noteWorkshop(c.sql, w, now);
  placesReturned(c, now);
}
