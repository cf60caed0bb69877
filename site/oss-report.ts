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

/** The last day of a quarter (`2027-03-31`): the day of the euro rate of its return. */
export function quarterLastDay(quarter: string): string {
  const last = quarterMonths(quarter)[2] ?? '';
  const [year, month] = last.split('-').map(Number);
  // Day 0 of the next month is this month's last.
  const day = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  return `${last}-${String(day).padStart(2, '0')}`;
}

/**
 * The euro rate of a quarter's OSS return: złoty for one euro, written as the ECB publishes its
 * daily reference rates (`4.2675`), of the quarter's last day or, when the ECB published none that
 * day, of its next publication (Council Directive 2006/112 art. 369h(2); ustawa o VAT art. 130c
 * ust. 3). Kept once fetched or entered, so the report stays as it was given to the accountant.
 */
export type OssRate = {
  rate: string;
  /** The day the rate is of. */
  day: string;
  /** `ecb`: fetched from the ECB's data service; `manual`: entered by an organiser. */
  source: 'ecb' | 'manual';
  /** Who entered it (an organiser), null for the ECB's. */
  by: string | null;
  /** When it was kept (ISO). */
  at: string;
};

/** A rate as the ECB writes it: a positive decimal, up to six whole digits and six decimals. */
export const RATE_PATTERN = /^\d{1,6}(\.\d{1,6})?$/;

/** A rate in millionths (`4.2675` is 4 267 500), exact; null for anything that is no positive rate. */
export function rateMicros(rate: string): number | null {
  if (!RATE_PATTERN.test(rate)) return null;
  const [whole = '0', fraction = ''] = rate.split('.');
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return micros > 0 ? micros : null;
}

/**
 * An amount in grosze as euro cents at a rate (millionths of złoty per euro): rounded to the cent,
 * half away from zero, in integers, so no binary fraction moves a cent.
 */
export function toEuroCents(grosze: number, micros: number): number {
  const scaled = BigInt(Math.abs(grosze)) * 1_000_000n;
  const divisor = BigInt(micros);
  const cents = Number((2n * scaled + divisor) / (2n * divisor));
  return grosze < 0 ? -cents : cents;
}

/** An amount in euro and cents. */
export type EuroAmounts = { net: number; vat: number };

/**
 * The euro amounts of a report's rows at a rate: each row (one member state and rate, as the
 * return's lines are) rounded to the cent on its own; the totals are the sums of the rounded rows,
 * as the return adds its lines.
 */
export function inEuro(
  rows: Pick<OssReportRow, 'net' | 'vat'>[],
  rate: string,
): { rows: EuroAmounts[]; totals: EuroAmounts } | null {
  const micros = rateMicros(rate);
  if (micros === null) return null;
  const converted = rows.map((row) => ({ net: toEuroCents(row.net, micros), vat: toEuroCents(row.vat, micros) }));
  return {
    rows: converted,
    totals: {
      net: converted.reduce((sum, row) => sum + row.net, 0),
      vat: converted.reduce((sum, row) => sum + row.vat, 0),
    },
  };
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
  /** What to declare in euro cents at the quarter's rate; null while the quarter has no rate. */
  eur?: EuroAmounts | null;
};

/**
 * An OSS sale of the quarter whose evidence of the consumer's country an organiser must check
 * (site/tax-evidence.ts): it is declared under its billing country until the organiser corrects it.
 */
export type OssEvidenceCheck = {
  orderId: string;
  code: string;
  status: string;
  /** The billing country the sale is taxed by, and its VAT in grosze. */
  country: string;
  vat: number;
  finding: 'conflict' | 'single';
  evidence: { billing: string; edge: string | null; card: string | null; confirmed: boolean };
  /** An organiser's answer once they checked it (what they found), or null while it waits. */
  checked: OssCheck | null;
};

/** What an organiser found checking an OSS sale's evidence: in their words, who and when. */
export type OssCheck = { note: string; by: string; at: string };

/** The longest note an organiser writes on a checked OSS sale. */
export const OSS_CHECK_NOTE_MAX = 500;

export type OssReport = {
  quarter: string;
  /** Whether the seller uses OSS now (`VAT_OSS`): without it no sale gets a member state's rate. */
  oss: boolean;
  rows: OssReportRow[];
  totals: { net: number; vat: number };
  /**
   * The quarter's euro rate and the totals in euro cents (the sums of the rows' rounded amounts);
   * null while there is no rate: `missing` says why (`open`: the quarter has not ended; `unavailable`:
   * the ECB gave none, an organiser enters it).
   */
  euro: { rate: OssRate; totals: EuroAmounts } | null;
  missing?: 'open' | 'unavailable';
  /** The quarter's OSS sales whose evidence does not back their billing country. */
  toCheck: OssEvidenceCheck[];
};
