import type { OrderFilter, OrderPage, SalesStats } from '../../site/orders';
import { PRODUCTS } from '../../site/tickets';
import { type OrderRow, toOrder } from './schema';
import { remaining, taken } from './stock';

// What organisers read: the order list and the sales figures.

/** Orders for organisers, oldest first, `limit` at a time after `cursor` (an order id). */
export function listOrders(sql: SqlStorage, filter: OrderFilter, cursor: string | null, limit: number): OrderPage {
  const where = ['id > ?'];
  const values: (string | number)[] = [cursor ?? ''];
  if (filter.status) {
    where.push('status = ?');
    values.push(filter.status);
  }
  if (filter.product) {
    where.push('product = ?');
    values.push(filter.product);
  }
  if (filter.q) {
    where.push("(code = ? OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')");
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    values.push(filter.q.toUpperCase(), like, like);
  }
  if (filter.from) {
    where.push('created_at >= ?');
    values.push(Date.parse(filter.from));
  }
  if (filter.to) {
    where.push('created_at < ?');
    values.push(Date.parse(filter.to));
  }
  const rows = sql
    .exec<OrderRow>(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`, ...values, limit + 1)
    .toArray();
  const page = rows.slice(0, limit).map(toOrder);
  return { orders: page, cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/**
 * Sales at a glance for organisers: per product sold, pending and remaining places and revenue
 * of paid orders; sales per day (Europe/Warsaw) and check-ins per hour.
 */
export function salesStats(sql: SqlStorage, now: number): SalesStats {
  const held = taken(sql, now);
  const perProduct = new Map(
    sql
      .exec<{ product: string; sold: number; pending: number; net: number; vat: number; gross: number }>(
        `SELECT product, SUM(status = 'paid') AS sold, SUM(status = 'pending' AND hold_until > ?) AS pending,
           TOTAL(CASE WHEN status = 'paid' THEN net END) AS net, TOTAL(CASE WHEN status = 'paid' THEN vat END) AS vat,
           TOTAL(CASE WHEN status = 'paid' THEN gross END) AS gross
         FROM orders GROUP BY product`,
        now,
      )
      .toArray()
      .map((row) => [row.product, row]),
  );
  const products = PRODUCTS.map((item) => {
    const counts = perProduct.get(item.id);
    return {
      id: item.id,
      sold: counts?.sold ?? 0,
      pending: counts?.pending ?? 0,
      remaining: remaining(item, held),
      revenue: { net: counts?.net ?? 0, vat: counts?.vat ?? 0, gross: counts?.gross ?? 0 },
    };
  });
  const totals = products.reduce(
    (sum, p) => ({
      sold: sum.sold + p.sold,
      pending: sum.pending + p.pending,
      revenue: {
        net: sum.revenue.net + p.revenue.net,
        vat: sum.revenue.vat + p.revenue.vat,
        gross: sum.revenue.gross + p.revenue.gross,
      },
    }),
    { sold: 0, pending: 0, revenue: { net: 0, vat: 0, gross: 0 } },
  );
  // Warsaw's offset of each instant is not known to SQLite: group by UTC hour, then by local day here.
  const local = (ms: number, length: number) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .format(ms)
      .replace(' ', 'T')
      .slice(0, length);
  const perHour = (column: 'paid_at' | 'checked_in_at', length: number) => {
    const buckets = new Map<string, { count: number; gross: number }>();
    for (const row of sql.exec<{ hour: number; n: number; gross: number }>(
      `SELECT (${column} / 3600000) AS hour, COUNT(*) AS n, SUM(gross) AS gross FROM orders
         WHERE ${column} IS NOT NULL AND status = 'paid' GROUP BY hour ORDER BY hour`,
    )) {
      const key = local(row.hour * 3600000, length);
      const bucket = buckets.get(key) ?? { count: 0, gross: 0 };
      buckets.set(key, { count: bucket.count + row.n, gross: bucket.gross + row.gross });
    }
    return [...buckets].map(([at, bucket]) => ({ at, ...bucket }));
  };
  return {
    products,
    totals,
    salesPerDay: perHour('paid_at', 10).map(({ at, count, gross }) => ({ day: at, count, gross })),
    checkInsPerHour: perHour('checked_in_at', 13).map(({ at, count }) => ({ hour: `${at}:00`, count })),
  };
}
