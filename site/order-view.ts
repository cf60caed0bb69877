import type { Order } from './orders';

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
  | 'checkedInAt'
> & {
  ticket: { code: string } | null;
  /** The workshops the ticket is registered for, by id (site/workshops.ts). */
  workshops: string[];
  emails: { kind: string; status: 'queued' | 'sent' | 'failed'; at: string }[];
};

/**
 * What the order island starts from when the worker already knows (the thank-you page it serves):
 * the order and its ticket's QR image, or `missing` (no such order for that secret).
 */
export type KnownOrder = { kind: 'missing' } | { kind: 'loaded'; order: OrderView; qr: string };

/** The QR image of a paid order's ticket, for whoever holds the order's secret. */
export const ticketImagePath = (id: string, token: string) =>
  `/api/orders/${encodeURIComponent(id)}/ticket.svg?token=${encodeURIComponent(token)}`;

/**
 * Whether the order page keeps asking: a pending order may be paid any moment (the payment's
 * webhook can come a moment after the buyer), and a paid one shows its e-mail's delivery as it
 * happens.
 */
export const isSettling = (order: Pick<OrderView, 'status' | 'emails'>) =>
  order.status === 'pending' || (order.status === 'paid' && order.emails.some((e) => e.status === 'queued'));
