import { describe, expect, it } from 'vitest';
import { buyerName, historyDetails } from '../../client/admin/format';

// The order history in the console showed raw grosze and ISO instants ("gross: 36900 · holdUntil:
// 2027-03-15T09:30:00.000Z"): amounts read in złoty and instants in the venue's local time.

describe("an order history entry's details", () => {
  it('shows amounts in złoty and instants in Warsaw time, the rest as recorded', () => {
    const text = historyDetails('pl', {
      gross: 36900,
      holdUntil: '2027-03-15T09:30:00.000Z',
      tickets: 3,
      code: 'AB12CD34',
    });
    expect(text).toBe('gross: 369,00\u00a0zł · holdUntil: 15.03.2027, 10:30 · tickets: 3 · code: AB12CD34');
  });

  it('follows the console language', () => {
    expect(historyDetails('en-GB', { amount: 12300 })).toBe('amount: PLN\u00a0123.00');
  });
});

describe('the buyer column of the orders list', () => {
  const ticket = { name: 'Ada Holder' };
  it('names the buyer, else the company of the invoice, else the first named holder', () => {
    expect(buyerName({ name: 'Jan Kowalski', invoice: null, tickets: [] } as never)).toBe('Jan Kowalski');
    expect(buyerName({ name: null, invoice: { name: 'Firma Sp. z o.o.' }, tickets: [ticket] } as never)).toBe(
      'Firma Sp. z o.o.',
    );
    expect(buyerName({ name: null, invoice: null, tickets: [{ name: null }, ticket] } as never)).toBe('Ada Holder');
  });
});
