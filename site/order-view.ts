import type { InvoiceVatRate, IssuedInvoice, VatCheck } from './invoices';
import type { CancelledTicket, Order, Ticket } from './orders';

/**
 * What the buyer sees of an order: `GET /api/orders/:id?token=…` answers it, and the worker writes
 * it into the thank-you page it serves (worker/thanks-page.ts), where the order island shows it.
 */
export type OrderView = Pick<
  Order,
  | 'id'
  | 'code'
  | 'product'
  | 'status'
  | 'net'
  | 'vat'
  | 'gross'
  | 'currency'
  | 'email'
  | 'name'
  | 'lang'
  | 'invoice'
  | 'createdAt'
  | 'paidAt'
  | 'cancelledAt'
> & {
  /** How the buyer pays: by card (a provider's checkout) or by bank transfer. */
  payment: 'card' | 'transfer';
  /** Until when a pending transfer order's money is awaited (its hold; ISO), else null. */
  payBy: string | null;
  tickets: TicketView[];
  emails: { kind: string; status: 'queued' | 'sent' | 'failed'; at: string }[];
  /** Until when the buyer can cancel (ISO; site/terms.ts), whether or not they still can. */
  cancellableUntil: string;
  /** Until when a ticket's holder can be changed (ISO): the congress's start. */
  changesUntil: string;
  /** The order's invoices and corrections, oldest first, each downloadable as PDF and FA(3) XML. */
  invoices: InvoiceView[];
  /** Where an EU business's VAT number stands with VIES, for an order that gave one; else null. */
  vatCheck: VatStatus | null;
  /** The voucher code the order used (in capitals), else null: its tickets show their list price too. */
  voucher: string | null;
  /**
   * For a paid order without an invoice: until when its buyer may still ask for one (ISO; art.
   * 106b ust. 3 of the VAT act) and whether that is still so now (the box office's clock); else null.
   */
  invoiceRequest: { open: boolean; until: string } | null;
  /**
   * The order's VAT by rate (site/tax-rules.ts), in the order of its tickets: one line each for
   * Polish 23%, a member state's OSS rate, reverse charge or outside the scope. Absent: 23% on all.
   */
  vatLines?: { rate: InvoiceVatRate; vat: number }[];
  /** Tickets cancelled alone (part of the order), in the cart's order; absent in views from before. */
  cancelledTickets?: CancelledTicket[];
  /**
   * Money owed back by a transfer the organisers make (a transfer order cancelled, whole or in part):
   * `owed` until they record it, then `recorded` with the day they sent it.
   */
  refunds?: { ticketId: string | null; amount: number; state: 'owed' | 'recorded'; sentOn: string | null }[];
};

/**
 * An EU business's VAT number on its order: what VIES said last (`unavailable` while its check
 * could not be made: 23% VAT was charged), whether the buyer may ask VIES again now (`available`),
 * only after paying (`pay_first`: a checkout at the old amount is open) or not at all (null), and
 * the correction once VIES confirmed it: the VAT taken off and how it comes back (`refunded`
 * through the provider that took the payment, `due` by a transfer the organisers make, `none` when
 * nothing had been paid yet).
 */
export type VatStatus = {
  vatId: string;
  status: VatCheck['status'];
  checkedAt: string;
  recheck: 'available' | 'pay_first' | null;
  correction: { difference: number; refund: 'refunded' | 'due' | 'none'; at: string } | null;
};

/** An invoice as its buyer sees it in the list of an order's documents. */
export type InvoiceView = Pick<IssuedInvoice, 'id' | 'number' | 'kind' | 'issuedOn'> & {
  /** Its KSeF number, once KSeF has accepted it. */
  ksefNumber: string | null;
};

