// The purchase's field rules, once: the purchase dialog checks a cart with them before it is sent,
// and the worker's zod schema (worker/routes/purchase.ts, worker/text-field.ts) calls the same
// functions, so both sides give the same field codes for the same input. Small pure functions
// rather than a zod schema here: the dialog's island must not carry zod.
import { isCountryCode } from './countries';
import { type InvoiceData, invoiceDataErrors } from './invoices';
import type { Consent } from './orders';
import { PRIVACY_POLICY_DATE } from './privacy';
import { TERMS_DATE } from './terms';
import { charCount, isAcceptedText, normalText, PLAIN_EMAIL } from './text';
import { findProduct } from './tickets';

/** The longest value of each field of a purchase, in characters (code points after NFC). */
export const PURCHASE_LIMITS = {
  email: 254,
  name: 120,
  invoiceName: 200,
  taxId: 30,
  street: 200,
  postalCode: 20,
  city: 100,
  /** A holder's accessibility note (site/orders.ts AccessNeeds): a few words, not a medical record. */
  accessNote: 300,
} as const;

export type TextFieldError = 'required' | 'invalid_characters' | 'too_long';

/**
 * The one rule for every stored text (site/text.ts), as a field's code: after `normalText`,
 * `invalid_characters` unless well-formed without control characters, `too_long` over `max`
 * characters, `required` when empty and required.
 */
export function textError(
  value: string,
  max: number,
  options: { multiline?: boolean; required?: boolean } = {},
): TextFieldError | undefined {
  const normal = normalText(value, options);
  if (!isAcceptedText(normal, options)) return 'invalid_characters';
  if (charCount(normal) > max) return 'too_long';
  if (options.required !== false && normal === '') return 'required';
  return undefined;
}

/** An e-mail address: a required text of at most 254 characters, and a plain address (`invalid_email`). */
export const emailError = (value: string): TextFieldError | 'invalid_email' | undefined =>
  textError(value, PURCHASE_LIMITS.email) ?? (PLAIN_EMAIL.test(normalText(value)) ? undefined : 'invalid_email');

/** Whether a ticket of the product needs its holder's name: on site, where the badge and the door need it. */
export const needsHolderName = (product: string) => findProduct(product)?.mode === 'onsite';

/**
 * The invoice data's rules across its fields, on values that passed their own: a Polish NIP's
 * checksum, an EU VAT number's prefix and form, a Polish postal code's form, and a Polish address's
 * postal code required (some countries have none).
 */
export function invoiceRuleErrors(data: { taxId?: string; country: string; postalCode?: string }) {
  const country = data.country.trim().toUpperCase();
  const postalCode = data.postalCode?.trim() ?? '';
  const errors: Partial<Record<'taxId' | 'postalCode', string>> = invoiceDataErrors({
    taxId: data.taxId?.trim() || undefined,
    country: isCountryCode(country) ? country : '',
    postalCode,
  });
  if (country === 'PL' && !postalCode) errors.postalCode ??= 'required';
  return errors;
}

/**
 * The versions of the terms and the privacy policy in force, as a purchase must accept them: each is
 * the date its text applies from, the one its page shows ("version of ..."). Publishing a new text
 * means a new date there, and every purchase from then on must accept it.
 */
export const CONSENT_VERSIONS: Consent = { terms: TERMS_DATE, privacy: PRIVACY_POLICY_DATE };

/**
 * A purchase's consent, by the API's path: `consent` `consent_required` when it is missing (or not
 * an object), `consent.terms` / `consent.privacy` `consent_required` when a version is missing and
 * `consent_outdated` when it is not the one in force (the buyer accepted a text that has changed).
 */
export function consentErrors(consent: unknown): Record<string, 'consent_required' | 'consent_outdated'> {
  if (typeof consent !== 'object' || consent === null || Array.isArray(consent)) return { consent: 'consent_required' };
  const errors: Record<string, 'consent_required' | 'consent_outdated'> = {};
  for (const key of ['terms', 'privacy'] as const) {
    const version = (consent as Record<string, unknown>)[key];
    if (typeof version !== 'string' || version === '') errors[`consent.${key}`] = 'consent_required';
    else if (version !== CONSENT_VERSIONS[key]) errors[`consent.${key}`] = 'consent_outdated';
  }
  return errors;
}

/** A cart as the buyer typed it (`POST /api/orders`'s body, before the worker's parsing). */
export type CartInput = {
  email: string;
  name?: string;
  items: { product?: string; name?: string; email?: string; access?: { note?: string } }[];
  invoice?: Partial<InvoiceData>;
};

/**
 * Every field of a cart in error, by the API's path (`email`, `items.2.name`, `invoice.taxId`), with
 * the code the worker answers with for it: what the dialog shows before anything is sent.
 */
export function cartFieldErrors(cart: CartInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (path: string, code: string | undefined) => {
    if (code) errors[path] ??= code;
  };
  const optional = (value: string | undefined, max: number) =>
    value === undefined || value.trim() === '' ? undefined : textError(value, max);
  put('email', emailError(cart.email));
  put('name', cart.name === undefined ? undefined : textError(cart.name, PURCHASE_LIMITS.name));
  for (const [i, item] of cart.items.entries()) {
    put(`items.${i}.name`, item.name === undefined ? undefined : textError(item.name, PURCHASE_LIMITS.name));
    if (!item.name && item.product && needsHolderName(item.product)) put(`items.${i}.name`, 'required');
    put(`items.${i}.email`, item.email === undefined ? undefined : emailError(item.email));
    put(`items.${i}.access.note`, optional(item.access?.note, PURCHASE_LIMITS.accessNote));
  }
  const invoice = cart.invoice;
  if (invoice) {
    put('invoice.name', textError(invoice.name ?? '', PURCHASE_LIMITS.invoiceName));
    put('invoice.taxId', optional(invoice.taxId, PURCHASE_LIMITS.taxId));
    put('invoice.street', textError(invoice.street ?? '', PURCHASE_LIMITS.street));
    put('invoice.postalCode', optional(invoice.postalCode, PURCHASE_LIMITS.postalCode));
    put('invoice.city', textError(invoice.city ?? '', PURCHASE_LIMITS.city));
    const country = (invoice.country ?? '').trim().toUpperCase();
    put('invoice.country', isCountryCode(country) ? undefined : invoice.country ? 'invalid' : 'required');
    for (const [field, code] of Object.entries(invoiceRuleErrors({ ...invoice, country }))) {
      put(`invoice.${field}`, code);
    }
  }
  return errors;
}
