import type { InvoiceData } from '../../site/invoices';
import type { CartItem, Order } from '../../site/orders';
import { invoiceRate, priceWith, type TaxConfig, type VatTreatment, vatTreatment } from '../../site/tax-rules';
import { priceAt, product } from '../../site/tickets';
import { standardRate } from '../../site/vat-rates';
import { voucherNet } from '../../site/vouchers';
import { humanCode, timeSortableId } from '../ids';
import { warsawDay } from '../invoices/lines';
import { loadOrder, type TicketRow } from './schema';
import type { AppliedVoucher } from './vouchers';

// Tickets: one row per admission, each with a code of its own (schema.ts `tickets`).

/** A code no order, ticket or retired ticket has: what a new ticket or a reissued one gets. */
export function newCode(sql: SqlStorage): string {
  for (;;) {
    const code = humanCode();
    const used = sql
      .exec(
        `SELECT 1 FROM orders WHERE code = ?1 UNION ALL SELECT 1 FROM tickets WHERE code = ?1
         UNION ALL SELECT 1 FROM retired_codes WHERE code = ?1`,
        code,
      )
      .toArray().length;
    if (!used) return code;
  }
}

/** The seller's tax configuration on the day of `now`: OSS or not, and the member states' rates of that day. */
export const taxConfigAt = (oss: boolean, now: number): TaxConfig => ({
  oss,
  rate: (country) => standardRate(country, warsawDay(now)),
});

/** Who buys, for tax: the invoice data or the country chosen, and whether VIES confirmed the VAT number. */
export type CartTax = { invoice: InvoiceData | null; country?: string | null; vatConfirmed: boolean; oss: boolean };

/**
 * The rows of a cart's tickets, priced at `now` (from site/, never from the request), in the
 * cart's order, with the VAT site/tax-rules.ts gives for the buyer (an online plan for a business
 * in another EU country whose VAT number VIES confirmed is charged net: reverse charge; one for a
 * consumer in another member state carries that state's rate with OSS). The caller inserts them in
 * the transaction that makes the order.
 */
export function priceCart(
  sql: SqlStorage,
  orderId: string,
  items: CartItem[],
  now: number,
  tax: CartTax,
  voucher: AppliedVoucher | null = null,
): TicketRow[] {
  const config = taxConfigAt(tax.oss, now);
  return items.map((item, index) => {
    const listNet = priceAt(product(item.product), now).net;
    // A voucher prices the tickets it covers (never below zero); the others keep the list price.
    const discounted = voucher?.covers(item.product) ? voucher : null;
    const treatment = vatTreatment(product(item.product).mode, tax, config);
    return {
      id: timeSortableId(now),
      order_id: orderId,
      position: index + 1,
      product: item.product,
      name: item.name ?? null,
      email: item.email ?? null,
      ...ticketPrice(discounted ? voucherNet(listNet, discounted) : listNet, treatment),
      vat_rate: String(invoiceRate(treatment)),
      code: newCode(sql),
      checked_in_at: null,
      updated_at: now,
      voucher: discounted?.code ?? null,
      list_net: discounted ? listNet : null,
      access: item.access ? JSON.stringify(item.access) : null,
    };
  });
}

/** A ticket's net, VAT and gross under its treatment (site/tax-rules.ts). */
export const ticketPrice = (net: number, treatment: Pick<VatTreatment, 'rate'>) => priceWith(net, treatment);

/** Stores a ticket (its place is counted by the `ticket_held` trigger). */
export function insertTicket(sql: SqlStorage, row: TicketRow): void {
  sql.exec(
    `INSERT INTO tickets (id, order_id, position, product, name, email, net, vat, gross, code, checked_in_at, updated_at, voucher, list_net, vat_rate, access)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.id,
    row.order_id,
    row.position,
    row.product,
    row.name,
    row.email,
    row.net,
    row.vat,
    row.gross,
    row.code,
    row.checked_in_at,
    row.updated_at,
    row.voucher ?? null,
    row.list_net ?? null,
    row.vat_rate ?? null,
    row.access ?? null,
  );
}

/** A ticket by id, or null. */
export function ticketRow(sql: SqlStorage, id: string): TicketRow | null {
  return sql.exec<TicketRow>('SELECT * FROM tickets WHERE id = ?', id).toArray()[0] ?? null;
}

/** A ticket with its order, for its holder's own link (tickets/page-link.ts), or null. */
export function ticketWithOrder(sql: SqlStorage, ticketId: string): { ticket: TicketRow; order: Order } | null {
  const ticket = ticketRow(sql, ticketId);
  const order = ticket && loadOrder(sql, ticket.order_id);
  return ticket && order ? { ticket, order } : null;
}

/** What a code read at the door names: a ticket, a ticket whose holder changed since, or nothing. */
export function findCode(sql: SqlStorage, code: string): { ticket: TicketRow } | { retired: true } | null {
  const ticket = sql.exec<TicketRow>('SELECT * FROM tickets WHERE code = ?', code).toArray()[0];
  if (ticket) return { ticket };
  return sql.exec('SELECT 1 FROM retired_codes WHERE code = ?', code).toArray().length ? { retired: true } : null;
}

/**
 * Gives a ticket to another holder (or corrects its holder): a new name and e-mail and a new code,
 * the old code retired so that its QR code no longer admits anyone. Returns the new row.
 */
export function reissue(
  sql: SqlStorage,
  ticket: TicketRow,
  holder: { name: string | null; email: string | null },
  now: number,
): TicketRow {
  const code = newCode(sql);
  sql.exec('INSERT INTO retired_codes (code, ticket_id, retired_at) VALUES (?, ?, ?)', ticket.code, ticket.id, now);
  sql.exec(
    // The accessibility answers were the old holder's (health data): the new holder starts without.
    'UPDATE tickets SET name = ?, email = ?, code = ?, access = NULL, updated_at = ? WHERE id = ?',
    holder.name,
    holder.email,
    code,
    now,
    ticket.id,
  );
  return { ...ticket, name: holder.name, email: holder.email, code, updated_at: now };
}
