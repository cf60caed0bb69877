import type { CompReason } from './comps';
import type { InvoiceData, InvoiceVatRate, VatCheck } from './invoices';
import type { LanguageCode } from './languages';
import type { CountryEvidence } from './tax-rules';
import { eventStartsAt } from './terms';
import type { ProductId } from './tickets';
import type { VoucherRefusal } from './vouchers';

/**
 * The order domain's one home: statuses, the changes between them, the events of the purchase log
 * and the wire types of orders, e-mails and reports. The box office enforces it; routes, e-mails,
 * the order page and the organiser console import it.
 */

/** An order's statuses: pending holds its places; paid has tickets; the rest hold nothing. */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses whose order takes places from the stock. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['pending', 'paid'];

/**
 * The order's lifecycle: every change of status the box office makes, and no other
 * (worker/box-office/lifecycle.ts refuses the rest). A pending order is paid, runs out of time
 * (`expired`: its hold ran out, an organiser let it go, or a payment came too late for its place)
 * or is given up (`cancelled`: by the buyer, an organiser or a checkout that failed). A paid order
 * is refunded (the buyer's cancellation or an organiser's refund). An expired order whose late
 * payment finds a free place is paid; an expired or cancelled one whose late payment found none
 * is refunded. A refunded order is final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'expired', 'cancelled'],
  paid: ['refunded'],
  expired: ['paid', 'refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

/** Whether an order may go from one status to another (ORDER_TRANSITIONS). */
export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/**
 * A ticket's statuses within its order: `valid` admits (once its order is paid); `cancelled` was
 * given back alone (part of a team order, worker/box-office/part-cancel.ts): its place returns, its
 * code and page stop, its line is corrected. The order's own status stays until its last valid
 * ticket goes: then the order is cancelled whole.
 */
export const TICKET_STATUSES = ['valid', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket's changes of status (worker/box-office/lifecycle.ts `ticketTransition` refuses the rest). */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  valid: ['cancelled'],
  cancelled: [],
};

/** Whether a ticket may go from one status to another (TICKET_TRANSITIONS). */
export const canTicketTransition = (from: TicketStatus, to: TicketStatus): boolean =>
  TICKET_TRANSITIONS[from].includes(to);

/** A change of an order's status that a payment, a timer, the buyer or an organiser asks for. */
export type Settlement = 'paid' | 'processing' | 'cancelled' | 'expired' | 'refunded';

/**
 * From which statuses each request of `settle` is taken (the changes themselves are ORDER_TRANSITIONS'
 * edges). A payment is taken in any state but paid or refunded:
 * a late one (after the hold, after a cancellation) takes a free place or is refunded at once.
 * `processing` (BLIK, Przelewy24 settling later) keeps a pending order's places longer.
 */
export const SETTLE_FROM: Record<Settlement, readonly OrderStatus[]> = {
  paid: ['pending', 'expired', 'cancelled'],
  processing: ['pending'],
  cancelled: ['pending'],
  expired: ['pending'],
  refunded: ['paid'],
};

/** What a change of status did; `refundDue` when a payment came for an order without a place. */
export type SettleResult = { order: Order; changed: boolean; refundDue?: boolean };

