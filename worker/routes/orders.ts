import { type Context, Hono } from 'hono';
import { qrSvg } from '../../site/qr';
import { boxOffice } from '../box-office/box-office';
import { constantTimeEqual, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { orderLinkToken, ticketCode, ticketKey } from '../tickets/code';

/**
 * The order of `:id` for whoever holds its secret (`?token=`: the buyer's own, or the signed link of
 * the order's e-mails). Anything else is the same 404 as an unknown id, so ids cannot be probed.
 */
async function openOrder(c: Context<AppEnv>) {
  c.header('Cache-Control', 'private, no-store');
  const token = c.req.query('token') ?? '';
  const id = c.req.param('id') ?? '';
  if (!/^[0-9A-Z]{26}$/.test(id) || !token || token.length > 200) throw new ApiError(404, 'not_found');
  const office = boxOffice(c.env.BOX_OFFICE);
  const order =
    (await office.openOrder(id, await sha256Hex(token))) ??
    (constantTimeEqual(token, await orderLinkToken(ticketKey(c.env), id)) ? await office.order(id) : null);
  if (!order) throw new ApiError(404, 'not_found');
  return { order, office };
}

/**
 * `GET /api/orders/:id?token=...`: what the buyer's order page shows.
 * `GET /api/orders/:id/ticket.svg?token=...`: the ticket's QR code of a paid order, drawn here so
 * that the order page needs no QR library (the e-mail's PNG comes from the same site/qr.ts).
 */
export const orders = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const { order, office } = await openOrder(c);
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
  })
  .get('/:id/ticket.svg', async (c) => {
    const { order } = await openOrder(c);
    // Only a paid order has a ticket; anything else is the same 404.
    if (order.status !== 'paid') throw new ApiError(404, 'not_found');
    // Square modules with no seams between them at any scale; a white ground for the quiet zone.
    const svg = qrSvg(await ticketCode(ticketKey(c.env), order)).replace(
      /^<svg /,
      '<svg shape-rendering="crispEdges" style="background:#fff" ',
    );
    // Opened on its own, as a document, it still runs nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
