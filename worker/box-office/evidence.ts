import type { Tx } from './context';

// The card's country, the third piece of evidence of a consumer's country (site/tax-evidence.ts),
// as the payment provider reported it when the payment settled.

/** A country code as providers give it: ISO 3166-1 alpha-2, upper case. */
export const CARD_COUNTRY = /^[A-Z]{2}$/;

/**
 * Keeps the country of the card that paid an order, once: the first report stands (a repeated
 * webhook, a second click on the demo page change nothing). Only a paid order has a card. Returns
 * whether it was recorded now.
 */
export function recordCardCountry(c: Tx, orderId: string, country: string, now: number): boolean {
  if (!CARD_COUNTRY.test(country)) return false;
  const changed = c.sql.exec(
    `UPDATE orders SET card_country = ? WHERE id = ? AND card_country IS NULL AND paid_at IS NOT NULL`,
    country,
    orderId,
  ).rowsWritten;
  if (changed) c.log(orderId, 'card_country_recorded', now, { country });
  return changed > 0;
}
