import type { InvoiceLine } from '../../site/invoices';

/**
 * The lines of a correction that puts an invoice's VAT rate right: tickets invoiced at 23% that
 * are reverse charge after all (the buyer's EU VAT number, unconfirmed when the invoice was issued
 * because VIES was down, was confirmed later). Pure, so the FA(3) and PDF tests build it alone.
 *
 * A correction's lines are the change (worker/invoices/fa3.ts): for each such product, its 23%
 * line taken back (quantity, net and VAT negative) and the same tickets at `np` (reverse charge,
 * no VAT). The net stays; the VAT, and with it the gross, drops by the VAT of those lines, which is
 * what the buyer gets back.
 */

/** The reason a rate correction states (in Polish, the invoices' language; FA(3) `PrzyczynaKorekty`). */
export const REVERSE_CHARGE_REASON =
  'Numer VAT UE nabywcy potwierdzony w VIES po wystawieniu faktury (VIES był niedostępny): ' +
  'odwrotne obciążenie (art. 28b ustawy o VAT) zamiast 23% VAT, zwrot różnicy';

/** Where an invoice stands after its corrections: its lines per product and rate, the empty ones left out. */
export function currentLines(original: InvoiceLine[], corrections: InvoiceLine[][]): InvoiceLine[] {
  const merged = new Map<string, InvoiceLine>();
  for (const line of [...original, ...corrections.flat()]) {
    const key = `${line.product}|${line.vatRate}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { ...line, name: { ...line.name } });
      continue;
    }
    known.quantity += line.quantity;
    // A voucher's discount adds up with its line (a ticket's correction takes its part back).
    if (line.discount || known.discount) known.discount = (known.discount ?? 0) + (line.discount ?? 0);
    known.net += line.net;
    known.vat += line.vat;
    known.gross += line.gross;
  }
  return [...merged.values()].filter((line) => line.quantity !== 0 || line.net !== 0 || line.gross !== 0);
}

/**
 * The change that makes the 23% lines of `affected` products reverse charge, or no lines when
 * there are none (already corrected, or only tickets that stay at 23%, such as on-site admission).
 */
export function reverseChargeChange(lines: InvoiceLine[], affected: (line: InvoiceLine) => boolean): InvoiceLine[] {
  return lines
    .filter((line) => line.vatRate === 23 && line.quantity > 0 && line.vat > 0 && affected(line))
    .flatMap((line) => [
      { ...line, quantity: -line.quantity, net: -line.net, vat: -line.vat, gross: -line.gross },
      { ...line, vatRate: 'np' as const, vat: 0, gross: line.net },
    ]);
}
