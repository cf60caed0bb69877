import { onSaleAt, POOLS, PRODUCTS, type Product, type ProductId, type ProductState } from '../../site/tickets';

// The stock: places are never counted over orders, only read from `held` (schema.ts).

/**
 * Places taken per product at an instant: the `held` count (paid and pending orders, kept by the
 * triggers in the same transaction as each change) less the pending orders whose hold ran out
 * and that the alarm has not expired yet. Two small reads, however many orders there are.
 */
export function taken(sql: SqlStorage, now: number): Map<string, number> {
  const taken = new Map<string, number>();
  for (const row of sql.exec<{ product: string; n: number }>('SELECT product, n FROM held')) {
    taken.set(row.product, row.n);
  }
  for (const row of sql.exec<{ product: string; n: number }>(
    "SELECT product, COUNT(*) AS n FROM orders WHERE status = 'pending' AND hold_until <= ? GROUP BY product",
    now,
  )) {
    taken.set(row.product, (taken.get(row.product) ?? 0) - row.n);
  }
  return taken;
}

/** Places left for a product (its own and its pool's), or null where unlimited. */
export function remaining(item: Product, taken: Map<string, number>): number | null {
  const count = (ids: readonly ProductId[]) => ids.reduce((sum, id) => sum + (taken.get(id) ?? 0), 0);
  let left: number | null = item.capacity === null ? null : item.capacity - count([item.id]);
  if (item.pool) {
    const pool = POOLS[item.pool] - count(PRODUCTS.filter((p) => p.pool === item.pool).map((p) => p.id));
    left = left === null ? pool : Math.min(left, pool);
  }
  return left === null ? null : Math.max(0, left);
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

/** Whether one more place of a product is free at an instant (always, where unlimited). */
export function placeFree(sql: SqlStorage, item: Product, now: number): boolean {
  const limited = item.capacity !== null || item.pool !== undefined;
  return !limited || (remaining(item, taken(sql, now)) ?? 1) > 0;
}
