import {
  onSaleAt,
  POOLS,
  PRODUCTS,
  type Product,
  type ProductId,
  type ProductState,
  product,
} from '../../site/tickets';
import type { Tx } from './context';
import { reservedPlaces } from './vouchers';

// The stock: places are never counted over tickets, only read from `held` (schema.ts).

/**
 * Places taken per product at an instant: the `held` count (the tickets of paid and pending
 * orders, kept by the triggers in the same transaction as each change) less the tickets of
 * pending orders whose hold ran out and that the alarm has not expired yet. Two small reads,
 * however many orders there are.
 */
export function taken(sql: SqlStorage, now: number): Map<string, number> {
  const taken = new Map<string, number>();
  for (const row of sql.exec<{ product: string; n: number }>('SELECT product, n FROM held')) {
    taken.set(row.product, row.n);
  }
  for (const row of sql.exec<{ product: string; n: number }>(
    `SELECT t.product, COUNT(*) AS n FROM orders o JOIN tickets t ON t.order_id = o.id
       WHERE o.status = 'pending' AND o.hold_until <= ? GROUP BY t.product`,
    now,
  )) {
    taken.set(row.product, (taken.get(row.product) ?? 0) - row.n);
  }
  // A voucher that reserves its places keeps its unused ones out of sale (vouchers.ts).
  for (const [product, n] of reservedPlaces(sql, now)) taken.set(product, (taken.get(product) ?? 0) + n);
  return taken;
}

/** Places left for a product (its own and its pool's; below 0 when oversubscribed), or null where unlimited. */
function left(item: Product, taken: Map<string, number>): number | null {
  const count = (ids: readonly ProductId[]) => ids.reduce((sum, id) => sum + (taken.get(id) ?? 0), 0);
  let left: number | null = item.capacity === null ? null : item.capacity - count([item.id]);
  if (item.pool) {
    const pool = POOLS[item.pool] - count(PRODUCTS.filter((p) => p.pool === item.pool).map((p) => p.id));
    left = left === null ? pool : Math.min(left, pool);
  }
  return left;
}

/** Places left for a product (its own and its pool's), or null where unlimited. */
export function remaining(item: Product, taken: Map<string, number>): number | null {
  const places = left(item, taken);
  return places === null ? null : Math.max(0, places);
}

/** Every product's live state at an instant. */
export function availability(sql: SqlStorage, now: number): ProductState[] {
  const held = taken(sql, now);
  return PRODUCTS.map((item) => {
    const left = remaining(item, held);
    const status = !onSaleAt(item, now) ? 'closed' : left === 0 ? 'sold_out' : 'on_sale';
    return { id: item.id, status, remaining: left } satisfies ProductState;
  });
}

/**
 * The products of a cart (tickets per product) whose places would not all be there at an instant:
 * its own capacity or its pool's (the arena's, for every on-site ticket together). Empty when the
 * whole cart fits; a cart is sold whole or not at all. `released`: places a reserving voucher kept
 * for the cart's own tickets.
 */
export function shortOf(
  sql: SqlStorage,
  cart: Map<ProductId, number>,
  now: number,
  released: Map<ProductId, number> = new Map(),
): ProductId[] {
  const after = taken(sql, now);
  for (const [id, n] of cart) after.set(id, (after.get(id) ?? 0) + n);
  // Places a reserving voucher held for this very cart: they become its tickets.
  for (const [id, n] of released) after.set(id, (after.get(id) ?? 0) - n);
  return [...cart.keys()].filter((id) => (left(product(id), after) ?? 0) < 0);
}

/** Whether one more place of a product is free at an instant (always, where unlimited). */
export function placeFree(sql: SqlStorage, item: Product, now: number): boolean {
  return shortOf(sql, new Map([[item.id, 1]]), now).length === 0;
}

/** Whether the places of every ticket of an order are free at an instant (a late payment's). */
export function placesFree(sql: SqlStorage, tickets: { product: string }[], now: number): boolean {
  const cart = new Map<ProductId, number>();
  for (const t of tickets) cart.set(t.product as ProductId, (cart.get(t.product as ProductId) ?? 0) + 1);
  return shortOf(sql, cart, now).length === 0;
}

/**
 * Places given back to sale, in the transaction that gives them back: an order that stops holding
 * (cancelled, expired, refunded: lifecycle.ts `transition`) or one ticket cancelled alone
 * (`ticketTransition`). The stock counts them already (`held`); this is the one place that hears of
 * them, where whatever waits for a place (a waiting list) is offered it. Returns the places per
 * product.
 */
export function placesReturned(_c: Tx, products: readonly ProductId[], _now: number): Map<ProductId, number> {
  const places = new Map<ProductId, number>();
  for (const id of products) places.set(id, (places.get(id) ?? 0) + 1);
  return places;
}
