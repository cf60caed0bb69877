import { Hono } from 'hono';
import { z } from 'zod';
import { boxOffice } from '../box-office/box-office';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { codeOf, normaliseTicketCode, ticketCodeMatches, ticketKey } from '../tickets/code';
import { validJson } from './validation';

const checkInBody = z.object({ ticket: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100) });

/**
 * Organisers at the door and at the desk (mounted under /api/admin):
 * - `POST /check-in` `{ticket}`: 200 with the ticket's product and holder the first time, 409
 *   `{error:'already_checked_in', at}` after, 409 `ticket_reissued` for the code of a ticket
 *   given to another holder since, 404 `unknown_ticket` for a code that is not a valid ticket (a
 *   forged signature, an unpaid or cancelled order). Atomic in the box office: two doors scanning
 *   one ticket admit it once.
 * - `POST /orders/:id/resend`: queues the order's confirmation e-mail again (202).
 */
export const door = new Hono<AppEnv>()
  .post('/check-in', ...validJson(checkInBody, 1024), async (c) => {
    const canonical = normaliseTicketCode(c.req.valid('json').ticket);
    const office = boxOffice(c.env.BOX_OFFICE);
    const found = canonical ? await office.ticketByCode(codeOf(canonical)) : null;
    if (found && 'retired' in found) throw new ApiError(409, 'ticket_reissued');
    const ticket = found && { id: found.id, code: codeOf(canonical ?? '') };
    if (!canonical || !ticket || !(await ticketCodeMatches(ticketKey(c.env), canonical, ticket))) {
      throw new ApiError(404, 'unknown_ticket');
    }
    const result = await office.checkIn(ticket.id, Date.now());
    if (result.kind === 'already') throw new ApiError(409, 'already_checked_in', { at: result.at });
    if (result.kind !== 'admitted') throw new ApiError(404, 'unknown_ticket');
    const { product, name, email, checkedInAt } = result.ticket;
    const { order } = result;
    console.log(JSON.stringify({ event: 'checked_in', orderId: order.id, ticketId: ticket.id }));
    return c.json({
      product,
      // The holder; a ticket without a name of its own is the buyer's.
      name: name ?? order.name,
      email: email ?? order.email,
      code: order.code,
      position: result.ticket.position,
      tickets: order.tickets.length,
      checkedInAt,
    });
  })
  .post('/orders/:id/resend', async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await office.order(c.req.param('id'));
    if (!order) throw new ApiError(404, 'not_found');
    if (order.status !== 'paid') throw new ApiError(409, 'not_paid');
    const id = await office.queueEmail(order.id, 'confirmation', null, Date.now());
    return c.json({ queued: id }, 202);
  });
