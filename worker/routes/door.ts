import { Hono } from 'hono';
import { z } from 'zod';
import { boxOffice } from '../box-office/box-office';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { allow } from '../middleware/roles';
import { validJson } from '../middleware/validation';
import { normaliseTicketCode, ticketKey } from '../tickets/code';

const checkInBody = z.object({ ticket: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100) });

/**
 * Organisers at the door and at the desk (mounted under /api/admin):
 * - `POST /check-in` `{ticket}`: one decision of the box office on the scanned code, in one
 *   transaction (worker/box-office/check-in.ts): 200 with the ticket's product and holder the first
 *   time; 409 `{error:'already_checked_in', at}` after; 409 `ticket_reissued` for a code its ticket
 *   no longer has (given to another holder: only the new code admits); 409
 *   `{error:'ticket_not_valid', status}` for a ticket of an order that is not paid (pending,
 *   cancelled, refunded, expired); 404 `unknown_ticket` for a code no ticket signed. Two doors
 *   scanning one ticket admit it once, and a scan racing a change of holder either admits the old
 *   holder (and the change is refused) or is refused (and the new code admits), never both.
 * - `POST /orders/:id/resend`: queues the order's confirmation e-mail again (202).
 */
export const door = new Hono<AppEnv>()
  .post('/check-in', allow('door'), ...validJson(checkInBody, 1024), async (c) => {
    const canonical = normaliseTicketCode(c.req.valid('json').ticket);
    if (!canonical) throw new ApiError(404, 'unknown_ticket');
    const result = await boxOffice(c.env.BOX_OFFICE).admit(canonical, ticketKey(c.env), Date.now());
    if (result.kind === 'unknown') throw new ApiError(404, 'unknown_ticket');
    if (result.kind === 'reissued') throw new ApiError(409, 'ticket_reissued');
    if (result.kind === 'not_valid') throw new ApiError(409, 'ticket_not_valid', { status: result.status });
    if (result.kind === 'already') throw new ApiError(409, 'already_checked_in', { at: result.at });
    const { ticket, order } = result;
    console.log(JSON.stringify({ event: 'checked_in', orderId: order.id, ticketId: ticket.id }));
    return c.json({
      product: ticket.product,
      // The holder; a ticket without a name of its own is the buyer's.
      name: ticket.name ?? order.name,
      email: ticket.email ?? order.email,
      code: order.code,
      position: ticket.position,
      tickets: order.tickets.length,
      checkedInAt: ticket.checkedInAt,
    });
  })
  .post('/orders/:id/resend', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await office.order(c.req.param('id'));
    if (!order) throw new ApiError(404, 'not_found');
    if (order.status !== 'paid') throw new ApiError(409, 'not_paid');
    const id = await office.queueEmail(order.id, 'confirmation', null, Date.now());
    return c.json({ queued: id }, 202);
  });
