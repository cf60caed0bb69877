/**
 * The standard VAT rate of each of the 26 other EU member states, dated: a rate applies from its
 * `from` day (the member state's own calendar day) until the next row of the same country begins,
 * so a change of rate is a new row, never an edit, and an invoice of a past quarter keeps the rate
 * of its day. Only the worker imports this table (site/tax-rules.ts takes a lookup), so it never
 * reaches a page's JavaScript.
 *
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
 * Union" (situation at 1 January 2025) and its Taxes in Europe Database (TEDB), with the changes
 * announced since: Estonia 24% from 2025-07-01 (Riigikogu, act of 2024 raising the rate), Slovakia
 * 23% from 2025-01-01 (act 278/2024), Romania 21% from 2025-08-01 (Law 141/2025), Finland 25.5%
 * from 2024-09-01. Checked on 2026-11-27; the accountant checks it again each quarter before the
 * OSS return (a rate that changes mid-quarter is a new row here, and both rows show in the report).
 */
export const EU_STANDARD_RATES: readonly { country: string; rate: number; from: string }[] = [
  { country: 'AT', rate: 20, from: '1984-01-01' },
  { country: 'BE', rate: 21, from: '1996-01-01' },
  { country: 'BG', rate: 20, from: '1999-01-01' },
  { country: 'CY', rate: 19, from: '2014-01-13' },
  { country: 'CZ', rate: 21, from: '2013-01-01' },
  { country: 'DE', rate: 19, from: '2021-01-01' },
  { country: 'DK', rate: 25, from: '1992-01-01' },
  { country: 'EE', rate: 22, from: '2024-01-01' },
  { country: 'EE', rate: 24, from: '2025-07-01' },
  { country: 'ES', rate: 21, from: '2012-09-01' },
  { country: 'FI', rate: 24, from: '2013-01-01' },
  { country: 'FI', rate: 25.5, from: '2024-09-01' },
  { country: 'FR', rate: 20, from: '2014-01-01' },
  { country: 'GR', rate: 24, from: '2016-06-01' },
  { country: 'HR', rate: 25, from: '2012-03-01' },
  { country: 'HU', rate: 27, from: '2012-01-01' },
  { country: 'IE', rate: 23, from: '2021-03-01' },
  { country: 'IT', rate: 22, from: '2013-10-01' },
  { country: 'LT', rate: 21, from: '2009-09-01' },
  { country: 'LU', rate: 17, from: '2024-01-01' },
  { country: 'LV', rate: 21, from: '2011-07-01' },
  { country: 'MT', rate: 18, from: '2004-01-01' },
  { country: 'NL', rate: 21, from: '2012-10-01' },
  { country: 'PT', rate: 23, from: '2011-01-01' },
  { country: 'RO', rate: 19, from: '2017-01-01' },
  { country: 'RO', rate: 21, from: '2025-08-01' },
  { country: 'SE', rate: 25, from: '1990-07-01' },
  { country: 'SI', rate: 22, from: '2013-07-01' },
  { country: 'SK', rate: 20, from: '2011-01-01' },
  { country: 'SK', rate: 23, from: '2025-01-01' },
];

/**
 * A member state's standard rate on a day (`YYYY-MM-DD`), or null for a country that is not one of
 * the 26 (Poland, a country outside the EU) or a day before its first row.
 */
export function standardRate(country: string, day: string): number | null {
  let found: { rate: number; from: string } | null = null;
  for (const row of EU_STANDARD_RATES) {
    if (row.country === country && row.from <= day && (!found || row.from > found.from)) found = row;
  }
  return found?.rate ?? null;
}

/** Every member state's rate on a day, for the dialog (`GET /api/vat`) and the console. */
export function standardRatesOn(day: string): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const { country } of EU_STANDARD_RATES) {
    const rate = standardRate(country, day);
    if (rate !== null) rates[country] = rate;
  }
  return rates;
}
