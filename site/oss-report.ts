/**
 * The One Stop Shop report (site/tax-rules.ts): per quarter, per member state and rate, the online
 * plans sold to consumers there with that state's VAT, for the accountant's quarterly OSS return
 * (VIU-DO in Poland, due by the end of the month after the quarter). Sales count in the quarter of
 * their payment (the tax on a payment received before the service is due when it is received);
 * refunds count, negative, in the quarter they were made. `invoiced` is what invoices of the
 * quarter say of the same sales (only buyers who asked for one have an invoice).
 */

/** A quarter as the report names it: `2027-Q1`. */
export const QUARTER = /^(\d{4})-Q([1-4])$/;

/** The three months (`YYYY-MM`) of a quarter. */
export function quarterMonths(quarter: string): string[] {
  const match = quarter.match(QUARTER);
  if (!match) throw new Error(`not a quarter: ${quarter}`);
  const first = (Number(match[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${match[1]}-${String(first + i).padStart(2, '0')}`);
}

/** One member state and rate of a quarter. Amounts in grosze (PLN). */
export type OssReportRow = {
  country: string;
  rate: number;
  /** Paid in the quarter: tickets, net, VAT. */
  sales: { tickets: number; net: number; vat: number };
  /** Refunded in the quarter (of sales of this or an earlier quarter), as positive amounts. */
  refunds: { tickets: number; net: number; vat: number };
  /** What to declare: sales less refunds. */
  net: number;
  vat: number;
  /** The sums of the OSS lines of the invoices and corrections issued in the quarter. */
  invoiced: { net: number; vat: number };
};

export type OssReport = {
  quarter: string;
  /** Whether the seller uses OSS now (`VAT_OSS`): without it no sale gets a member state's rate. */
  oss: boolean;
  rows: OssReportRow[];
  totals: { net: number; vat: number };
};
