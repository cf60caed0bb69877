import { type Hold, type ProductHolds, type Scarcity, scarcity } from '../../site/holds';
import { buyerKind, type InvoiceData, type VatCheck } from '../../site/invoices';
import type { OrderStatus, Provider, PurchaseResult } from '../../site/orders';
import { PRODUCTS, type ProductId, product } from '../../site/tickets';
import { iso } from './schema';
import { remaining, taken } from './stock';

// The hold rules of site/holds.ts, counted in the box office's transaction: how many unpaid places
// of a scarce product one buyer and all transfers may keep, and the organisers' view of the holds.

type HoldRefusal = Extract<PurchaseResult, { error: 'hold_limit' | 'transfer_needs_company' | 'transfer_limit' }>;

/**
 * Whether a buyer is a company whose tax number is verified, which a transfer of a scarce product
 * needs: a Polish NIP (its checksum was checked when it was given) or an EU VAT number VIES confirmed.
 */
export function verifiedCompany(invoice: InvoiceData | null | undefined, vatCheck: VatCheck | undefined): boolean {
  if (!invoice?.taxId) return false;
  const kind = buyerKind(invoice);
  if (kind === 'pl_business') return true;
  return kind === 'eu_business' && vatCheck?.status === 'valid';
}

/** Places of each product held by pending orders whose hold runs past `now` and that match `where`. */
function unpaid(sql: SqlStorage, now: number, where: string, ...values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of sql.exec<{ product: string; n: number }>(
    `SELECT t.product, COUNT(*) AS n FROM orders o JOIN tickets t ON t.order_id = o.id
       WHERE o.status = 'pending' AND o.hold_until > ? AND ${where} GROUP BY t.product`,
    now,
    ...values,
  )) {
    counts.set(row.product, row.n);
  }
  return counts;
}

/**
 * Whether a cart may be held as asked (null) or which hold rule refuses it. Only the scarce
 * products of the cart are bounded: a transfer needs a verified company; the buyer's unpaid places
 * (by e-mail, and by client address) with the cart's stay within their share; and a transfer's with
 * all transfer holds within theirs. Reads a few small counts, in the purchase's transaction.
 */
export function holdRefusal(
  sql: SqlStorage,
  request: {
    cart: Map<ProductId, number>;
    email: string;
    client: string | null;
    transfer: boolean;
    company: boolean;
  },
  now: number,
): HoldRefusal | null {
  const held = taken(sql, now);
  const scarce = new Map<ProductId, Scarcity>();
  for (const id of request.cart.keys()) {
    const rule = scarcity(product(id), remaining(product(id), held));
    if (rule) scarce.set(id, rule);
  }
  if (!scarce.size) return null;
  if (request.transfer && !request.company) {
    return { kind: 'refused', error: 'transfer_needs_company', products: [...scarce.keys()] };
  }
  const byEmail = unpaid(sql, now, 'o.email = ?', request.email);
  const byClient = request.client === null ? new Map() : unpaid(sql, now, 'o.client = ?', request.client);
  const over = [...scarce].filter(([id, rule]) => {
    const mine = Math.max(byEmail.get(id) ?? 0, byClient.get(id) ?? 0);
    return mine + (request.cart.get(id) ?? 0) > rule.perBuyer;
  });
  if (over.length) {
    return {
      kind: 'refused',
      error: 'hold_limit',
      products: over.map(([id]) => id),
      limits: Object.fromEntries(over.map(([id, rule]) => [id, rule.perBuyer])),
    };
  }
  if (request.transfer) {
    const transfers = unpaid(sql, now, "o.provider = 'transfer'");
    const full = [...scarce].filter(
      ([id, rule]) => (transfers.get(id) ?? 0) + (request.cart.get(id) ?? 0) > rule.transfers,
    );
    if (full.length) return { kind: 'refused', error: 'transfer_limit', products: full.map(([id]) => id) };
  }
  return null;
}

/** The most holds listed per product (the largest first); the counts always cover them all. */
const LISTED_HOLDS = 200;

/** Every product's unpaid holds at `now`, for organisers: bounds, totals and who holds how many. */
export function listHolds(sql: SqlStorage, now: number): ProductHolds[] {
  const rows = sql
    .exec<{
      id: string;
      code: string;
      email: string;
      name: string | null;
      invoice: string | null;
      provider: string;
      status: string;
      created_at: number;
      hold_until: number;
      product: string;
      places: number;
    }>(
      `SELECT o.id, o.code, o.email, o.name, o.invoice, o.provider, o.status, o.created_at, o.hold_until,
              t.product, COUNT(*) AS places
         FROM orders o JOIN tickets t ON t.order_id = o.id
        WHERE o.status = 'pending' AND o.hold_until > ?
        GROUP BY o.id, t.product ORDER BY places DESC, o.hold_until DESC`,
      now,
    )
    .toArray();
  const held = taken(sql, now);
  return PRODUCTS.map((item) => {
    const mine = rows.filter((row) => row.product === item.id);
    const left = remaining(item, held);
    const holds: Hold[] = mine.slice(0, LISTED_HOLDS).map((row) => ({
      orderId: row.id,
      code: row.code,
      email: row.email,
      buyer: (row.invoice ? (JSON.parse(row.invoice) as InvoiceData).name : null) ?? row.name,
      provider: row.provider as Provider,
      status: row.status as OrderStatus,
      places: row.places,
      createdAt: iso(row.created_at),
      holdUntil: iso(row.hold_until),
    }));
    return {
      id: item.id,
      remaining: left,
      scarcity: scarcity(item, left),
      held: mine.reduce((sum, row) => sum + row.places, 0),
      heldByTransfer: mine.filter((row) => row.provider === 'transfer').reduce((sum, row) => sum + row.places, 0),
      holds,
    };
  });
}
