import {
  type NewOrder,
  type Order,
  type PurchaseResult,
  type ReissueResult,
  TRANSFER_HOLD_MS,
  TRANSFER_REMINDER_MS,
  transferClosesAt,
} from '../../site/orders';
import { consentErrors } from '../../site/purchase-rules';
import { eventStartsAt } from '../../site/terms';
import { HOLD_MINUTES, onSaleAt, type ProductId, product } from '../../site/tickets';
import { constantTimeEqual } from '../crypto';
import type { Tx } from './context';
import { holdRefusal, verifiedCompany } from './holds';
import { settle } from './lifecycle';
import { iso, type OrderRow, toOrder, toTicket } from './schema';
import { shortOf } from './stock';
import { insertTicket, newCode, priceCart, reissue, ticketRow } from './tickets';
import { recordVatCheck, vatCheckLog } from './vat';
import { type AppliedVoucher, voucherFor } from './vouchers';
import { placesReturned } from './waitlist';

// Orders: a purchase holds its places (or replays its Idempotency-Key), its checkout is started,
// the buyer opens it with their secret and changes a ticket's holder. Changes of status are the
// lifecycle's (lifecycle.ts).

const HOLD_MS = HOLD_MINUTES * 60 * 1000;

/**
 * Creates a pending order whose tickets hold their places, or replays the order of an
 * Idempotency-Key, in one transaction. A cart is all or nothing: when any product is short, or
 * off sale, nothing is held and the refusal names the products.
 */
