import { Hono } from 'hono';
import { z } from 'zod';
import { boxOffice } from '../box-office/box-office';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organisersOnly } from '../organisers';
import { normaliseTicketCode, orderCodeOf, ticketCodeMatches, ticketKey } from '../tickets/code';
import { validJson } from './validation';

const checkInBody = z.object({ ticket: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100) });

/**
 * Organisers at the door and at the desk (mounted under /api/admin):
 * - `POST /check-in` `{ticket}`: 200 with the holder's product and name the first time, 409
 *   `{error:'already_checked_in', at}` after, 404 `unknown_ticket` for a code that is not a valid
 *   ticket (a forged signature, an unpaid or cancelled order). Atomic in the box office: two doors
 *   scanning one ticket admit it once.
 * - `POST /orders/:id/resend`: queues the order's confirmation e-mail again (202).
 */
export const door = new Hono<AppEnv>()
  .use('*', organisersOnly)
  .post('/check-in', ...validJson(checkInBody, 1024), async (c) => {
    const canonical = normaliseTicketCode(c.req.valid('json').ticket);
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = canonical ? await office.orderByCode(orderCodeOf(canonical)) : null;
    if (!canonical || !order || !(await ticketCodeMatches(ticketKey(c.env), canonical, order))) {
      throw new ApiError(404, 'unknown_ticket');
    }
    const result = await office.checkIn(order.id, Date.now());
    if (result.kind === 'already') throw new ApiError(409, 'already_checked_in', { at: result.at });
    if (result.kind !== 'admitted') throw new ApiError(404, 'unknown_ticket');
    const { product, name, email, code, checkedInAt } = result.order;
    console.log(JSON.stringify({ event: 'checked_in', orderId: order.id }));
    return c.json({ product, name, email, code, checkedInAt });
  })
  .post('/orders/:id/resend', async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await office.order(c.req.param('id'));
    if (!order) throw new ApiError(404, 'not_found');
    if (order.status !== 'paid') throw new ApiError(409, 'not_paid');
    const id = await office.queueEmail(order.id, 'confirmation', null, Date.now());
    return c.json({ queued: id }, 202);
  });
