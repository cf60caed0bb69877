import { z } from 'zod';
import { type InvoiceVatRate, type IssuedInvoice, invoiceRequestClosesAt } from '../../site/invoices';
import { type OrderView, ticketFacts, type VatStatus } from '../../site/order-view';
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
export async function orderView(env: Env, id: string, token: string, now = Date.now()): Promise<OrderView | null> {
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
    now,
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
  /** The box office's clock (worker/clock.ts), which the invoice request's window is read by. */
  now = Date.now(),
): Promise<OrderView> {
  const paid = order.status === 'paid';
  const invoiced = invoices.some((invoice) => !invoice.correction);
  const closesAt =
    paid && !invoiced && order.paidAt && order.gross > 0 ? invoiceRequestClosesAt(Date.parse(order.paidAt)) : null;
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
        ...ticketFacts(ticket),
        gross: ticket.gross,
        // Only a price the code lowered: a waiting-list offer's code (0%) took nothing off.
        ...(ticket.voucher && ticket.listNet !== undefined && ticket.listNet > ticket.net
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
    vatLines: vatLinesOf(order),
    vatCheck,
    // The order page's discount line: only when the code lowered a price.
    voucher: order.tickets.some((t) => t.voucher && t.listNet !== undefined && t.listNet > t.net)
      ? (order.voucher ?? null)
      : null,
    invoiceRequest: closesAt === null ? null : { open: now <= closesAt, until: new Date(closesAt).toISOString() },
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

/** The order's VAT by rate, in the order of its tickets (each ticket keeps its rate). */
function vatLinesOf(order: Order): { rate: InvoiceVatRate; vat: number }[] {
  const lines = new Map<InvoiceVatRate, number>();
  for (const ticket of order.tickets) {
    const rate = ticket.vatRate ?? 23;
    lines.set(rate, (lines.get(rate) ?? 0) + ticket.vat);
  }
  return [...lines].map(([rate, vat]) => ({ rate, vat }));
}
