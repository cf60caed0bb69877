import type { LanguageCode } from '../../site/languages';
import type { ProductId } from '../../site/tickets';

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';

export type Invoice = { company: string; taxId: string; address: string };

/** An order as the box office keeps it. Amounts are integers in grosze; times are ISO strings. */
export type Order = {
  id: string;
  code: string;
  product: ProductId;
  net: number;
  vat: number;
  gross: number;
  currency: 'PLN';
  email: string;
  name: string | null;
  lang: LanguageCode;
  invoice: Invoice | null;
  status: OrderStatus;
  provider: 'demo' | 'stripe';
  /** The provider's reference (Stripe Checkout Session id) once the order was sent to payment. */
  providerRef: string | null;
  /** Until when a pending order holds its place. */
  holdUntil: string;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** When the ticket was admitted at the door. */
  checkedInAt: string | null;
};

/** What a new order is made of; the box office adds its status, code and times. */
export type NewOrder = {
  id: string;
  product: ProductId;
  email: string;
  name?: string;
  lang: LanguageCode;
  invoice?: Invoice;
  provider: Order['provider'];
  /** SHA-256 (hex) of the buyer's secret for the order's link; the secret itself is never stored. */
  tokenHash: string;
};

/** A value of a log entry's data (flat: it also crosses the call to the Durable Object). */
export type Json = string | number | boolean | null;

/** An entry of the purchase-intent log: one change of one order. */
export type LogEntry = {
  seq: number;
  orderId: string;
  event: string;
  at: string;
  data: Record<string, Json>;
};

/** The outcome of a purchase in the box office. */
export type PurchaseResult =
  | { kind: 'created' | 'replayed'; order: Order; paymentUrl: string | null }
  | { kind: 'refused'; error: 'sold_out' | 'sales_closed' | 'idempotency_key_reused' };

/** A page of orders for organisers, oldest first; `cursor` continues after the last one. */
export type OrderPage = { orders: Order[]; cursor: string | null };

/** What organisers can filter the order list by. */
export type OrderFilter = {
  status?: OrderStatus;
  product?: ProductId;
  /** An e-mail (or part of one), an order code or a name. */
  q?: string;
  /** Created at or after / before these instants (ISO). */
  from?: string;
  to?: string;
};

/** Sales at a glance (amounts in grosze; days and hours local to the venue, Europe/Warsaw). */
export type SalesStats = {
  products: {
    id: ProductId;
    sold: number;
    pending: number;
    remaining: number | null;
    revenue: { net: number; vat: number; gross: number };
  }[];
  totals: { sold: number; pending: number; revenue: { net: number; vat: number; gross: number } };
  /** Paid orders per day (`2027-03-15`). */
  salesPerDay: { day: string; count: number; gross: number }[];
  /** Check-ins per hour (`2027-10-23T09:00`). */
  checkInsPerHour: { hour: string; count: number }[];
};

/** What a scan at the door finds. */
export type CheckInResult =
  | { kind: 'admitted'; order: Order }
  | { kind: 'already'; at: string; order: Order }
  | { kind: 'not_valid'; status: OrderStatus }
  | { kind: 'unknown' };

/** The outcome of a workshop registration. */
export type WorkshopResult =
  | { kind: 'registered'; orderId: string; seatsLeft: number }
  | { kind: 'refused'; error: 'order_not_found' | 'ticket_not_eligible' | 'already_registered' | 'workshop_full' };

/**
 * What an e-mail is about: a paid order, a workshop seat, a contact message for the organisers, a
 * payment that came after the order's place was gone and was given back.
 */
export type EmailKind = 'confirmation' | 'workshop' | 'contact' | 'late_refund';

/** An e-mail of an order as organisers see it. */
export type EmailRecord = {
  id: number;
  kind: EmailKind;
  status: 'queued' | 'sent' | 'failed';
  at: string;
  messageId?: string;
};

/** The body of a message on the mail queue: the box office's e-mail to send. */
export type MailJob = { emailId: number };
