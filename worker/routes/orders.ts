import { type Context, Hono } from 'hono';
import type { OrderView } from '../../site/order-view';
import { ticketQrSvg } from '../../site/qr';
import { boxOffice } from '../box-office/box-office';
import { constantTimeEqual, sha256Hex } from '../crypto';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { orderLinkToken, ticketCode, ticketKey } from '../tickets/code';

/**
 * The order of `id` for whoever holds its secret (`token`: the buyer's own, or the signed link of
 * the order's e-mails), or null: an unknown id and a wrong secret are the same miss, so ids cannot
 * be probed.
 */
async function findOrder(env: Env, id: string, token: string) {
  if (!/^[0-9A-Z]{26}$/.test(id) || !token || token.length > 200) return null;
  const office = boxOffice(env.BOX_OFFICE);
  const order =
    (await office.openOrder(id, await sha256Hex(token))) ??
    (constantTimeEqual(token, await orderLinkToken(ticketKey(env), id)) ? await office.order(id) : null);
  return order && { order, office };
}

/** What the buyer's order page shows of the order of `id`, for whoever holds its secret; else null. */
export async function orderView(env: Env, id: string, token: string): Promise<OrderView | null> {
  const found = await findOrder(env, id, token);
  if (!found) return null;
  const { order, office } = found;
  const [workshops, emails] = await Promise.all([office.registrations(order.id), office.emails(order.id)]);
  return {
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
    ticket: order.status === 'paid' ? { code: await ticketCode(ticketKey(env), order) } : null,
    workshops,
    emails: emails.map(({ kind, status, at }) => ({ kind, status, at })),
  };
}

const secretOf = (c: Context<AppEnv>) => {
  c.header('Cache-Control', 'private, no-store');
  return { id: c.req.param('id') ?? '', token: c.req.query('token') ?? '' };
};

/**
 * `GET /api/orders/:id?token=...`: what the buyer's order page shows.
 * `GET /api/orders/:id/ticket.svg?token=...`: the ticket's QR code of a paid order, drawn here so
 * that the order page needs no QR library (the e-mail's PNG comes from the same site/qr.ts).
 */
export const orders = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const { id, token } = secretOf(c);
    const view = await orderView(c.env, id, token);
    if (!view) throw new ApiError(404, 'not_found');
    return c.json(view);
  })
  .get('/:id/ticket.svg', async (c) => {
    const { id, token } = secretOf(c);
    const order = (await findOrder(c.env, id, token))?.order;
    // Only a paid order has a ticket; anything else is the same 404.
    if (order?.status !== 'paid') throw new ApiError(404, 'not_found');
    const svg = ticketQrSvg(await ticketCode(ticketKey(c.env), order));
    // Opened on its own, as a document, it still runs nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
