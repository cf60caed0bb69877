import { SELF } from 'cloudflare:test';
import type { InvoiceData } from '../../site/invoices';
import type { CartItem, OrderTax } from '../../site/orders';
import { office, placePaidOrder } from './box-office';
import { ORIGIN } from './platform';
import { staffMember } from './staff';

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

/** An organiser cancels one ticket of an order, its money refunded through the provider. */
export const refundOneTicket = (orderId: string, ticketId: string, reference = 're_oss') =>
  office().cancelTicket(
    orderId,
    ticketId,
    Date.now(),
    { by: 'organiser', organiser: true },
    { kind: 'refunded', reference },
  );

/** A finance member's request to the OSS report's API: `?quarter=…`, `/checks`, `/rate`. */
export async function ossApi(path: string, init: RequestInit = {}) {
  const { headers } = await staffMember('finance');
  return SELF.fetch(`${ORIGIN}/api/admin/reports/oss${path}`, {
    ...init,
    headers: { ...headers, 'Content-Type': 'application/json', Origin: ORIGIN },
  });
}
