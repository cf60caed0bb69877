import type { ProductId } from '../../site/tickets';
import {
  normalVoucherCode,
  type VoucherKind,
  type VoucherRefusal,
  type VoucherTerms,
  type VoucherView,
} from '../../site/vouchers';
import type { Tx } from './context';
import { iso } from './schema';

// Vouchers: codes that lower the price of the tickets they cover (site/vouchers.ts prices them).
// A use is one ticket of a pending or paid order: `vouchers.taken` is kept by triggers (schema.ts)
// in the transaction that makes, expires, cancels or refunds the order, so a burst redeems no more
// than `uses` and an order that stops holding its places gives its uses back at once.

/** A voucher as its row stores it (times in ms since the epoch). */
export type VoucherRow = {
  code: string;
  kind: VoucherKind;
  value: number | null;
  products: string | null;
  uses: number;
  taken: number;
  valid_from: number | null;
  valid_until: number | null;
  tag: string | null;
  reserve: number;
  ended_at: number | null;
  created_at: number;
  created_by: string;
};

/** A new voucher as an organiser asks for it (the route validated its fields). */
export type NewVoucher = Pick<VoucherView, 'code' | 'kind' | 'value' | 'uses' | 'tag' | 'reserve'> & {
  products: ProductId[] | null;
  from: number | null;
  until: number | null;
};

/** A voucher that may be applied to a cart: its terms and which of the cart's tickets it covers. */
export type AppliedVoucher = VoucherTerms & {
  code: string;
  covers: (product: ProductId) => boolean;
  reserve: boolean;
};

const voucherRow = (sql: SqlStorage, code: string) =>
  sql.exec<VoucherRow>('SELECT * FROM vouchers WHERE code = ?', normalVoucherCode(code)).toArray()[0] ?? null;

/**
 * Uses held at an instant: `taken` less the tickets of pending orders whose hold ran out and that
 * the alarm has not expired yet (their use is back already, as their place is: stock.ts `taken`).
 */
function takenAt(sql: SqlStorage, row: VoucherRow, now: number): number {
  const lapsed = sql
    .exec<{ n: number }>(
      `SELECT COUNT(*) AS n FROM tickets t JOIN orders o ON o.id = t.order_id
         WHERE t.voucher = ? AND o.status = 'pending' AND o.hold_until <= ?`,
      row.code,
      now,
    )
    .one().n;
  return row.taken - lapsed;
}

const productsOf = (row: VoucherRow): string[] | null => (row.products ? JSON.parse(row.products) : null);

function toView(sql: SqlStorage, row: VoucherRow, now: number): VoucherView {
  const taken = takenAt(sql, row, now);
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    products: productsOf(row),
    uses: row.uses,
    taken,
    left: Math.max(0, row.uses - taken),
    from: row.valid_from === null ? null : iso(row.valid_from),
    until: row.valid_until === null ? null : iso(row.valid_until),
    tag: row.tag,
    reserve: row.reserve === 1,
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    createdAt: iso(row.created_at),
  };
}

/** Stores a new voucher; `exists` when its code (in any case) is taken. */
export function createVoucher(
  c: Tx,
  voucher: NewVoucher,
  by: string,
  now: number,
): { kind: 'created'; voucher: VoucherView } | { kind: 'exists' } {
  const code = normalVoucherCode(voucher.code);
  if (voucherRow(c.sql, code)) return { kind: 'exists' };
  c.sql.exec(
    `INSERT INTO vouchers (code, kind, value, products, uses, taken, valid_from, valid_until, tag, reserve, ended_at, created_at, created_by)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, NULL, ?, ?)`,
    code,
    voucher.kind,
    voucher.value,
    voucher.products ? JSON.stringify(voucher.products) : null,
    voucher.uses,
    voucher.from,
    voucher.until,
    voucher.tag,
    voucher.reserve ? 1 : 0,
    now,
    by,
  );
  return { kind: 'created', voucher: toView(c.sql, voucherRow(c.sql, code) as VoucherRow, now) };
}

