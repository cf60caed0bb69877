import {
  type AllotmentView,
  type CompBatch,
  type CompReason,
  type CompRow,
  type CompRowReport,
  checkCompRows,
} from '../../site/comps';
import type { LanguageCode } from '../../site/languages';
import { PARTNER_PACKAGES, type PartnerPackage } from '../../site/partners';
import { PRODUCTS, type ProductId, product } from '../../site/tickets';
import { constantTimeEqual } from '../crypto';
import { timeSortableId } from '../ids';
import type { Tx } from './context';
import { settle } from './lifecycle';
import { iso, type OrderRow } from './schema';
import { remaining, shortOf, taken } from './stock';
import { insertTicket, newCode } from './tickets';

// Free tickets (site/comps.ts): a batch of rows becomes one order per holder, paid at 0 by the
// lifecycle (pending -> paid, its confirmation and ticket e-mails, no invoice: an order without
// invoice data never takes a number), all in one transaction: every row or none. Partner
// allotments: a package's places, each naming one free ticket of reason `partner`.

/** What a batch did: issued (or replayed for its Idempotency-Key), or refused with nothing issued. */
export type CompResult =
  | { kind: 'issued' | 'replayed'; batch: CompBatch }
  | { kind: 'refused'; error: 'invalid_rows'; rows: CompRowReport[] }
  | { kind: 'refused'; error: 'idempotency_key_reused' }
  | { kind: 'refused'; error: 'sold_out'; products: ProductId[]; remaining: Partial<Record<ProductId, number>> };

/** A batch to issue: the rows checked by the route already (and again here). */
export type CompInput = {
  reason: CompReason;
  product: ProductId;
  note?: string;
  rows: CompRow[];
  by: string;
  now: number;
  idempotencyKey?: string;
  fingerprint: string;
  allotmentId?: string;
};

type BatchRow = {
  id: string;
  idempotency_key: string | null;
  fingerprint: string;
  reason: string;
  product: string;
  note: string | null;
  allotment_id: string | null;
  by: string;
  created_at: number;
};

/** A batch with its orders, as organisers see it. */
function loadBatch(sql: SqlStorage, batch: BatchRow): CompBatch {
  const orders = sql
    .exec<{ id: string; code: string; name: string; email: string; product: string }>(
      `SELECT o.id, o.code, t.name, t.email, t.product FROM orders o JOIN tickets t ON t.order_id = o.id
       WHERE o.comp_batch = ? ORDER BY o.id`,
      batch.id,
    )
    .toArray();
  return {
    id: batch.id,
    reason: batch.reason as CompReason,
    product: batch.product as ProductId,
    note: batch.note,
    by: batch.by,
    createdAt: iso(batch.created_at),
    orders: orders.map((o) => ({ ...o, product: o.product as ProductId })),
  };
}

/** Places left per product of a cart, for a refusal (null where unlimited is left out). */
function leftOf(sql: SqlStorage, products: ProductId[], now: number): Partial<Record<ProductId, number>> {
  const held = taken(sql, now);
  return Object.fromEntries(products.map((id) => [id, remaining(product(id), held) ?? 0]));
}

/**
 * Issues a batch of free tickets in one transaction: every row checked again, the places of the
 * whole batch counted against the stock (one product short refuses it all, with what is left),
 * then per row an order paid at 0 through the lifecycle. The same Idempotency-Key replays the
 * batch it issued; with another batch it is refused.
 */
export function issueComps(c: Tx, input: CompInput): CompResult {
  return c.transaction(() => issueBatch(c, input));
}

