import { EVENT } from '../../site/event';
import type { OrderFilter, OrderPage, SalesStats } from '../../site/orders';
import { PRODUCTS } from '../../site/tickets';
import { likeAnywhere, whereOf } from '../sql-where';
import { type OrderRow, ticketsOf, toOrder } from './schema';
import { remaining, taken } from './stock';

// What organisers read: the order list and the sales figures.

/**
 * Orders for organisers, oldest first (or newest first), `limit` at a time after `cursor` (an order
 * id: ids sort by creation time).
 */
export function listOrders(sql: SqlStorage, filter: OrderFilter, cursor: string | null, limit: number): OrderPage {
  const newest = filter.sort === 'newest';
  // Without a cursor the bound lies past every id: '' sorts before them, '~' after them.
  const code = filter.q?.toUpperCase() ?? '';
  const like = likeAnywhere(filter.q?.toLowerCase() ?? '');
  const { clause, values } = whereOf([
    [newest ? 'id < ?' : 'id > ?', cursor ?? (newest ? '~' : '')],
    filter.status && ['status = ?', filter.status],
    filter.product && [
      'EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = orders.id AND t.product = ?)',
      filter.product,
    ],
    // The buyer's code, e-mail or name, or any ticket's code, holder's name or e-mail.
    filter.q && [
      `(code = ? OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM tickets t
        WHERE t.order_id = orders.id AND (t.code = ? OR t.email LIKE ? ESCAPE '\\' OR t.name LIKE ? ESCAPE '\\')))`,
      code,
      like,
      like,
      code,
      like,
      like,
    ],
    filter.from && ['created_at >= ?', Date.parse(filter.from)],
    filter.to && ['created_at < ?', Date.parse(filter.to)],
  ]);
  const rows = sql
    .exec<OrderRow>(
      `SELECT * FROM orders ${clause} ORDER BY id ${newest ? 'DESC' : 'ASC'} LIMIT ?`,
      ...values,
      limit + 1,
    )
    .toArray();
  const kept = rows.slice(0, limit);
  const tickets = ticketsOf(
    sql,
    kept.map((row) => row.id),
  );
  const page = kept.map((row) => toOrder(row, tickets.get(row.id) ?? []));
  return { orders: page, cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/**
 * Sales at a glance for organisers: per product the tickets sold and pending, places remaining and
 * revenue of paid tickets; paid orders per day (Europe/Warsaw) and tickets checked in per hour.
 */
export function salesStats(sql: SqlStorage, now: number): SalesStats {
  const held = taken(sql, now);
  const perProduct = new Map(
    sql
      .exec<{ product: string; sold: number; free: number; pending: number; net: number; vat: number; gross: number }>(
        `SELECT t.product, SUM(o.status = 'paid' AND o.comp IS NULL) AS sold, SUM(o.status = 'paid' AND o.comp IS NOT NULL) AS free, SUM(o.status = 'pending' AND o.hold_until > ?) AS pending,
           TOTAL(CASE WHEN o.status = 'paid' THEN t.net END) AS net, TOTAL(CASE WHEN o.status = 'paid' THEN t.vat END) AS vat,
           TOTAL(CASE WHEN o.status = 'paid' THEN t.gross END) AS gross
         FROM tickets t JOIN orders o ON o.id = t.order_id GROUP BY t.product`,
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
      free: counts?.free ?? 0,
      pending: counts?.pending ?? 0,
      remaining: remaining(item, held),
      revenue: { net: counts?.net ?? 0, vat: counts?.vat ?? 0, gross: counts?.gross ?? 0 },
    };
  });
  const totals = products.reduce(
    (sum, p) => ({
      sold: sum.sold + p.sold,
      free: sum.free + p.free,
      pending: sum.pending + p.pending,
      revenue: {
        net: sum.revenue.net + p.revenue.net,
        vat: sum.revenue.vat + p.revenue.vat,
        gross: sum.revenue.gross + p.revenue.gross,
      },
    }),
    { sold: 0, free: 0, pending: 0, revenue: { net: 0, vat: 0, gross: 0 } },
  );
  // Warsaw's offset of each instant is not known to SQLite: group by UTC hour, then by local day here.
  const local = (ms: number, length: number) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: EVENT.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .format(ms)
      .replace(' ', 'T')
      .slice(0, length);
  /** Rows of (UTC hour, count, gross) summed per local day or hour. */
  const buckets = (rows: Iterable<{ hour: number; n: number; gross: number }>, length: number) => {
    const buckets = new Map<string, { count: number; gross: number }>();
    for (const row of rows) {
      const key = local(row.hour * 3600000, length);
      const bucket = buckets.get(key) ?? { count: 0, gross: 0 };
      buckets.set(key, { count: bucket.count + row.n, gross: bucket.gross + row.gross });
    }
    return [...buckets].map(([at, bucket]) => ({ at, ...bucket }));
  };
  // Tickets, not orders: a day with one order of four tickets sold four ("most tickets in one day").
  const paid = sql.exec<{ hour: number; n: number; gross: number }>(
    `SELECT (o.paid_at / 3600000) AS hour, COUNT(*) AS n, SUM(t.gross) AS gross FROM orders o
       JOIN tickets t ON t.order_id = o.id
       WHERE o.paid_at IS NOT NULL AND o.status = 'paid' GROUP BY hour ORDER BY hour`,
  );
  const checkedIn = sql.exec<{ hour: number; n: number; gross: number }>(
    `SELECT (t.checked_in_at / 3600000) AS hour, COUNT(*) AS n, 0 AS gross FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.checked_in_at IS NOT NULL AND o.status = 'paid' GROUP BY hour ORDER BY hour`,
  );
  return {
    products,
    totals,
    salesPerDay: buckets(paid, 10).map(({ at, count, gross }) => ({ day: at, count, gross })),
    checkInsPerHour: buckets(checkedIn, 13).map(({ at, count }) => ({ hour: `${at}:00`, count })),
  };
}