/** The events of the purchase-intent log, one per change of an order (the console names each). */
export const ORDER_EVENTS = [
  'created',
  'payment_started',
  'payment_processing',
  'paid',
  'paid_without_place',
  'expired',
  'cancelled',
  'refunded',
  'checked_in',
  'checked_out',
  'check_in_conflict',
  'check_in_undone',
  'check_in_invited',
  'ticket_reissued',
  'workshop_registered',
  'workshop_released',
  'email_queued',
  'email_sent',
  'email_failed',
  'email_requeued',
  'invoice_issued',
  'invoice_corrected',
  'invoice_ksef_accepted',
  'invoice_ksef_rejected',
  'transfer_reminder_queued',
  'marked_paid',
  'hold_released',
  'vat_checked',
  'vat_corrected',
  'certificate_granted',
  'certificate_withdrawn',
  'ticket_cancelled',
  'refund_owed',
  'refund_recorded',
  'card_country_recorded',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** How an order is paid: a provider's checkout (card, BLIK, Przelewy24), or a bank transfer. */
/** `free`: a free ticket, paid at 0 with nothing to take (site/comps.ts). */
export const PROVIDERS = ['demo', 'stripe', 'transfer', 'free'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** What the buyer chooses in the dialog; `transfer` only with invoice data (product decisions). */
export const PAYMENT_METHODS = ['card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How long a transfer order holds its places: time for a bank transfer to arrive. */
export const TRANSFER_HOLD_DAYS = 7;
/** The reminder goes this many days before a transfer order's hold runs out, once. */
export const TRANSFER_REMINDER_DAYS_BEFORE = 2;
/**
 * No transfer order is taken from this many days before the congress starts: the hold (7 days)
 * then ends at least 3 days before the doors open, time for the organisers to see the money on a
 * statement and for the tickets to go out, and a hold never runs past the sales of any ticket
 * (on-site sales close when the congress starts).
 */
export const TRANSFER_CLOSES_DAYS_BEFORE = TRANSFER_HOLD_DAYS + 3;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A transfer order's hold, in milliseconds. */
export const TRANSFER_HOLD_MS = TRANSFER_HOLD_DAYS * DAY_MS;
/** How long before a transfer order's hold runs out its reminder is queued, in milliseconds. */
export const TRANSFER_REMINDER_MS = TRANSFER_REMINDER_DAYS_BEFORE * DAY_MS;

/** The instant from which no transfer order is taken (see TRANSFER_CLOSES_DAYS_BEFORE). */
export const transferClosesAt = (): number => eventStartsAt() - TRANSFER_CLOSES_DAYS_BEFORE * DAY_MS;

/** How many tickets one order holds at most; a larger group writes to the organisers. */
export const MAX_TICKETS = 20;

/** One line of a cart: a ticket of a product, for a named holder with an optional e-mail. */
export type CartItem = { product: ProductId; name?: string; email?: string; access?: AccessNeeds };

/**
 * A holder's accessibility answers (the purchase's optional question): assistance at the venue, a
 * wheelchair space, a short note. Health-related personal data (GDPR art. 9): kept with the ticket
 * only for the event, shown to the organisers who arrange it, cleared when the ticket changes holder.
 * Absent when nothing was answered.
 */
export type AccessNeeds = { assistance?: true; wheelchair?: true; note?: string };

/**
 * A ticket: one admission (or online access) of an order, for one holder. Its `code` is what its
 * QR code carries (signed, worker/tickets/code.ts); a change of holder gives it a new one, and
 * the old code is refused at the door. Amounts are the ticket's share of the order's.
 */
export type Ticket = {
  id: string;
  orderId: string;
  /** 1, 2, 3… in the order of the cart. */
  position: number;
  product: ProductId;
  name: string | null;
  email: string | null;
  net: number;
  vat: number;
  gross: number;
  code: string;
  checkedInAt: string | null;
  /** The voucher that lowered its price (its code) and its net before the discount; absent without one. */
  voucher?: string;
  listNet?: number;
  /** Its VAT rate (site/tax-rules.ts decides it when the order is made). */
  vatRate?: InvoiceVatRate;
  /** The holder's accessibility answers, when they gave any (AccessNeeds). */
  access?: AccessNeeds;
};

/**
 * What an order keeps of its VAT rule (site/tax-rules.ts): the buyer's country for tax, whether the
 * seller used OSS when it was made, and the evidence of the country (OSS needs two that agree).
 */
export type OrderTax = { country: string; oss: boolean; evidence: CountryEvidence };

/** An order as the box office keeps it. Amounts are integers in grosze; times are ISO strings. */
export type Order = {
  id: string;
  code: string;
  /** The product of the first ticket: what a one-ticket order is (each ticket names its own). */
  product: ProductId;
  /** The order's tickets in the cart's order: at least one. */
  tickets: Ticket[];
  net: number;
  vat: number;
  gross: number;
  currency: 'PLN';
  email: string;
  name: string | null;
  lang: LanguageCode;
  /** Who the invoice is made out to, when the buyer asked for one (site/invoices.ts). */
  invoice: InvoiceData | null;
  status: OrderStatus;
  /** Who takes the money: a checkout provider, or the organisers' bank account (`transfer`). */
  provider: Provider;
  /** The provider's reference (Stripe Checkout Session id) once the order was sent to payment. */
  providerRef: string | null;
  /** Until when a pending order holds its place. */
  holdUntil: string;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** When a buyer cancelled a paid order and was refunded. */
  cancelledAt: string | null;
  /** The voucher the order used, if any (its code in capitals). */
  voucher?: string;
  /** Why a free ticket is free (site/comps.ts): its order is paid at 0 and never invoiced. */
  comp?: CompReason;
  /** The buyer's country for VAT and its evidence; absent on orders from before it was kept. */
  tax?: OrderTax;
  /**
   * The versions of the terms and the privacy policy the buyer accepted, and when; null only for
   * orders placed before the box office recorded consent.
   */
  consent: (Consent & { at: string }) | null;
};

/** The versions (the dates they apply from) of the terms and the privacy policy a buyer accepted. */
export type Consent = { terms: string; privacy: string };

/** What a new order is made of; the box office adds its status, code and times. */
export type NewOrder = {
  id: string;
  /** The cart: one to MAX_TICKETS tickets, each counted against its product's stock. */
  items: CartItem[];
  email: string;
  /** The buyer's name. */
  name?: string;
  lang: LanguageCode;
  invoice?: InvoiceData;
  provider: Order['provider'];
  /** SHA-256 (hex) of the buyer's secret for the order's link; the secret itself is never stored. */
  tokenHash: string;
  /** The client address's hash (never the address): one address's unpaid holds are bounded. */
  client?: string;
  /** What VIES said of the buyer's EU VAT number, when they gave one. */
  vatCheck?: VatCheck;
  /** A voucher code as the buyer typed it (any case). */
  voucher?: string;
  /** The buyer's country for VAT (the billing address's or the one chosen), its evidence, and the seller's OSS. */
  tax?: OrderTax;
  /**
   * The terms and privacy policy the buyer accepted: the box office refuses an order without the
   * versions in force (`consent_refused`) and stores them with the order's time.
   */
  consent: Consent;
};

/** A value of a log entry's data (flat: it also crosses the call to the Durable Object). */
export type Json = string | number | boolean | null;

/** An entry of the purchase-intent log: one change of one order. */
export type LogEntry = {
  seq: number;
  orderId: string;
  event: OrderEvent;
  at: string;
  data: Record<string, Json>;
};

/** The outcome of a purchase in the box office. */
export type PurchaseResult =
  | { kind: 'created' | 'replayed'; order: Order; paymentUrl: string | null }
  | { kind: 'refused'; error: 'sold_out' | 'sales_closed'; products: ProductId[] }
  | { kind: 'refused'; error: 'idempotency_key_reused' }
  /**
   * The terms or the privacy policy not accepted in the versions in force (site/purchase-rules.ts
   * `consentErrors`), by the API's path: nothing is held. The routes answer 422 with these fields.
   */
  | { kind: 'refused'; error: 'consent_refused'; fields: Record<string, 'consent_required' | 'consent_outdated'> }
  | { kind: 'refused'; error: 'invalid_voucher'; reason: VoucherRefusal }
  /** A transfer order asked for too close to the congress (transferClosesAt). */
  | { kind: 'refused'; error: 'transfer_closed'; until: string }
  /**
   * The hold rules (site/holds.ts): the buyer's unpaid places of a scarce product would pass their
   * share (`limits`, places per product); a transfer of a scarce product without a verified company
   * (`transfer_needs_company`), or past the transfers' share of its stock (`transfer_limit`).
   */
  | { kind: 'refused'; error: 'hold_limit'; products: ProductId[]; limits: Partial<Record<ProductId, number>> }
  | { kind: 'refused'; error: 'transfer_needs_company' | 'transfer_limit'; products: ProductId[] };

/** A bank transfer an organiser records (by hand, or from a statement): amount in grosze, booking day. */
export type TransferPayment = {
  amount: number;
  /** The day the money arrived (`YYYY-MM-DD`): the invoice's date of payment. */
  paidOn: string;
  /** The bank's reference or the transfer's title, for the log. */
  reference?: string;
  /** Who recorded it: `organiser`, `statement`. */
  by: string;
};

/**
 * What became of a transfer recorded for an order. `paid`: tickets, confirmation and invoice follow.
 * Refusals change nothing: `amount_mismatch` (the transfer is not the order's gross, `expected`),
 * `no_place` (the order expired and its places are gone: the organisers return the money),
 * `already_paid` (recorded before: nothing twice), `not_transfer` (the order is paid another way),
 * `not_payable` (cancelled or refunded), `invalid_date` (the day it arrived is outside the order's
 * life, `reason`), `not_found`.
 */
export type TransferResult =
  | { kind: 'paid'; order: Order }
  | { kind: 'refused'; error: 'amount_mismatch'; expected: number; order: Order }
  | { kind: 'refused'; error: 'already_paid' | 'no_place' | 'not_transfer' | 'not_payable'; order: Order }
  | { kind: 'refused'; error: 'invalid_date'; reason: PaymentDateProblem; order: Order }
  | { kind: 'refused'; error: 'not_found' };

/**
 * Why the day a transfer arrived cannot be its order's date of payment: before the order was placed,
 * after today, or a day no FA(3) invoice can carry (site/payment-date.ts).
 */
export type PaymentDateProblem = 'before_order' | 'in_future' | 'out_of_range';

/** A page of orders for organisers, oldest first; `cursor` continues after the last one. */
export type OrderPage = { orders: Order[]; cursor: string | null };

/** What organisers can filter the order list by. */
export type OrderFilter = {
  status?: OrderStatus;
  product?: ProductId;
  /** An e-mail (or part of one), an order or ticket code, or a name: the buyer's or a ticket holder's. */
  q?: string;
  /** Created at or after / before these instants (ISO). */
  from?: string;
  to?: string;
  /** The list's order by creation: oldest first unless asked (the console shows the newest first). */
  sort?: 'oldest' | 'newest';
};

/** Sales at a glance (amounts in grosze; days and hours local to the venue, Europe/Warsaw). */
export type SalesStats = {
  products: {
    id: ProductId;
    /** Paid tickets that were bought (free tickets are `free`). */
    sold: number;
    /** Free tickets issued (site/comps.ts): they take places, bring no revenue. */
    free: number;
    pending: number;
    remaining: number | null;
    revenue: { net: number; vat: number; gross: number };
  }[];
  totals: { sold: number; free: number; pending: number; revenue: { net: number; vat: number; gross: number } };
  /** Tickets of paid orders per day of payment (`2027-03-15`), with their gross. */
  salesPerDay: { day: string; count: number; gross: number }[];
  /** Check-ins per hour (`2027-10-23T09:00`). */
  checkInsPerHour: { hour: string; count: number }[];
};

/** A credit of a bank statement, as the box office matches it to an order (worker/payments/mt940.ts). */
export type TransferCredit = {
  /** Its `:61:` line in the statement. */
  line: number;
  bookedOn: string;
  amount: number;
  currency: string;
  title: string;
  /** The order codes its title may name, in the order they appear. */
  candidates: string[];
  /** The bank's reference, for the log. */
  reference: string;
  /** Which statement of the file it is in (from 0): a reversal undoes a credit of its own statement. */
  statement: number;
  /** The references its `:61:` gives (the account owner's, the bank's; never NONREF), which a reversal repeats. */
  references: string[];
};

/** A reversal of a credit (`RC`: the bank takes money back) in a bank statement. */
export type TransferReversal = Omit<TransferCredit, 'reference'>;

/** What the import of a statement did with each of its credits and reversals. */
export type TransferReport = {
  line: number;
  bookedOn: string;
  amount: number;
  title: string;
  /** The order code found in the title, or null. */
  code: string | null;
  orderId?: string;
  result: TransferOutcome;
  /** The order's gross, for `amount_mismatch`. */
  expected?: number;
  /** For `underpaid` and `overpaid`: what the order's credits kept so far add up to. */
  received?: number;
  /** For `invalid_date`: why its day cannot be the date of payment. */
  reason?: PaymentDateProblem;
  /** For `ambiguous`: the order codes the title names. */
  codes?: string[];
  /** For `reversed`: the line of the reversal; for `reversal`, the line of the credit it takes back. */
  reversedBy?: number;
  reverses?: number;
  /** For `reversed` and `reversal_unmatched`: the order named is paid, so the organisers check it by hand. */
  orderPaid?: boolean;
};

/**
 * What became of a line of a statement: a credit `paid` (or refused as `markTransferPaid` refuses:
 * `already_paid`, `amount_mismatch`, `no_place`, `not_transfer`, `not_payable`, `invalid_date`), or
 * not paid because no order is named (`unknown_code`), several are (`ambiguous`: the organisers match
 * it by hand) or the statement reverses it (`reversed`). A reversal (`RC`) is reported as `reversal`
 * with the credit it undoes, or `reversal_unmatched` when the statement holds no such credit.
 */
export type TransferOutcome =
  | 'paid'
  | 'already_paid'
  | 'amount_mismatch'
  | 'no_place'
  | 'unknown_code'
  | 'not_transfer'
  | 'not_payable'
  | 'invalid_date'
  | 'ambiguous'
  | 'reversed'
  | 'reversal'
  | 'reversal_unmatched'
  /** Less than the order's gross: kept as a part until the parts add up (a split payment). */
  | 'underpaid'
  /** More than the gross (alone or with the parts before it): the order paid, the excess kept to return. */
  | 'overpaid';

/** The outcome of a buyer's change of a ticket's holder. */
export type ReissueResult =
  | { kind: 'reissued'; ticket: Ticket; order: Order }
  | { kind: 'refused'; error: 'not_found' | 'not_paid' | 'changes_closed' }
  /** The ticket was admitted at the door (`at`): its holder is in, so it keeps that holder. */
  | { kind: 'refused'; error: 'checked_in'; at: string };

/** The outcome of a buyer's cancellation: `refundDue` until the provider has given the money back. */
export type CancelResult =
  | { kind: 'cancelled'; order: Order }
  | { kind: 'refused'; error: 'not_found' | 'not_cancellable' | 'cancellation_closed'; order?: Order };

/**
 * A ticket cancelled alone, as the order page and the console show it: its place, code and page are
 * gone; `refund` says how its gross came back (`refunded` by the provider, `owed` by a transfer the
 * organisers still make, `recorded` once they have).
 */
export type CancelledTicket = {
  id: string;
  position: number;
  product: ProductId;
  name: string | null;
  gross: number;
  cancelledAt: string;
  by: string;
};

/**
 * Money owed back by a transfer the organisers make (a transfer order cancelled whole or in part):
 * `owed` until an organiser records it, once (`recorded`, with the amount, day and reference).
 */
export type RefundOwed = {
  id: string;
  orderId: string;
  orderCode: string;
  /** The cancelled ticket it is for, or null for the whole order. */
  ticketId: string | null;
  amount: number;
  owedAt: string;
  state: 'owed' | 'recorded';
  recorded: { amount: number; on: string; reference: string; by: string; at: string } | null;
};

/** The outcome of cancelling one ticket of an order (`orderCancelled`: it was the last valid one). */
export type PartCancelResult =
  | { kind: 'cancelled'; order: Order; ticket: CancelledTicket; orderCancelled: boolean; refund: 'refunded' | 'owed' }
  | {
      kind: 'refused';
      error: 'not_found' | 'not_paid' | 'cancellation_closed' | 'checked_in' | 'ticket_cancelled';
      order?: Order;
    };

/** The outcome of a workshop registration. */
export type WorkshopResult =
  | { kind: 'registered'; orderId: string; seatsLeft: number }
  | {
      kind: 'refused';
      error: 'order_not_found' | 'ticket_not_eligible' | 'online_ticket' | 'already_registered' | 'workshop_full';
    };

/**
 * What an e-mail is about: a paid order (to the buyer), a ticket (to its holder, when they have an
 * address of their own), a workshop seat, a contact message for the organisers, a payment that came
 * after the order's place was gone and was given back, a buyer's cancellation and its refund, the
 * details of a bank transfer right after a transfer order (`proforma`) and its reminder, and the
 * reverse charge applied once VIES confirmed the buyer's VAT number (`vat_correction`); a partner's link to name the holders of their allotment (`allotment`, its subject the allotment, not an order); news to ticket holders (`news`, its subject a message of
 * site/news.ts, not an order) and its test to the organisers (`news_test`); an invoice or a correction
 * of the buyer's data made after the sale (`invoice`, its data the document's id).
 */
export const EMAIL_KINDS = [
  'confirmation',
  'ticket',
  'workshop',
  'contact',
  'late_refund',
  'cancellation',
  'proforma',
  'transfer_reminder',
  'vat_correction',
  'news',
  'news_test',
  'allotment',
  'invoice',
  'waitlist_confirm',
  'waitlist_offer',
  'ticket_cancellation',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

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

/** The body of a message on the KSeF queue: an invoice of the box office to submit. */
export type KsefJob = { invoiceId: string };

/**
 * A credit an MT940 statement left over (worker/box-office/statement-credits.ts), as
 * `GET /api/admin/transfers/credits` lists it: `part` of an order's gross (open until the parts add
 * up: then `applied`), the `excess` of a payment over its order's gross, or `unmatched` (no order
 * named); an excess or an unmatched credit stays `open` until an organiser marks it `returned` (or
 * matches the unmatched one).
 */
export type KeptCredit = {
  key: string;
  kind: 'part' | 'excess' | 'unmatched';
  state: 'open' | 'applied' | 'returned';
  orderId: string | null;
  bookedOn: string;
  amount: number;
  title: string;
  reference: string;
  returned: { on: string; reference: string; by: string } | null;
  at: string;
};
