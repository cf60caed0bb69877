import { isExample } from '../../site/example-data';
import {
  buyerKind,
  type CorrectedInvoice,
  type InvoiceData,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  invoiceNumber,
  type KsefState,
  sellerParty,
  seriesOf,
} from '../../site/invoices';
import { eventStartsAt } from '../../site/terms';
import { product } from '../../site/tickets';
import { timeSortableId } from '../ids';
import { ksefSends } from '../invoices/ksef-config';
import { buyerParty, linesOf, takenBack, totalsOf, warsawDay } from '../invoices/lines';
import { currentLines, REVERSE_CHARGE_REASON, reverseChargeChange } from '../invoices/rate-correction';
import { likeAnywhere, whereOf } from '../sql-where';
import type { Tx } from './context';
import { claimLeased, type LeasedTable } from './leases';
import { iso, type OrderRow, type TicketRow, ticketRows } from './schema';

// Invoices: issued in the transaction that records a payment (or a refund, for a correction),
// numbered from gap-free series per calendar year. A number is taken by the same statement that
// counts it up, inside the box office's one transaction, so no burst can skip or repeat one.

/** An invoice as its row stores it: the document (JSON, never changed) and its KSeF state. */
export type InvoiceRow = {
  id: string;
  number: string;
  series: string;
  year: number;
  seq: number;
  kind: string;
  order_id: string;
  corrects: string | null;
  issued_at: number;
  document: string;
  ksef_status: string;
  ksef_number: string | null;
  ksef_reference: string | null;
  ksef_attempts: number;
  ksef_error: string | null;
  ksef_next_at: number | null;
  ksef_lease_until: number | null;
  ksef_at: number | null;
};

/** The next number of a series in a year: counted up and read in one statement. */
export function nextNumber(
  sql: SqlStorage,
  kind: InvoiceKind,
  year: number,
): { series: string; seq: number; number: string } {
  const series = seriesOf(kind);
  const { last } = sql
    .exec<{ last: number }>(
      `INSERT INTO invoice_series (series, year, last) VALUES (?, ?, 1)
       ON CONFLICT (series, year) DO UPDATE SET last = last + 1 RETURNING last`,
      series,
      year,
    )
    .one();
  return { series, seq: last, number: invoiceNumber(series, year, last) };
}

