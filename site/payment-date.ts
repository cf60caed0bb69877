import { venueDay } from './format';
import { FA3_DAYS } from './invoices';
import type { PaymentDateProblem } from './orders';

// When money can have arrived for an order: not before the day it was placed and not after today,
// both as days at the venue (EVENT.timeZone, through site/format.ts, as the invoice's dates are),
// and never on a day an FA(3) document cannot carry. The date becomes the invoice's date of
// payment, and an issued invoice is never edited: a wrong one would have to be corrected in KSeF.
// So a date outside the order's life is refused, whether an organiser typed it or a bank
// statement's line carries it; the console's form checks the same before it sends.

/**
 * What is wrong with `paidOn` (`YYYY-MM-DD`) as the day money arrived for an order placed at
 * `orderedAt` (ms), seen at `now` (ms, the box office's clock); null when nothing is.
 */
export function paymentDateProblem(paidOn: string, orderedAt: number, now: number): PaymentDateProblem | null {
  if (paidOn < venueDay(orderedAt)) return 'before_order';
  if (paidOn > venueDay(now)) return 'in_future';
  // Only a clock or an order outside FA(3)'s years gets here; its invoice could not be issued.
  if (paidOn < FA3_DAYS.from || paidOn > FA3_DAYS.until) return 'out_of_range';
  return null;
}