export function purchase(
  c: Tx,
  input: NewOrder & { fingerprint: string; idempotencyKey?: string; now: number; paymentReference?: string },
): PurchaseResult {
  // Consent is the box office's rule, not only the routes': no caller places an order its buyer did
  // not accept the terms and the privacy policy in force for (a replay included: same request).
  const consent = consentErrors(input.consent);
  if (Object.keys(consent).length) return { kind: 'refused', error: 'consent_refused', fields: consent };
  const result = c.transaction((): PurchaseResult => {
    if (input.idempotencyKey) {
      const known = c.sql
        .exec<{ fingerprint: string; order_id: string }>(
          'SELECT fingerprint, order_id FROM idempotency WHERE key = ?',
          input.idempotencyKey,
        )
        .toArray()[0];
      if (known) {
        if (!constantTimeEqual(known.fingerprint, input.fingerprint)) {
          return { kind: 'refused', error: 'idempotency_key_reused' };
        }
        const row = c.row(known.order_id) as OrderRow;
        return { kind: 'replayed', order: c.load(row.id), paymentUrl: row.payment_url };
      }
    }
    // A place whose hold ran out (the alarm has not expired it yet) or whose offer ran out goes to
    // the waiting list before this purchase can take it.
    placesReturned(c, input.now);
    const cart = new Map<ProductId, number>();
    for (const item of input.items) cart.set(item.product, (cart.get(item.product) ?? 0) + 1);
    const closed = [...cart.keys()].filter((id) => !onSaleAt(product(id), input.now));
    if (closed.length) return { kind: 'refused', error: 'sales_closed', products: closed };
    const transfer = input.provider === 'transfer';
    if (transfer && input.now >= transferClosesAt()) {
      return { kind: 'refused', error: 'transfer_closed', until: iso(transferClosesAt()) };
    }
    // A voucher is checked here, in the transaction that takes its use: a burst never redeems more.
    let voucher: AppliedVoucher | null = null;
    const released = new Map<ProductId, number>();
    if (input.voucher) {
      const found = voucherFor(
        c.sql,
        input.voucher,
        input.items.map((item) => item.product),
        input.now,
      );
      if (found.kind === 'refused') return { kind: 'refused', error: 'invalid_voucher', reason: found.reason };
      voucher = found.voucher;
      if (voucher.reserve) {
        for (const [id, n] of cart) if (voucher.covers(id)) released.set(id, n);
      }
    }
    const short = shortOf(c.sql, cart, input.now, released);
    if (short.length) return { kind: 'refused', error: 'sold_out', products: short };
    // The hold rules (holds.ts): unpaid places of a scarce product are bounded per buyer.
    const refusal = holdRefusal(
      c.sql,
      {
        cart,
        email: input.email,
        client: input.client ?? null,
        transfer,
        company: verifiedCompany(input.invoice, input.vatCheck),
      },
      input.now,
    );
    if (refusal) return refusal;
    const tickets = priceCart(
      c.sql,
      input.id,
      input.items,
      input.now,
      {
        invoice: input.invoice ?? null,
        country: input.tax?.country ?? null,
        vatConfirmed: input.vatCheck?.status === 'valid',
        oss: input.tax?.oss ?? false,
      },
      voucher,
    );
    const sum = (key: 'net' | 'vat' | 'gross') => tickets.reduce((total, t) => total + t[key], 0);
    const row: OrderRow = {
      id: input.id,
      code: newCode(c.sql),
      product: input.items[0]?.product ?? '',
      net: sum('net'),
      vat: sum('vat'),
      gross: sum('gross'),
      currency: 'PLN',
      email: input.email,
      name: input.name ?? null,
      lang: input.lang,
      invoice: input.invoice ? JSON.stringify(input.invoice) : null,
      status: 'pending',
      provider: input.provider,
      // A provider that needs no call (the demo checkout) is started in the same transaction.
      provider_ref: input.paymentReference ?? null,
      payment_url: null,
      token_hash: input.tokenHash,
      // A bank transfer takes days to arrive: its order holds its places for TRANSFER_HOLD_DAYS.
      hold_until: input.now + (transfer ? TRANSFER_HOLD_MS : HOLD_MS),
      created_at: input.now,
      updated_at: input.now,
      paid_at: null,
      checked_in_at: null,
      late_paid_at: null,
      cancelled_at: null,
      reminded_at: null,
      client: input.client ?? null,
      voucher: voucher?.code ?? null,
      consent_terms: input.consent.terms,
      consent_privacy: input.consent.privacy,
      consent_at: input.now,
      tax: input.tax ? JSON.stringify(input.tax) : null,
    };
    c.sql.exec(
      `INSERT INTO orders (id, code, product, net, vat, gross, currency, email, name, lang, invoice, status,
         provider, provider_ref, token_hash, hold_until, created_at, updated_at, client, voucher,
         consent_terms, consent_privacy, consent_at, tax)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.code,
      row.product,
      row.net,
      row.vat,
      row.gross,
      row.currency,
      row.email,
      row.name,
      row.lang,
      row.invoice,
      row.status,
      row.provider,
      row.provider_ref,
      row.token_hash,
      row.hold_until,
      row.created_at,
      row.updated_at,
      row.client,
      row.voucher,
      row.consent_terms,
      row.consent_privacy,
      row.consent_at,
      row.tax,
    );
    for (const ticket of tickets) insertTicket(c.sql, ticket);
    if (input.idempotencyKey) {
      c.sql.exec(
        'INSERT INTO idempotency (key, fingerprint, order_id) VALUES (?, ?, ?)',
        input.idempotencyKey,
        input.fingerprint,
        input.id,
      );
    }
    const order = toOrder(row, tickets);
    c.log(order.id, 'created', input.now, {
      code: order.code,
      product: order.product,
      tickets: tickets.length,
      products: tickets.map((t) => t.product).join(','),
      net: order.net,
      vat: order.vat,
      gross: order.gross,
      email: order.email,
      lang: order.lang,
      provider: order.provider,
      holdUntil: order.holdUntil,
      // What the buyer accepted, in the purchase log too (the order keeps it with the time).
      consentTerms: input.consent.terms,
      consentPrivacy: input.consent.privacy,
      // One transaction, one entry: a checkout started with the order (the demo's) is part of it.
      ...(row.provider_ref ? { reference: row.provider_ref } : {}),
      ...(voucher ? { voucher: voucher.code } : {}),
      // The buyer's country for VAT and its evidence (site/tax-rules.ts), in the log as in the order.
      ...(input.tax
        ? {
            taxCountry: input.tax.country,
            oss: input.tax.oss,
            evidenceEdge: input.tax.evidence.edge,
            evidenceConfirmed: input.tax.evidence.confirmed,
          }
        : {}),
    });
    if (input.vatCheck) {
      recordVatCheck(c.sql, order.id, input.vatCheck);
      c.log(order.id, 'vat_checked', input.now, vatCheckLog(input.vatCheck));
    }
    // A transfer order's buyer gets the transfer's details at once (the pro-forma e-mail).
    // Nothing to pay (a free or 100% voucher): the order is paid at once, in this transaction, and
    // its tickets go out as a bought order's do; there is no payment to wait for and no invoice.
    if (row.gross === 0) {
      settle(c, order.id, 'paid', input.now, { by: 'voucher' });
      return { kind: 'created', order: c.load(order.id), paymentUrl: null };
    }
    if (transfer) c.addEmail(order.id, 'proforma', null, input.now);
    return { kind: 'created', order, paymentUrl: null };
  });
  if (result.kind === 'created' && result.order.status === 'pending') {
    const holdUntil = Date.parse(result.order.holdUntil);
    c.scheduleAlarm(result.order.provider === 'transfer' ? holdUntil - TRANSFER_REMINDER_MS : holdUntil);
  }
  return result;
}

/**
 * Records where the buyer pays (the provider's reference and URL; the first one stays) and keeps
 * the place held at least until the checkout can no longer be paid (`payableUntil`), so that a
 * payment and its place never part. `closed` when the order is no longer pending (its checkout
 * failed and was given up, or it expired meanwhile): the buyer must not be sent to pay it.
 */
export function startPayment(
  c: Tx,
  id: string,
  reference: string,
  url: string | null,
  now: number,
  payableUntil = 0,
): { kind: 'started'; url: string | null } | { kind: 'closed' } | null {
  const row = c.row(id);
  if (!row) return null;
  if (row.provider_ref) return { kind: 'started', url: row.payment_url };
  if (row.status !== 'pending' || row.hold_until <= now) return { kind: 'closed' };
  const holdUntil = Math.max(row.hold_until, payableUntil);
  c.sql.exec(
    'UPDATE orders SET provider_ref = ?, payment_url = ?, hold_until = ?, updated_at = ? WHERE id = ?',
    reference,
    url,
    holdUntil,
    now,
    id,
  );
  c.log(id, 'payment_started', now, {
    provider: row.provider,
    reference,
    ...(holdUntil !== row.hold_until ? { holdUntil: iso(holdUntil) } : {}),
  });
  return { kind: 'started', url };
}

/** The order a buyer's secret opens (by the secret's hash), or null for any mismatch. */
export function openOrder(c: Tx, id: string, tokenHash: string): (Order & { paymentUrl: string | null }) | null {
  const row = c.row(id);
  if (!row || !constantTimeEqual(row.token_hash, tokenHash)) return null;
  return { ...c.load(id), paymentUrl: row.payment_url };
}

/**
 * Gives a ticket of a paid order to another holder (or corrects its holder) until the congress
 * starts: new name and e-mail, a new code, the old code refused at the door from now on; the new
 * holder gets the ticket by e-mail when they have an address other than the buyer's.
 */
export function reissueTicket(
  c: Tx,
  orderId: string,
  ticketId: string,
  holder: { name: string | null; email: string | null },
  now: number,
): ReissueResult {
  const row = c.row(orderId);
  const ticket = ticketRow(c.sql, ticketId);
  if (!row || ticket?.order_id !== orderId) return { kind: 'refused', error: 'not_found' };
  if (row.status !== 'paid') return { kind: 'refused', error: 'not_paid' };
  if (now >= eventStartsAt()) return { kind: 'refused', error: 'changes_closed' };
  // Admitted already: the person inside holds it, and a new code would admit nobody (a ticket
  // is admitted once) or, were the admission undone, a second person. The change is refused.
  if (ticket.checked_in_at !== null) return { kind: 'refused', error: 'checked_in', at: iso(ticket.checked_in_at) };
  const next = reissue(c.sql, ticket, holder, now);
  c.log(orderId, 'ticket_reissued', now, { ticket: ticket.id, position: ticket.position, by: 'buyer' });
  if (next.email && next.email !== row.email) c.addEmail(orderId, 'ticket', ticket.id, now);
  return { kind: 'reissued', ticket: toTicket(next), order: c.load(orderId) };
}
