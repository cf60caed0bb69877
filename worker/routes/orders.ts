import { Hono } from 'hono';
import type { AppEnv } from '../index';
import { getOrder, secretOpens } from '../orders/store';

/**
 * `GET /api/orders/:id?token=...`: what the thank-you page shows. Without the order's own secret
 * it answers the same 404 as for an unknown id, so ids cannot be probed.
 */
export const orders = new Hono<AppEnv>().get('/:id', async (c) => {
  const token = c.req.query('token') ?? '';
  const order = /^[0-9A-Z]{26}$/.test(c.req.param('id')) ? await getOrder(c.env.ORDERS, c.req.param('id')) : null;
  c.header('Cache-Control', 'private, no-store');
  if (!order || !token || !(await secretOpens(order, token))) return c.json({ error: 'not_found' }, 404);
  return c.json({
    id: order.id,
    code: order.code,
    plan: order.plan,
    status: order.status,
    net: order.net,
    vat: order.vat,
    gross: order.gross,
    currency: order.currency,
    lang: order.lang,
    createdAt: order.createdAt,
    paidAt: order.paidAt ?? null,
  });
});
