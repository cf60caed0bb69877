import type { KeptCredit, TransferCredit } from '../../site/orders';
import { iso } from './schema';

// Credits of a bank statement that pay no order as they are: a part of an order's gross (a split
// payment, or too little), more than it (the excess is the organisers' to return) or one that names
// no order. Each is kept once, under the key of its statement line, so a statement imported again
// keeps nothing twice and pays nothing twice; the parts of one order are added up and pay it once
// their sum reaches its gross. Organisers match an unmatched credit to an order by hand or mark it
// (or an excess) as returned.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS statement_credits (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  state TEXT NOT NULL,
  order_id TEXT,
  booked_on TEXT NOT NULL,
  amount INTEGER NOT NULL,
  title TEXT NOT NULL,
  reference TEXT NOT NULL,
  returned_on TEXT,
  returned_reference TEXT,
  by TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS statement_credits_order ON statement_credits (order_id, state);
`;

/** Makes the table (the constructor, after the schema's migration). */
export function statementCreditTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

type Row = {
  key: string;
  kind: KeptCredit['kind'];
  state: KeptCredit['state'];
  order_id: string | null;
  booked_on: string;
  amount: number;
  title: string;
  reference: string;
  returned_on: string | null;
  returned_reference: string | null;
  by: string | null;
  created_at: number;
};

const toKept = (row: Row): KeptCredit => ({
  key: row.key,
  kind: row.kind,
  state: row.state,
  orderId: row.order_id,
  bookedOn: row.booked_on,
  amount: row.amount,
  title: row.title,
  reference: row.reference,
  returned:
    row.state === 'returned'
      ? { on: row.returned_on ?? '', reference: row.returned_reference ?? '', by: row.by ?? '' }
      : null,
  at: iso(row.created_at),
});

/**
 * The key of a statement's credit: its booking day, amount, the bank's reference and title, and
 * which of the file's identical lines it is (two equal instalments on one day stay two).
 */
export const creditKey = (credit: TransferCredit, occurrence: number) =>
  `${credit.bookedOn}|${credit.amount}|${credit.reference}|${credit.title}|${occurrence}`;

/** A credit kept before under this key, or null. */
export function keptCredit(sql: SqlStorage, key: string): KeptCredit | null {
  const row = sql.exec<Row>('SELECT * FROM statement_credits WHERE key = ?', key).toArray()[0];
  return row ? toKept(row) : null;
}

/** Keeps a credit once (in the caller's transaction); false when its key was kept already. */
export function keepCredit(
  sql: SqlStorage,
  key: string,
  credit: TransferCredit,
  kind: KeptCredit['kind'],
  orderId: string | null,
  now: number,
  amount: number = credit.amount,
): boolean {
  return (
    sql
      .exec(
        `INSERT INTO statement_credits (key, kind, state, order_id, booked_on, amount, title, reference, created_at, updated_at)
         VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING key`,
        key,
        kind,
        orderId,
        credit.bookedOn,
        amount,
        credit.title.slice(0, 500),
        credit.reference,
        now,
        now,
      )
      .toArray().length > 0
  );
}

/** The open parts of an order's gross received so far: their sum and the last day one arrived. */
export function openParts(sql: SqlStorage, orderId: string): { sum: number; lastOn: string | null } {
  const row = sql
    .exec<{ sum: number | null; last: string | null }>(
      "SELECT SUM(amount) AS sum, MAX(booked_on) AS last FROM statement_credits WHERE order_id = ? AND kind = 'part' AND state = 'open'",
      orderId,
    )
    .one();
  return { sum: row.sum ?? 0, lastOn: row.last };
}

/** The open parts of an order paid it: they are applied (in the caller's transaction). */
export function applyParts(sql: SqlStorage, orderId: string, now: number): void {
  sql.exec(
    "UPDATE statement_credits SET state = 'applied', updated_at = ? WHERE order_id = ? AND kind = 'part' AND state = 'open'",
    now,
    orderId,
  );
}

/** Kept credits for organisers: the open ones first (oldest first), then the rest (newest first). */
export function listKeptCredits(sql: SqlStorage): KeptCredit[] {
  return sql
    .exec<Row>(
      "SELECT * FROM statement_credits ORDER BY state <> 'open', CASE WHEN state = 'open' THEN created_at ELSE -updated_at END LIMIT 500",
    )
    .toArray()
    .map(toKept);
}

/** An organiser marks an open excess or unmatched credit as sent back (once). */
export function markReturned(
  sql: SqlStorage,
  key: string,
  record: { on: string; reference: string; by: string },
  now: number,
):
  | { kind: 'returned'; credit: KeptCredit }
  | { kind: 'refused'; error: 'not_found' | 'not_open'; credit?: KeptCredit } {
  const found = keptCredit(sql, key);
  if (!found) return { kind: 'refused', error: 'not_found' };
  if (found.state !== 'open' || found.kind === 'part') return { kind: 'refused', error: 'not_open', credit: found };
  sql.exec(
    "UPDATE statement_credits SET state = 'returned', returned_on = ?, returned_reference = ?, by = ?, updated_at = ? WHERE key = ? AND state = 'open'",
    record.on,
    record.reference,
    record.by,
    now,
    key,
  );
  return { kind: 'returned', credit: keptCredit(sql, key) as KeptCredit };
}

/** An unmatched credit an organiser gave to an order: it becomes a part of that order's gross. */
export function assignCredit(sql: SqlStorage, key: string, orderId: string, by: string, now: number): void {
  sql.exec(
    "UPDATE statement_credits SET kind = 'part', order_id = ?, by = ?, updated_at = ? WHERE key = ? AND kind = 'unmatched' AND state = 'open'",
    orderId,
    by,
    now,
    key,
  );
}
