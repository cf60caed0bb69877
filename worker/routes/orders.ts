import { Hono } from 'hono';
import { boxOffice } from '../box-office/box-office';
import { constantTimeEqual, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { orderLinkToken, ticketCode, ticketKey } from '../tickets/code';

/**
 * `GET /api/orders/:id?token=...`: what the buyer's order page shows. Without the order's own
 * secret it answers the same 404 as for an unknown id, so ids cannot be probed.
 */
export const orders = new Hono<AppEnv>().get('/:id', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const token = c.req.query('token') ?? '';
  const id = c.req.param('id');
  if (!/^[0-9A-Z]{26}$/.test(id) || !token || token.length > 200) throw new ApiError(404, 'not_found');
  const office = boxOffice(c.env.BOX_OFFICE);
  // The buyer's own secret, or the signed link of the order's e-mails.
  const order =
    (await office.openOrder(id, await sha256Hex(token))) ??
    (constantTimeEqual(token, await orderLinkToken(ticketKey(c.env), id)) ? await office.order(id) : null);
  if (!order) throw new ApiError(404, 'not_found');
  const paid = order.status === 'paid';
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
    checkedInAt: order.checkedInAt,
    ticket: paid ? { code: await ticketCode(ticketKey(c.env), order) } : null,
    workshops: await office.registrations(order.id),
    emails: (await office.emails(order.id)).map(({ kind, status, at }) => ({ kind, status, at })),
  });
});
