import { countryName } from '../../site/countries';
import { ossRateOf } from '../../site/invoices';
import type { Order, Ticket } from '../../site/orders';
import { VAT_RATE_PERCENT } from '../../site/tickets';
import { fill, texts } from '../texts';

/**
 * The order's VAT by rate, as its tickets were priced (site/tax-rules.ts) and as the dialog showed
 * it: Polish 23%, a member state's rate, reverse charge, or none outside the EU.
 */
export function vatLines(
  order: Pick<Order, 'lang'> & { tickets: Pick<Ticket, 'vat' | 'vatRate'>[] },
): { label: string; vat: number }[] {
  const { dialog } = texts(order.lang).cart;
  const lines = new Map<string, { label: string; vat: number }>();
  for (const ticket of order.tickets) {
    const rate = ticket.vatRate ?? 23;
    const oss = ossRateOf(rate);
    const label =
      rate === 'np'
        ? dialog.reverseCharge
        : rate === 'outside'
          ? dialog.outsideVat
          : oss
            ? fill(dialog.vatIn, {
                rate: oss.rate.toLocaleString(order.lang),
                country: countryName(order.lang, oss.country),
              })
            : fill(dialog.vat, { rate: String(VAT_RATE_PERCENT) });
    const line = lines.get(label) ?? { label, vat: 0 };
    lines.set(label, { label, vat: line.vat + ticket.vat });
  }
  return [...lines.values()];
}
