import type { InvoiceData } from '../../site/invoices';
import type { CartItem, OrderTax } from '../../site/orders';
import { placePaidOrder } from './box-office';

// A consumer in another member state buying online plans under OSS (site/tax-rules.ts), for the
// OSS report's tests.

/** A private buyer's invoice data in `country`. */
export const consumerIn = (country: string, city: string): InvoiceData => ({
  name: 'Private Buyer',
  street: 'Hauptstraße 1',
  postalCode: '10115',
  city,
  country,
});

/** An OSS sale's tax: the billing country, backed by the request's. */
export const ossTaxOf = (country: string): OrderTax => ({
  country,
  oss: true,
  evidence: { billing: country, edge: country, confirmed: false },
});

/** A paid order taxed by `tax`, with invoice data when given. */
export const paidOssOrder = (items: CartItem[], tax: OrderTax, invoice?: InvoiceData) =>
  placePaidOrder(items, { lang: 'en-GB', tax, ...(invoice ? { invoice } : {}) });