/** Where the buyer downloads an invoice of their order, as PDF or as FA(3) XML. */
export const invoicePath = (orderId: string, invoiceId: string, format: 'pdf' | 'xml', token: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}.${format}?token=${encodeURIComponent(token)}`;

/** What every view of a ticket (its buyer's, its holder's page) shows of it as it is. */
export type TicketFacts = Pick<Ticket, 'id' | 'position' | 'product' | 'name' | 'email' | 'checkedInAt'>;

/** A ticket's `TicketFacts`, and nothing more of it (not its amounts, not its code). */
export const ticketFacts = (ticket: Ticket): TicketFacts => ({
  id: ticket.id,
  position: ticket.position,
  product: ticket.product,
  name: ticket.name,
  email: ticket.email,
  checkedInAt: ticket.checkedInAt,
});

/** A ticket as its buyer sees it. */
export type TicketView = TicketFacts & {
  /** The ticket's gross: what comes back when it is cancelled alone (absent in views from before). */
  gross?: number;
  /** In the buyer's view of an order with a voucher: its net price before and after the discount. */
  voucherPrice?: { listNet: number; net: number };
  /** The ticket's code to type or read aloud (20 symbols, HMAC-signed), once the order is paid; null before. */
  code: string | null;
  /**
   * What its QR code carries, once paid: the Ed25519-signed form (site/ticket-code.ts, 112 symbols),
   * which a door checks offline with the public key alone; null before.
   */
  qrCode: string | null;
  /** The workshops this ticket holds seats in, by id (site/workshops.ts). */
  workshops: string[];
  /** The ticket's own page (its holder's link, site/pages.ts `ticketPageHref`) once paid, as a path; null before. */
  page: string | null;
};

/**
 * What the order island starts from when the worker already knows (the thank-you page it serves):
 * the order and each paid ticket's QR image by ticket id, or `missing` (no such order for that secret).
 */
export type KnownOrder =
  | { kind: 'missing' }
  | { kind: 'loaded'; order: OrderView; qr: Record<string, string>; links: OrderLinks };

/**
 * A known order as the order page's island props carry it: without its QR images, which its markup
 * carries already, once per ticket (the island takes them from there as it starts, order-status.tsx
 * `servedImages`), nor what they encode (`qrCode`, 112 symbols a ticket that no gzip shrinks, which
 * the island never reads); twice they took the page past TCP's first window (docs/performance.md).
 */
export const withoutImages = (known: KnownOrder): KnownOrder =>
  known.kind === 'loaded'
    ? {
        ...known,
        order: { ...known.order, tickets: known.order.tickets.map((ticket) => ({ ...ticket, qrCode: null })) },
        qr: {},
      }
    : known;

/**
 * Where the buyer downloads the order's documents (with the order's secret, so the page's links work
 * without script): each invoice as PDF and FA(3) XML, and a pending transfer order's pro-forma.
 */
export type OrderLinks = { invoices: Record<string, { pdf: string; xml: string }>; proforma: string | null };

/** The links of an order's documents for whoever holds its secret. */
export const orderLinks = (
  order: Pick<OrderView, 'id' | 'invoices' | 'payment' | 'status'>,
  token: string,
): OrderLinks => ({
  invoices: Object.fromEntries(
    order.invoices.map((invoice) => [
      invoice.id,
      { pdf: invoicePath(order.id, invoice.id, 'pdf', token), xml: invoicePath(order.id, invoice.id, 'xml', token) },
    ]),
  ),
  proforma:
    order.payment === 'transfer' && order.status === 'pending'
      ? `/api/orders/${encodeURIComponent(order.id)}/proforma.pdf?token=${encodeURIComponent(token)}`
      : null,
});

/** The QR image of a paid order's ticket, for whoever holds the order's secret. */
export const ticketImagePath = (id: string, ticketId: string, token: string) =>
  `/api/orders/${encodeURIComponent(id)}/tickets/${encodeURIComponent(ticketId)}/qr.svg?token=${encodeURIComponent(token)}`;

/** The QR images of an order's paid tickets, as the order page loads them. */
export const ticketImages = (order: Pick<OrderView, 'id' | 'tickets'>, token: string) =>
  Object.fromEntries(order.tickets.filter((t) => t.code).map((t) => [t.id, ticketImagePath(order.id, t.id, token)]));

/**
 * Whether the order page keeps asking: a pending order may be paid any moment (the payment's
 * webhook can come a moment after the buyer), and a paid one shows its e-mail's delivery as it
 * happens.
 */
export const isSettling = (order: Pick<OrderView, 'status' | 'emails'>) =>
  order.status === 'pending' || (order.status === 'paid' && order.emails.some((e) => e.status === 'queued'));

/**
 * How long the order page waits before asking again: a few seconds while a checkout's payment may
 * land any moment, a minute for a bank transfer, which takes days and is recorded by the organisers.
 */
export const pollDelay = (order: Pick<OrderView, 'status' | 'payment'>) =>
  order.status === 'pending' && order.payment === 'transfer' ? 60_000 : 3000;
