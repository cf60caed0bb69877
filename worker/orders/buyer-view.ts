import { z } from 'zod';
import type { IssuedInvoice } from '../../site/invoices';
import type { OrderView, VatStatus } from '../../site/order-view';
import type { CancelledTicket, Order, RefundOwed } from '../../site/orders';
import { ticketPageHref } from '../../site/pages';
import { cancellationClosesAt, eventStartsAt } from '../../site/terms';
import { boxOffice } from '../box-office/box-office';
import { constantTimeEqual, sha256Hex } from '../crypto';
import { ID_PATTERN } from '../ids';
import { orderLinkToken, signedTicketCode, ticketCode, ticketKey } from '../tickets/code';
import { ticketLinkSecret } from '../tickets/page-link';

// The buyer's view of an order: opened by its secret (the buyer's own, or the signed link of the
// order's e-mails), for the order routes, the thank-you page the edge renders and the demo checkout.

/**
 * The order of `id` for whoever holds its secret (`token`: the buyer's own, or the signed link of
 * the order's e-mails), or null: an unknown id and a wrong secret are the same miss, so ids cannot
 * be probed.
 */
export async function findOrder(env: Env, id: string, token: string) {
  if (!ID_PATTERN.test(id) || !token || token.length > 200) return null;
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
  return viewOf(
    env,
    found.order,
    await found.office.registrations(id),
    await found.office.emails(id),
    await found.office.invoices(id),
    await found.office.vatStatus(id),
    await found.office.orderParts(id),
  );
}

export async function viewOf(
  env: Env,
  order: Order,
  seats: { workshopId: string; ticketId: string }[],
  emails: { kind: string; status: 'queued' | 'sent' | 'failed'; at: string }[],
  invoices: IssuedInvoice[],
  vatCheck: VatStatus | null,
  /** Its tickets cancelled alone and the refunds owed by transfer (part-cancel.ts `orderParts`). */
  parts?: { cancelled: CancelledTicket[]; refunds: RefundOwed[] },
): Promise<OrderView> {
  const paid = order.status === 'paid';
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
    cancelledAt: order.cancelledAt,
    payment: order.provider === 'transfer' ? 'transfer' : 'card',
    payBy: order.provider === 'transfer' && order.status === 'pending' ? order.holdUntil : null,
    tickets: await Promise.all(
      order.tickets.map(async (ticket) => ({
        id: ticket.id,
        position: ticket.position,
        product: ticket.product,
        name: ticket.name,
        email: ticket.email,
        checkedInAt: ticket.checkedInAt,
        gross: ticket.gross,
        ...(ticket.voucher && ticket.listNet !== undefined
          ? { voucherPrice: { listNet: ticket.listNet, net: ticket.net } }
          : {}),
        // Codes only once paid: before, a code would admit nobody and could only mislead.
        code: paid ? await ticketCode(ticketKey(env), ticket) : null,
        qrCode: paid ? await signedTicketCode(ticketKey(env), ticket) : null,
        workshops: seats.filter((seat) => seat.ticketId === ticket.id).map((seat) => seat.workshopId),
        // Its holder's page, in the order's language; a new holder's link replaces it (page-link.ts).
        page: paid ? ticketPageHref(order.lang, ticket.id, await ticketLinkSecret(ticketKey(env), ticket)) : null,
      })),
    ),
    emails: emails.map(({ kind, status, at }) => ({ kind, status, at })),
    cancellableUntil: new Date(cancellationClosesAt()).toISOString(),
    changesUntil: new Date(eventStartsAt()).toISOString(),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      kind: invoice.kind,
      issuedOn: invoice.issuedOn,
      ksefNumber: invoice.ksef.status === 'accepted' ? invoice.ksef.number : null,
    })),
    vatCheck,
    voucher: order.voucher ?? null,
    ...(parts
      ? {
          cancelledTickets: parts.cancelled,
          refunds: parts.refunds.map((refund) => ({
            ticketId: refund.ticketId,
            amount: refund.amount,
            state: refund.state,
            sentOn: refund.recorded?.on ?? null,
          })),
        }
      : {}),
  };
}

/** `?token=`, the order's secret (a base64url string), at most once. */
export const secretQuery = z.object({ token: z.string().max(200).optional() });
