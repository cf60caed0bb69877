import { Hono } from 'hono';
import { boxOffice } from '../box-office/box-office';
import { sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/**
 * `GET /api/orders/:id?token=...`: what the buyer's order page shows. Without the order's own
 * secret it answers the same 404 as for an unknown id, so ids cannot be probed.
 */
export const orders = new Hono<AppEnv>().get('/:id', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const token = c.req.query('token') ?? '';
  const id = c.req.param('id');
  if (!/^[0-9A-Z]{26}$/.test(id) || !token || token.length > 200) throw new ApiError(404, 'not_found');
  const order = await boxOffice(c.env.BOX_OFFICE).openOrder(id, await sha256Hex(token));
  if (!order) throw new ApiError(404, 'not_found');
  return c.json({
    id: order.id,
    code: order.code,
    product: order.product,
    status: order.status,
    net: order.net,
    vat: order.vat,
    gross: order.gross,
    currency: order.currency,
    email: order.email,
    name: order.name,
    lang: order.lang,
    invoice: order.invoice,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
  });
});
