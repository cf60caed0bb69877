import { venueDay } from '../../site/format';
import type { InvoiceData, InvoiceLine, InvoiceParty } from '../../site/invoices';
import { storedRate } from '../../site/tax-rules';
import { type ProductId, product } from '../../site/tickets';
import { productName } from '../texts';

// What an invoice and a pro-forma are made of, from an order's tickets and its buyer's data: the
// box office issues invoices with these and worker/invoices/ renders pro-formas with them, so they
// live here, below both (worker/invoices/ never imports the box office).

/** The day (`YYYY-MM-DD`) an instant falls on in Warsaw, where the seller is and the tax is due. */
export const warsawDay = (ms: number) => venueDay(ms);

/** The buyer of an invoice: who the order's invoice data names. */
export const buyerParty = (data: InvoiceData): InvoiceParty => ({
  name: data.name,
  taxId: data.taxId ?? null,
  street: data.street,
  postalCode: data.postalCode,
  city: data.city,
  country: data.country,
});

/**
 * The lines of an order's tickets: one per product and price, in the cart's order, with the tickets'
 * own prices (the box office priced them when the order was made, VAT treatment included). A
 * voucher's ticket shows its list price and the discount (`list_net`, tickets.ts), so a product's
 * tickets with and without one are two lines.
 */
export function linesOf(
  tickets: {
    product: string;
    net: number;
    vat: number;
    gross: number;
    list_net?: number | null;
    vat_rate?: string | null;
  }[],
): InvoiceLine[] {
  const lines = new Map<string, InvoiceLine>();
  for (const ticket of tickets) {
    const id = ticket.product as ProductId;
    const listNet = ticket.list_net ?? ticket.net;
    const discount = listNet - ticket.net;
    const vatRate = storedRate(ticket.vat_rate, ticket);
    const key = `${id}:${listNet}:${ticket.net}:${vatRate}`;
    const line = lines.get(key);
    if (line) {
      line.quantity += 1;
      line.net += ticket.net;
      line.vat += ticket.vat;
      line.gross += ticket.gross;
      if (discount) line.discount = (line.discount ?? 0) + discount;
      continue;
    }
    const item = product(id);
    lines.set(key, {
      product: id,
      name: { pl: productName('pl', item), en: productName('en-GB', item) },
      quantity: 1,
      unitNet: listNet,
      ...(discount ? { discount } : {}),
      net: ticket.net,
      vatRate,
      vat: ticket.vat,
      gross: ticket.gross,
    });
  }
  return [...lines.values()];
}

/** The sums of an invoice's lines. */
export const totalsOf = (lines: InvoiceLine[]) => ({
  net: lines.reduce((sum, line) => sum + line.net, 0),
  vat: lines.reduce((sum, line) => sum + line.vat, 0),
  gross: lines.reduce((sum, line) => sum + line.gross, 0),
});

/**
 * A line taken back: quantity and amounts negative, and a voucher's discount too (FA(3) P_10), so
 * that the correction's value is still quantity × unit price − discount, as the original's was.
 */
export const takenBack = (line: InvoiceLine): InvoiceLine => ({
  ...line,
  quantity: -line.quantity,
  ...(line.discount ? { discount: -line.discount } : {}),
  net: -line.net,
  vat: -line.vat,
  gross: -line.gross,
});
