import type { InvoiceData } from './invoices';

/**
 * Invoice data as an address block prints it, in a language (the country's name): the name, the tax
 * number (a Polish one as `NIP …`; an EU VAT number carries its country's prefix), the street, the
 * postal code and city, the country. Empty lines (a private person's tax number, the postal code of
 * an order stored before addresses were structured) are left out. The country's name comes from
 * `Intl.DisplayNames` directly, not site/countries.ts: the order page then loads nothing more.
 */
export function invoiceLines(lang: string, data: InvoiceData): string[] {
  const taxId = data.taxId && (data.country === 'PL' ? `NIP ${data.taxId}` : data.taxId);
  return [
    data.name,
    taxId,
    data.street,
    `${data.postalCode} ${data.city}`.trim(),
    new Intl.DisplayNames([lang], { type: 'region' }).of(data.country),
  ].filter((line): line is string => Boolean(line));
}
