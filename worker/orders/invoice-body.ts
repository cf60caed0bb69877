import { z } from 'zod';
import { isCountryCode } from '../../site/countries';
import { normalInvoiceData } from '../../site/invoices';
import { invoiceRuleErrors, PURCHASE_LIMITS } from '../../site/purchase-rules';
import { textField } from '../text-field';

// The invoice data's one schema: the purchase (routes/purchase.ts), an invoice asked for after it
// (routes/orders.ts) and an organiser's correction of the buyer's data (routes/invoices.ts) take
// the same fields by the same rules, which are the dialog's too (site/purchase-rules.ts).

const text = (max: number) => textField(max);
/** A text field that may be left out or empty (then absent), else as `text`. */
export const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && !value.trim() ? undefined : value), text(max).optional());

/**
 * Who the invoice is made out to (site/invoices.ts `InvoiceData`): a company's or a person's name,
 * a structured address with the country's code and, for a business, its tax number. Beyond presence
 * and length, the rules the dialog checks too (`invoiceDataErrors`): a Polish NIP's checksum, an EU
 * VAT number's prefix and form, a Polish postal code. Every field in error is reported at once.
 */
export const invoiceBody = z
  .object(
    {
      name: text(PURCHASE_LIMITS.invoiceName),
      // No tax number (absent or left empty) is a private person's invoice.
      taxId: optionalText(PURCHASE_LIMITS.taxId),
      street: text(PURCHASE_LIMITS.street),
      // Some countries have no postal codes; a Polish address must have one (checked below).
      postalCode: optionalText(PURCHASE_LIMITS.postalCode),
      city: text(PURCHASE_LIMITS.city),
      country: z
        .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
        .trim()
        .toUpperCase()
        .refine(isCountryCode, { error: 'invalid' }),
    },
    { error: 'invalid' },
  )
  .superRefine(
    (data, context) => {
      // Only what parsed is checked: a field refused above already has its error.
      const value = (field: unknown) => (typeof field === 'string' ? field.trim() : '');
      const errors = invoiceRuleErrors({
        taxId: value(data.taxId),
        country: value(data.country),
        postalCode: value(data.postalCode),
      });
      for (const [path, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: [path], message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((data) => normalInvoiceData({ ...data, postalCode: data.postalCode ?? '' }));

/** An invoice asked for after the sale, or a buyer's corrected data: `{invoice: InvoiceData}`. */
export const invoiceRequestBody = z.object({ invoice: invoiceBody }, { error: 'invalid' });