/** Stores an issued invoice or correction with the number `nextNumber` gave it. */
export function insertInvoice(
  sql: SqlStorage,
  invoice: IssuedInvoice,
  numbering: { series: string; seq: number },
  at: number,
  /** What makes a correction unique besides the invoice it corrects (a ticket cancelled alone). */
  key?: string,
) {
  const { ksef, ...document } = invoice;
  sql.exec(
    `INSERT INTO invoices (id, number, series, year, seq, kind, order_id, corrects, issued_at, document, ksef_status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    invoice.id,
    invoice.number,
    numbering.series,
    Number(invoice.issuedOn.slice(0, 4)),
    numbering.seq,
    invoice.kind,
    invoice.orderId,
    invoice.correction ? correctsKey(invoice, key) : null,
    at,
    JSON.stringify(document),
    ksef.status,
  );
}

/** What a correction's row says it corrects: unique per kind of correction where it must be once. */
function correctsKey(invoice: IssuedInvoice, key?: string): string {
  const correction = invoice.correction as NonNullable<IssuedInvoice['correction']>;
  if (correction.buyerBefore) return `${correction.of.id}:buyer:${invoice.number}`;
  return `${correction.of.id}${key ?? (correction.effect === 'original' ? ':rate' : '')}`;
}

/**
 * The buyer an invoice names now: as issued, or as its latest correction of the buyer's data
 * (invoice-requests.ts) put them. `all` is the order's invoices in the order they were issued.
 */
export function currentBuyer(all: IssuedInvoice[], invoice: IssuedInvoice): InvoiceParty {
  const corrected = all.filter((item) => item.correction?.of.id === invoice.id && item.correction.buyerBefore);
  return corrected.at(-1)?.buyer ?? invoice.buyer;
}

/**
 * Issues the invoice of an order paid at `now`, when its buyer asked for one (in the caller's
 * transaction; once per order). `paidOn` is the day the money arrived when that is not the day
 * it is recorded (a bank transfer read from a statement); by default, the day of `now`. A payment received before the congress is an advance payment for a
 * service still to come, so its invoice is an advance invoice (`ZAL`, art. 106b ust. 1 pkt 4 of the
 * VAT act) covering the whole price, and no final invoice follows (art. 106f ust. 4); a payment on
 * or after the day the service begins gets a regular invoice (`VAT`).
 */
export function issueInvoice(
  sql: SqlStorage,
  order: OrderRow,
  tickets: TicketRow[],
  now: number,
  options: { ksef: boolean; paidOn?: string },
): IssuedInvoice | null {
  if (!order.invoice) return null;
  const existing = invoicesOf(sql, order.id).find((invoice) => !invoice.correction);
  if (existing) return existing;
  const data = JSON.parse(order.invoice) as InvoiceData;
  const kind: InvoiceKind = now < eventStartsAt() ? 'ZAL' : 'VAT';
  const issuedOn = warsawDay(now);
  const numbering = nextNumber(sql, kind, Number(issuedOn.slice(0, 4)));
  const lines = linesOf(tickets);
  const invoice: IssuedInvoice = {
    id: timeSortableId(now),
    number: numbering.number,
    kind,
    orderId: order.id,
    orderCode: order.code,
    issuedOn,
    issuedAt: iso(now),
    paidOn: options.paidOn ?? issuedOn,
    paymentMethod: order.provider === 'transfer' ? 'transfer' : 'card',
    seller: sellerParty(),
    buyer: buyerParty(data),
    buyerKind: buyerKind(data),
    languages: data.country === 'PL' ? 'pl' : 'pl+en',
    lines,
    totals: totalsOf(lines),
    reverseCharge: lines.some((line) => line.vatRate === 'np'),
    currency: 'PLN',
    correction: null,
    example: isExample('organiser'),
    ksef: initialKsef(options.ksef),
  };
  insertInvoice(sql, invoice, numbering, now);
  return invoice;
}

/** An invoice for KSeF waits its turn on the queue; any other waits until KSeF is set up. */
const initialKsef = (sends: boolean): KsefState => (sends ? { status: 'queued', attempts: 0 } : { status: 'waiting' });

/** Why a correction is made, as the correction invoice says (in Polish, the invoice's language). */
export const CORRECTION_REASONS = {
  cancelled: 'Anulowanie zamówienia przez nabywcę i zwrot całej zapłaty',
  refunded: 'Zwrot całej zapłaty przez organizatora',
} as const;

/**
 * Corrects each invoice of an order that was paid back in full (in the caller's transaction): a
 * correction of its own series (`KOR`, or `KOR_ZAL` for an advance invoice) whose lines are the
 * change, every line as it stands after earlier corrections (a rate put right) taken back; the
 * invoice itself is never edited. Once per invoice: one already taken back to nothing is left alone.
 */
export function correctInvoices(
  sql: SqlStorage,
  orderId: string,
  now: number,
  reason: keyof typeof CORRECTION_REASONS,
  options: { ksef: boolean },
): IssuedInvoice[] {
  return correctEach(sql, orderId, now, options, (lines) => ({
    lines: lines.map(takenBack),
    reason: CORRECTION_REASONS[reason],
  }));
}

/**
 * Corrects each invoice of an order for one ticket cancelled alone (in the caller's transaction):
 * a correction whose lines take back that ticket's line only (its list price and discount as the
 * original line had them), once per ticket and invoice; an invoice that no longer holds such a line
 * (taken back whole already) gets none.
 */
export function correctTicketInvoices(c: Tx, orderId: string, ticket: TicketRow, now: number): void {
  const [own] = linesOf([ticket]);
  if (!own) return;
  const made = correctEach(
    c.sql,
    orderId,
    now,
    { ksef: ksefSends(c.env) },
    (standing) =>
      standing.some((line) => line.product === own.product && line.vatRate === own.vatRate && line.quantity > 0)
        ? { lines: [takenBack(own)], reason: TICKET_CORRECTION_REASON }
        : { lines: [], reason: TICKET_CORRECTION_REASON },
    `:ticket:${ticket.id}`,
  );
  for (const correction of made) {
    c.log(orderId, 'invoice_corrected', now, {
      invoice: correction.id,
      number: correction.number,
      corrects: correction.correction?.of.number ?? null,
      ticket: ticket.id,
    });
    if (correction.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  }
}

/** Why a ticket's correction is made (in Polish, the invoice's language). */
export const TICKET_CORRECTION_REASON = 'Anulowanie jednego biletu z zamówienia i zwrot jego ceny';

/**
 * Corrects each invoice of an order whose online plans turned out to be reverse charge (the
 * buyer's VAT number confirmed by VIES after the invoice): their 23% lines become `np`
 * (worker/invoices/rate-correction.ts), with its effect in the corrected invoice's period. Once:
 * an invoice with nothing left at 23% for those products gets none.
 */
export function correctToReverseCharge(
  sql: SqlStorage,
  orderId: string,
  now: number,
  options: { ksef: boolean },
): IssuedInvoice[] {
  const online = (line: InvoiceLine) => product(line.product).mode === 'online';
  return correctEach(sql, orderId, now, options, (lines) => ({
    lines: reverseChargeChange(lines, online),
    reason: REVERSE_CHARGE_REASON,
    effect: 'original',
  }));
}

/**
 * Issues, for each invoice of an order, the correction `change` makes of its lines as they stand
 * after its earlier corrections (none when the change has no lines), numbered in the corrections'
 * series.
 */
function correctEach(
  sql: SqlStorage,
  orderId: string,
  now: number,
  options: { ksef: boolean },
  change: (lines: InvoiceLine[]) => { lines: InvoiceLine[]; reason: string; effect?: 'original' },
  key?: string,
): IssuedInvoice[] {
  const all = invoicesOf(sql, orderId);
  const made: IssuedInvoice[] = [];
  for (const original of all) {
    if (original.correction) continue;
    const earlier = all.filter((invoice) => invoice.correction?.of.id === original.id).map((item) => item.lines);
    const standing = currentLines(original.lines, earlier);
    const { lines, reason, effect } = change(standing);
    if (!lines.length) continue;
    const kind: InvoiceKind = original.kind === 'ZAL' ? 'KOR_ZAL' : 'KOR';
    const issuedOn = warsawDay(now);
    const numbering = nextNumber(sql, kind, Number(issuedOn.slice(0, 4)));
    const of: CorrectedInvoice = {
      id: original.id,
      number: original.number,
      issuedOn: original.issuedOn,
      ksefNumber: original.ksef.status === 'accepted' ? original.ksef.number : null,
      // The payment as it stands before this correction (after any earlier one).
      gross: totalsOf(standing).gross,
    };
    const buyer = currentBuyer(all, original);
    const correction: IssuedInvoice = {
      ...original,
      // The buyer as the invoice names them now, after any correction of their data.
      buyer,
      id: timeSortableId(now),
      number: numbering.number,
      kind,
      issuedOn,
      issuedAt: iso(now),
      lines,
      totals: totalsOf(lines),
      reverseCharge: lines.some((line) => line.vatRate === 'np'),
      correction: { reason, of, ...(effect ? { effect } : {}) },
      example: isExample('organiser'),
      ksef: initialKsef(options.ksef),
    };
    insertInvoice(sql, correction, numbering, now, key);
    made.push(correction);
  }
  return made;
}

/** An invoice's KSeF state from its row. */
function ksefOf(row: InvoiceRow): KsefState {
  switch (row.ksef_status) {
    case 'accepted':
      return { status: 'accepted', number: row.ksef_number ?? '', acceptedAt: iso(row.ksef_at ?? 0) };
    case 'rejected':
      return { status: 'rejected', error: row.ksef_error ?? '', at: iso(row.ksef_at ?? 0) };
    case 'sending':
      return { status: 'sent', attempts: row.ksef_attempts, reference: row.ksef_reference ?? '' };
    case 'queued':
      return {
        status: 'queued',
        attempts: row.ksef_attempts,
        ...(row.ksef_error ? { error: row.ksef_error } : {}),
        ...(row.ksef_next_at !== null ? { nextAt: iso(row.ksef_next_at) } : {}),
      };
    default:
      return { status: 'waiting' };
  }
}

/** An invoice from its row. */
export const toInvoice = (row: InvoiceRow): IssuedInvoice => ({
  ...(JSON.parse(row.document) as Omit<IssuedInvoice, 'ksef'>),
  ksef: ksefOf(row),
});

/**
 * An order's invoices and corrections, in the order they were issued: by the instant, then as the
 * rows were written. Not by id: two ids made in one millisecond by a box office that restarted in
 * between sort by their random tail (the browser tests' server runs at one frozen instant), and a
 * correction, or the buyer's latest data, must come after what it corrects.
 */
export function invoicesOf(sql: SqlStorage, orderId: string): IssuedInvoice[] {
  return sql
    .exec<InvoiceRow>('SELECT * FROM invoices WHERE order_id = ? ORDER BY issued_at, rowid', orderId)
    .toArray()
    .map(toInvoice);
}

/** An invoice by id, or null. */
export function invoiceById(sql: SqlStorage, id: string): IssuedInvoice | null {
  const row = sql.exec<InvoiceRow>('SELECT * FROM invoices WHERE id = ?', id).toArray()[0];
  return row ? toInvoice(row) : null;
}

/** What organisers can filter invoices by. */
export type InvoiceFilter = {
  /** `YYYY-MM`: issued in that month (Warsaw). */
  month?: string;
  kind?: InvoiceKind;
  ksef?: KsefState['status'];
  /** A number, an order code, or part of the buyer's name or tax number. */
  q?: string;
};

/** A page of invoices for organisers, in number order; `cursor` continues after the last one. */
export type InvoicePage = { invoices: IssuedInvoice[]; cursor: string | null };

/** Invoices for organisers, `limit` at a time after `cursor` (an invoice id), oldest first. */
export function listInvoices(
  sql: SqlStorage,
  filter: InvoiceFilter,
  cursor: string | null,
  limit: number,
): InvoicePage {
  const searched = [
    'number',
    "json_extract(document, '$.orderCode')",
    "json_extract(document, '$.buyer.name')",
    "json_extract(document, '$.buyer.taxId')",
  ];
  const { clause, values } = whereOf([
    filter.month && ["substr(json_extract(document, '$.issuedOn'), 1, 7) = ?", filter.month],
    filter.kind && ['kind = ?', filter.kind],
    filter.ksef && ['ksef_status = ?', filter.ksef],
    filter.q && [
      `(${searched.map((field) => `${field} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
      ...searched.map(() => likeAnywhere(filter.q as string)),
    ],
    cursor && ['id > ?', cursor],
  ]);
  const rows = sql
    .exec<InvoiceRow>(`SELECT * FROM invoices ${clause} ORDER BY id LIMIT ?`, ...values, limit + 1)
    .toArray();
  const page = rows.slice(0, limit);
  return { invoices: page.map(toInvoice), cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

// KSeF: an invoice issued where KSeF is configured is `queued`; the alarm hands it to the KSeF
// queue with a lease; the consumer claims it (`sending`), submits it and records the outcome. A
// lease that runs out (a lost message, a consumer that died) puts it back on the queue: the KSeF
// client then finds it already there (KSeF refuses a duplicate) instead of registering it twice.

/** How long an invoice handed to the queue, or claimed by its consumer, is left alone. */
export const KSEF_LEASE_MS = 10 * 60 * 1000;
/** The invoices as a leased queue (worker/box-office/leases.ts): a `queued` invoice may be claimed. */
const KSEF_QUEUE: LeasedTable = {
  table: 'invoices',
  status: 'ksef_status',
  lease: 'ksef_lease_until',
  attempts: 'ksef_attempts',
  claimFrom: ['queued'],
  countOnClaim: false,
};

/**
 * A correction goes to KSeF after the invoice it corrects has its KSeF number, which the
 * correction must name (FA(3) `NrKSeFFaKorygowanej`): while that invoice is queued or being sent,
 * the correction waits (a refund corrected at once, before its invoice was accepted, was sent
 * saying the invoice had no KSeF number).
 */
const NOT_WAITING_FOR_ITS_INVOICE = `NOT EXISTS (SELECT 1 FROM invoices corrected
  WHERE corrected.id = json_extract(invoices.document, '$.correction.of.id')
    AND corrected.ksef_status IN ('queued', 'sending'))`;

/** Invoices due for KSeF: queued, their next attempt due, not on the queue or being sent. */
export function dueForKsef(sql: SqlStorage, now: number, limit: number): string[] {
  return sql
    .exec<{ id: string }>(
      `SELECT id FROM invoices WHERE ksef_status = 'queued' AND (ksef_next_at IS NULL OR ksef_next_at <= ?)
         AND (ksef_lease_until IS NULL OR ksef_lease_until <= ?) AND ${NOT_WAITING_FOR_ITS_INVOICE}
       ORDER BY id LIMIT ?`,
      now,
      now,
      limit,
    )
    .toArray()
    .map((row) => row.id);
}

/** Marks invoices as handed to the queue until their lease runs out. */
export function leaseForKsef(sql: SqlStorage, ids: string[], until: number): void {
  for (const id of ids) sql.exec('UPDATE invoices SET ksef_lease_until = ? WHERE id = ?', until, id);
}

/**
 * Takes an invoice for sending: null when it is not queued any more (accepted, rejected) or another
 * delivery is sending it now.
 */
export function claimForKsef(sql: SqlStorage, id: string, now: number): IssuedInvoice | null {
  // A stray message for a correction whose invoice has no KSeF number yet sends nothing.
  if (sql.exec(`SELECT 1 FROM invoices WHERE id = ? AND NOT ${NOT_WAITING_FOR_ITS_INVOICE}`, id).toArray().length)
    return null;
  const row = claimLeased<InvoiceRow>(sql, KSEF_QUEUE, id, now, KSEF_LEASE_MS);
  if (!row) return null;
  const invoice = toInvoice(row);
  // A correction issued before its invoice was accepted names the KSeF number it has now, in what
  // is sent and in what is kept (the PDF and XML downloads say the same as KSeF).
  const of = invoice.correction?.of;
  if (of && !of.ksefNumber) {
    const number = sql
      .exec<{ ksef_number: string | null }>(
        "SELECT ksef_number FROM invoices WHERE id = ? AND ksef_status = 'accepted'",
        of.id,
      )
      .toArray()[0]?.ksef_number;
    if (number) {
      sql.exec(
        "UPDATE invoices SET document = json_set(document, '$.correction.of.ksefNumber', ?) WHERE id = ?",
        number,
        id,
      );
      return {
        ...invoice,
        correction: {
          ...(invoice.correction as NonNullable<IssuedInvoice['correction']>),
          of: { ...of, ksefNumber: number },
        },
      };
    }
  }
  return invoice;
}

/** What became of a submission (worker/invoices/ksef.ts `KsefOutcome`, with the next attempt's time). */
export type KsefRecord =
  | { kind: 'accepted'; ksefNumber: string; acceptedAt: string }
  | { kind: 'rejected'; error: string }
  | { kind: 'retry'; error: string; nextAt: number };

/** Records a submission's outcome; returns the invoice's order, or null when it was not being sent. */
export function recordKsef(sql: SqlStorage, id: string, outcome: KsefRecord, now: number): string | null {
  const row = sql.exec<InvoiceRow>("SELECT * FROM invoices WHERE id = ? AND ksef_status = 'sending'", id).toArray()[0];
  if (!row) return null;
  if (outcome.kind === 'accepted') {
    sql.exec(
      `UPDATE invoices SET ksef_status = 'accepted', ksef_number = ?, ksef_at = ?, ksef_error = NULL,
         ksef_attempts = ksef_attempts + 1, ksef_lease_until = NULL WHERE id = ?`,
      outcome.ksefNumber,
      Date.parse(outcome.acceptedAt) || now,
      id,
    );
  } else if (outcome.kind === 'rejected') {
    sql.exec(
      `UPDATE invoices SET ksef_status = 'rejected', ksef_error = ?, ksef_at = ?, ksef_attempts = ksef_attempts + 1,
         ksef_lease_until = NULL WHERE id = ?`,
      outcome.error.slice(0, 1000),
      now,
      id,
    );
  } else {
    sql.exec(
      `UPDATE invoices SET ksef_status = 'queued', ksef_error = ?, ksef_next_at = ?, ksef_attempts = ksef_attempts + 1,
         ksef_lease_until = NULL WHERE id = ?`,
      outcome.error.slice(0, 1000),
      outcome.nextAt,
      id,
    );
  }
  return row.order_id;
}

/** When KSeF next needs the alarm: the earliest due attempt or lease end, or null. */
export const nextKsefAt = (sql: SqlStorage) =>
  sql
    .exec<{ at: number | null }>(
      `SELECT MIN(COALESCE(ksef_lease_until, ksef_next_at, 0)) AS at FROM invoices
         WHERE (ksef_status = 'queued' AND ${NOT_WAITING_FOR_ITS_INVOICE}) OR ksef_status = 'sending'`,
    )
    .one().at;

// In the box office's transaction: each invoice issued or corrected is logged on its order, and
// one queued for KSeF wakes the alarm, which hands it over (wake-up.ts).

/** Issues a paid order's invoice when its buyer asked for one (in the caller's transaction). */
export function issueOrderInvoice(c: Tx, orderId: string, now: number, paidOn?: string): void {
  const row = c.row(orderId) as OrderRow;
  // An order with nothing to pay (a free voucher) has no sale to invoice, as free tickets have none.
  if (row.gross === 0) return;
  const invoice = issueInvoice(c.sql, row, ticketRows(c.sql, orderId), now, {
    ksef: ksefSends(c.env),
    ...(paidOn ? { paidOn } : {}),
  });
  if (!invoice) return;
  c.log(orderId, 'invoice_issued', now, { invoice: invoice.id, number: invoice.number, kind: invoice.kind });
  if (invoice.ksef.status === 'queued') c.scheduleAlarm(Date.now());
}

/** Corrects a refunded order's invoices (in the caller's transaction), each once. */
export function correctOrderInvoices(
  c: Tx,
  orderId: string,
  now: number,
  reason: keyof typeof CORRECTION_REASONS,
): void {
  for (const correction of correctInvoices(c.sql, orderId, now, reason, { ksef: ksefSends(c.env) })) {
    c.log(orderId, 'invoice_corrected', now, {
      invoice: correction.id,
      number: correction.number,
      corrects: correction.correction?.of.number ?? null,
    });
    if (correction.ksef.status === 'queued') c.scheduleAlarm(Date.now());
  }
}

/** Records what KSeF made of an invoice (in the caller's transaction): logged, or the alarm set for its next try. */
export function invoiceSubmitted(c: Tx, invoiceId: string, outcome: KsefRecord, now: number): void {
  const orderId = recordKsef(c.sql, invoiceId, outcome, now);
  if (!orderId) return;
  if (outcome.kind === 'accepted') {
    c.log(orderId, 'invoice_ksef_accepted', now, { invoice: invoiceId, ksef: outcome.ksefNumber });
    // Its corrections that waited for its number go now.
    c.scheduleAlarm(Date.now());
  } else if (outcome.kind === 'rejected') {
    c.log(orderId, 'invoice_ksef_rejected', now, { invoice: invoiceId, error: outcome.error.slice(0, 200) });
    c.scheduleAlarm(Date.now());
  } else {
    c.scheduleAlarm(Math.max(Date.now(), outcome.nextAt - now + Date.now()));
  }
}