/** Every voucher, newest first, with its uses taken and left at `now`; `tag` narrows to one group. */
export function listVouchers(sql: SqlStorage, now: number, tag?: string): VoucherView[] {
  const rows = tag
    ? sql.exec<VoucherRow>('SELECT * FROM vouchers WHERE tag = ? ORDER BY created_at DESC, code', tag)
    : sql.exec<VoucherRow>('SELECT * FROM vouchers ORDER BY created_at DESC, code');
  return rows.toArray().map((row) => toView(sql, row, now));
}

/**
 * Ends a voucher: no purchase takes it from now on and its reserved places go back on sale; the
 * orders that used it keep their price. Null for no such code; ending it again changes nothing.
 */
export function endVoucher(c: Tx, code: string, now: number): VoucherView | null {
  const row = voucherRow(c.sql, code);
  if (!row) return null;
  if (row.ended_at === null) c.sql.exec('UPDATE vouchers SET ended_at = ? WHERE code = ?', now, row.code);
  return toView(c.sql, voucherRow(c.sql, row.code) as VoucherRow, now);
}

/**
 * The voucher a cart may use at `now`, or why not: unknown, ended, not yet or no longer valid,
 * covering none of the cart's tickets, or without a use left for each ticket it covers (a cart is
 * discounted whole or refused: nothing is held then). Read in the purchase's transaction.
 */
export function voucherFor(
  sql: SqlStorage,
  code: string,
  products: ProductId[],
  now: number,
): { kind: 'ok'; voucher: AppliedVoucher } | { kind: 'refused'; reason: VoucherRefusal } {
  const row = voucherRow(sql, code);
  if (!row) return { kind: 'refused', reason: 'unknown' };
  if (row.ended_at !== null) return { kind: 'refused', reason: 'ended' };
  if (row.valid_from !== null && now < row.valid_from) return { kind: 'refused', reason: 'not_yet_valid' };
  if (row.valid_until !== null && now >= row.valid_until) return { kind: 'refused', reason: 'expired' };
  const allowed = productsOf(row);
  const covers = (product: ProductId) => allowed === null || allowed.includes(product);
  const covered = products.filter(covers).length;
  if (covered === 0) return { kind: 'refused', reason: 'not_for_product' };
  if (row.uses - takenAt(sql, row, now) < covered) return { kind: 'refused', reason: 'used_up' };
  return {
    kind: 'ok',
    voucher: { code: row.code, kind: row.kind, value: row.value, covers, reserve: row.reserve === 1 },
  };
}

/**
 * Places kept out of sale at `now` by vouchers that reserve them: each live reserving voucher's
 * unused uses, on its one product (stock.ts counts them as taken). An ended or expired voucher
 * reserves nothing.
 */
export function reservedPlaces(sql: SqlStorage, now: number): Map<string, number> {
  const reserved = new Map<string, number>();
  const rows = sql
    .exec<VoucherRow>(
      `SELECT * FROM vouchers WHERE reserve = 1 AND ended_at IS NULL AND (valid_until IS NULL OR valid_until > ?)`,
      now,
    )
    .toArray();
  for (const row of rows) {
    const product = productsOf(row)?.[0];
    const left = row.uses - takenAt(sql, row, now);
    if (product && left > 0) reserved.set(product, (reserved.get(product) ?? 0) + left);
  }
  return reserved;
}

/** Whether a code may be used for these products now (the dialog's check); nothing is held. */
export function checkVoucher(sql: SqlStorage, code: string, products: ProductId[], now: number) {
  const found = voucherFor(sql, code, products, now);
  return found.kind === 'ok'
    ? {
        kind: 'ok' as const,
        voucher: { code: found.voucher.code, kind: found.voucher.kind, value: found.voucher.value },
      }
    : found;
}