/** `issueComps` in the caller's transaction. */
function issueBatch(c: Tx, input: CompInput): CompResult {
  {
    if (input.idempotencyKey) {
      const known = c.sql
        .exec<BatchRow>('SELECT * FROM comp_batches WHERE idempotency_key = ?', input.idempotencyKey)
        .toArray()[0];
      if (known) {
        if (!constantTimeEqual(known.fingerprint, input.fingerprint)) {
          return { kind: 'refused', error: 'idempotency_key_reused' };
        }
        return { kind: 'replayed', batch: loadBatch(c.sql, known) };
      }
    }
    const report = checkCompRows(input.rows, input.product);
    if (report.length || !input.rows.length) return { kind: 'refused', error: 'invalid_rows', rows: report };
    const cart = new Map<ProductId, number>();
    for (const row of input.rows) {
      const id = row.product ?? input.product;
      cart.set(id, (cart.get(id) ?? 0) + 1);
    }
    const short = shortOf(c.sql, cart, input.now);
    if (short.length) {
      return { kind: 'refused', error: 'sold_out', products: short, remaining: leftOf(c.sql, short, input.now) };
    }
    const batch: BatchRow = {
      id: timeSortableId(input.now),
      idempotency_key: input.idempotencyKey ?? null,
      fingerprint: input.fingerprint,
      reason: input.reason,
      product: input.product,
      note: input.note?.trim() || null,
      allotment_id: input.allotmentId ?? null,
      by: input.by,
      created_at: input.now,
    };
    c.sql.exec(
      `INSERT INTO comp_batches (id, idempotency_key, fingerprint, reason, product, note, allotment_id, by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      batch.id,
      batch.idempotency_key,
      batch.fingerprint,
      batch.reason,
      batch.product,
      batch.note,
      batch.allotment_id,
      batch.by,
      batch.created_at,
    );
    for (const row of input.rows) issueOne(c, batch, row, input.now);
    return { kind: 'issued', batch: loadBatch(c.sql, batch) };
  }
}

/** One free ticket: its order made pending (holding its place), then paid at 0 by the lifecycle. */
function issueOne(c: Tx, batch: BatchRow, row: CompRow, now: number): void {
  const id = timeSortableId(now);
  const item = row.product ?? (batch.product as ProductId);
  const email = row.email.trim().toLowerCase();
  const name = row.name.trim();
  const order: Pick<OrderRow, 'id' | 'code' | 'email' | 'name' | 'lang'> = {
    id,
    code: newCode(c.sql),
    email,
    name,
    lang: row.lang ?? 'pl',
  };
  // No buyer's secret: the holder's e-mail carries the order's signed link (email/compose.ts); a
  // value no SHA-256 hex can equal keeps the stored-secret door shut.
  const noSecret = `free:${crypto.randomUUID()}`;
  c.sql.exec(
    `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, name, lang, invoice, status,
       provider, provider_ref, token_hash, hold_until, created_at, updated_at, client, comp, comp_batch, allotment_id)
     VALUES (?, ?, ?, 0, 0, 0, 'PLN', ?, ?, ?, NULL, 'pending', 'free', NULL, ?, ?, ?, ?, NULL, ?, ?, ?)`,
    order.id,
    order.code,
    item,
    order.email,
    order.name,
    order.lang,
    noSecret,
    now,
    now,
    now,
    batch.reason,
    batch.id,
    batch.allotment_id,
  );
  insertTicket(c.sql, {
    id: timeSortableId(now),
    order_id: id,
    position: 1,
    product: item,
    name,
    email,
    net: 0,
    vat: 0,
    gross: 0,
    code: newCode(c.sql),
    checked_in_at: null,
    updated_at: now,
  });
  c.log(id, 'created', now, {
    code: order.code,
    product: item,
    tickets: 1,
    gross: 0,
    email,
    lang: order.lang,
    provider: 'free',
    comp: batch.reason,
    batch: batch.id,
    by: batch.by,
  });
  // Paid at 0 the way every order is paid: its status by the lifecycle, its e-mails with it.
  settle(c, id, 'paid', now, { by: batch.by });
}

/** The batches issued, newest first, with their orders. */
export function listCompBatches(sql: SqlStorage, limit = 100): CompBatch[] {
  return sql
    .exec<BatchRow>('SELECT * FROM comp_batches WHERE allotment_id IS NULL ORDER BY id DESC LIMIT ?', limit)
    .toArray()
    .map((batch) => loadBatch(sql, batch));
}

// Partner allotments.

type AllotmentRow = {
  id: string;
  partner: string;
  email: string;
  tier: string;
  lang: string;
  created_at: number;
  by: string;
};

const packageOf = (tier: string): PartnerPackage =>
  PARTNER_PACKAGES.find((p) => p.tier === tier) ?? (PARTNER_PACKAGES[0] as PartnerPackage);

/** An allotment with its places used per product and its holders (tickets not given back). */
function allotmentView(sql: SqlStorage, row: AllotmentRow): AllotmentView {
  const holders = sql
    .exec<{ orderId: string; code: string; name: string; email: string; product: string }>(
      `SELECT o.id AS orderId, o.code, t.name, t.email, t.product FROM orders o JOIN tickets t ON t.order_id = o.id
       WHERE o.allotment_id = ? AND o.status IN ('pending', 'paid') ORDER BY o.id`,
      row.id,
    )
    .toArray()
    .map((h) => ({ ...h, product: h.product as ProductId }));
  const pkg = packageOf(row.tier);
  const places = PRODUCTS.filter((p) => pkg.tickets[p.id]).map((p) => ({
    product: p.id,
    size: pkg.tickets[p.id] ?? 0,
    used: holders.filter((h) => h.product === p.id).length,
  }));
  return {
    id: row.id,
    partner: row.partner,
    email: row.email,
    tier: pkg.tier,
    lang: row.lang as LanguageCode,
    createdAt: iso(row.created_at),
    by: row.by,
    places,
    holders,
  };
}

const allotmentRow = (sql: SqlStorage, id: string) =>
  sql.exec<AllotmentRow>('SELECT * FROM allotments WHERE id = ?', id).toArray()[0] ?? null;

/** Creates a partner's allotment and queues its link to the contact (in the caller's transaction). */
export function createAllotment(
  c: Tx,
  input: { partner: string; email: string; tier: PartnerPackage['tier']; lang: LanguageCode; by: string; now: number },
): AllotmentView {
  const row: AllotmentRow = {
    id: timeSortableId(input.now),
    partner: input.partner.trim(),
    email: input.email.trim().toLowerCase(),
    tier: input.tier,
    lang: input.lang,
    created_at: input.now,
    by: input.by,
  };
  c.sql.exec(
    'INSERT INTO allotments (id, partner, email, tier, lang, created_at, by) VALUES (?, ?, ?, ?, ?, ?, ?)',
    row.id,
    row.partner,
    row.email,
    row.tier,
    row.lang,
    row.created_at,
    row.by,
  );
  c.addEmail(row.id, 'allotment', null, input.now);
  return allotmentView(c.sql, row);
}

/** Every allotment, newest first, with its places used and unused. */
export function listAllotments(sql: SqlStorage): AllotmentView[] {
  return sql
    .exec<AllotmentRow>('SELECT * FROM allotments ORDER BY id DESC')
    .toArray()
    .map((row) => allotmentView(sql, row));
}

/** One allotment, or null. */
export function allotment(sql: SqlStorage, id: string): AllotmentView | null {
  const row = allotmentRow(sql, id);
  return row ? allotmentView(sql, row) : null;
}

/** What a partner's naming did. */
export type NamingResult =
  | { kind: 'issued' | 'replayed'; allotment: AllotmentView }
  | { kind: 'refused'; error: 'not_found' }
  | { kind: 'refused'; error: 'allotment_full'; product: ProductId; allotment: AllotmentView }
  | Extract<CompResult, { kind: 'refused' }>;

/**
 * The partner names one holder for a place of a product of their package: a free ticket of reason
 * `partner`, in the same transaction as the count of the places named so far, so that no burst of
 * namings passes the package's number; refused when the product is not in the package or its
 * places are all named. The route checked the link's secret.
 */
export function nameAllotmentHolder(
  c: Tx,
  input: {
    allotmentId: string;
    row: CompRow & { product: ProductId };
    now: number;
    idempotencyKey?: string;
    fingerprint: string;
  },
): NamingResult {
  return c.transaction((): NamingResult => {
    const row = allotmentRow(c.sql, input.allotmentId);
    if (!row) return { kind: 'refused', error: 'not_found' };
    const before = allotmentView(c.sql, row);
    const place = before.places.find((p) => p.product === input.row.product);
    const known = input.idempotencyKey
      ? c.sql.exec('SELECT 1 FROM comp_batches WHERE idempotency_key = ?', input.idempotencyKey).toArray().length > 0
      : false;
    if (!known && (!place || place.used >= place.size)) {
      return { kind: 'refused', error: 'allotment_full', product: input.row.product, allotment: before };
    }
    const result = issueBatch(c, {
      reason: 'partner',
      product: input.row.product,
      note: row.partner,
      rows: [input.row],
      by: `partner:${row.partner}`.slice(0, 120),
      now: input.now,
      fingerprint: input.fingerprint,
      allotmentId: row.id,
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    });
    if (result.kind === 'refused') return result;
    return { kind: result.kind, allotment: allotmentView(c.sql, row) };
  });
}
