import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { isCountryCode } from '../../site/countries';
import { viesNumberOf } from '../../site/invoices';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, language } from '../../site/languages';
import {
  type AccessNeeds,
  MAX_TICKETS,
  type NewOrder,
  type Order,
  type OrderTax,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PurchaseResult,
} from '../../site/orders';
import { href, orderPageHref } from '../../site/pages';
import {
  CONSENT_VERSIONS,
  consentErrors,
  emailError,
  needsHolderName,
  PURCHASE_LIMITS,
} from '../../site/purchase-rules';
import { evidenceConflict, taxCountry } from '../../site/tax-rules';
import { findProduct, PRODUCT_IDS, type Product } from '../../site/tickets';
import { TURNSTILE_FIELD, TURNSTILE_TOKEN_LIMIT } from '../../site/turnstile';
import { VOUCHER_CODE } from '../../site/vouchers';
import { boxOffice } from '../box-office/box-office';
import { taxConfigAt } from '../box-office/tickets';
import { now } from '../clock';
import { hmacSecret, newSecret, sha256Hex } from '../crypto';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { timeSortableId } from '../ids';
import { rateLimit } from '../middleware/rate-limit';
import { textField, validJson } from '../middleware/validation';
import { invoiceBody, optionalText } from '../orders/invoice-body';
import { paymentProvider } from '../payments/payment';
import {
  type Checkout,
  demoCheckoutUrl,
  demoReference,
  type PaymentProvider,
  ProviderError,
} from '../payments/providers';
import { ossEnabled, requestEdgeCountry } from '../tax/oss';
import { checkVatNumber, viesConfig } from '../tax/vies';
import { ruledText } from '../text-field';
import { productName, texts } from '../texts';
import { ticketKey } from '../tickets/code';
import { requireHuman } from '../turnstile/siteverify';

/** Largest purchase body accepted; a real one is a few hundred bytes. */
export const PURCHASE_BODY_LIMIT = 4 * 1024;

const text = (max: number) => textField(max);
const emailField = ruledText(emailError);
const langField = z
  .enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'invalid' })
  .default(DEFAULT_LANGUAGE);

/**
 * The terms and the privacy policy the buyer accepted, `{terms, privacy}`: exactly the versions in
 * force (site/purchase-rules.ts), else 422 with `consent` / `consent.terms` / `consent.privacy`
 * `consent_required` or `consent_outdated`. A buyer whose page showed an older text reads it again.
 */
const consentField = z
  .unknown()
  .superRefine((value, context) => {
    for (const [path, message] of Object.entries(consentErrors(value))) {
      context.addIssue({ code: 'custom', path: path.split('.').slice(1), message });
    }
  })
  .transform(() => ({ ...CONSENT_VERSIONS }));

/** The Turnstile widget's token (when Turnstile is on; checked in placeOrder, not part of the order). */
const turnstileField = z.string({ error: 'invalid' }).max(TURNSTILE_TOKEN_LIMIT, { error: 'too_long' }).optional();

/** Card (the provider's checkout) by default; a bank transfer only with invoice data. */
const paymentField = z.enum(PAYMENT_METHODS, { error: 'invalid' }).default('card');
const transferNeedsInvoice = (body: { payment: PaymentMethod; invoice?: unknown }, context: z.RefinementCtx) => {
  if (body.payment === 'transfer' && !body.invoice) {
    context.addIssue({ code: 'custom', path: ['payment'], message: 'transfer_needs_invoice' });
  }
};

/** A voucher code as typed (4-32 letters, digits, hyphens; any case); empty is none. */
const voucherField = z.preprocess(
  (value) => (typeof value === 'string' && !value.trim() ? undefined : value),
  z.string({ error: 'invalid' }).trim().regex(VOUCHER_CODE, { error: 'invalid' }).optional(),
);

/**
 * The buyer's country for VAT when they give no invoice data (the dialog's one select, prefilled
 * from the edge's country); absent, Poland. `countryConfirmed`: the buyer answered the dialog's
 * question that their country is this one although the edge saw another.
 */
const countryField = z
  .string({ error: 'invalid' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'invalid' })
  .optional();
const confirmedField = z.boolean({ error: 'invalid' }).default(false);

const purchaseBody = z
  .object({
    email: emailField,
    voucher: voucherField,
    country: countryField,
    countryConfirmed: confirmedField,
    lang: langField,
    name: text(PURCHASE_LIMITS.name).optional(),
    invoice: invoiceBody.optional(),
    payment: paymentField,
    consent: consentField,
    [TURNSTILE_FIELD]: turnstileField,
  })
  .superRefine(transferNeedsInvoice);
type PurchaseBody = z.infer<typeof purchaseBody>;

/**
 * A holder's accessibility answers (site/orders.ts AccessNeeds), all optional: `assistance` and
 * `wheelchair` true or false, a short `note`. Nothing answered is no answers (absent).
 */
const accessField = z
  .object(
    {
      assistance: z.boolean({ error: 'invalid' }).optional(),
      wheelchair: z.boolean({ error: 'invalid' }).optional(),
      note: optionalText(PURCHASE_LIMITS.accessNote),
    },
    { error: 'invalid' },
  )
  .optional()
  .transform((access): AccessNeeds | undefined => {
    if (!access) return undefined;
    const answers: AccessNeeds = {
      ...(access.assistance ? { assistance: true as const } : {}),
      ...(access.wheelchair ? { wheelchair: true as const } : {}),
      ...(access.note ? { note: access.note } : {}),
    };
    return Object.keys(answers).length ? answers : undefined;
  });

/**
 * One ticket of a cart: a product, its holder's name (required on site, where the badge and the
 * door need it), the holder's own e-mail, if any, and their accessibility answers, if any.
 */
const cartItem = z
  .object({
    product: z.enum(PRODUCT_IDS, { error: 'unknown_product' }),
    name: text(PURCHASE_LIMITS.name).optional(),
    email: emailField.optional(),
    access: accessField,
  })
  .superRefine((item, context) => {
    if (!item.name && needsHolderName(item.product)) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'required' });
    }
  });

const cartBody = z
  .object({
    email: emailField,
    lang: langField,
    name: text(120).optional(),
    items: z
      .array(cartItem, { error: 'invalid' })
      .min(1, { error: 'required' })
      .max(MAX_TICKETS, { error: 'too_many_tickets' }),
    invoice: invoiceBody.optional(),
    payment: paymentField,
    voucher: voucherField,
    country: countryField,
    countryConfirmed: confirmedField,
    consent: consentField,
    [TURNSTILE_FIELD]: turnstileField,
  })
  .superRefine(transferNeedsInvoice);
type CartBody = z.infer<typeof cartBody>;

/** Largest cart body accepted: twenty tickets with long names and e-mails, and the invoice. */
export const CART_BODY_LIMIT = 16 * 1024;

/** A client's key for one purchase attempt: long enough to be a secret (the dialog sends a UUID). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** The product of the path, or 404 `unknown_product` with the ids there are. */
function productOf(id: string): Product {
  const item = findProduct(id);
  if (!item) throw new ApiError(404, 'unknown_product', { products: PRODUCT_IDS });
  return item;
}

/**
 * The buyer's secret for an order. With an Idempotency-Key it is derived from the key and the order,
 * so a retry of the same attempt gets the same link without the secret being stored anywhere.
 */
const secretFor = (orderId: string, key: string | undefined) => (key ? hmacSecret(key, orderId) : newSecret());

/** What binds an Idempotency-Key to its request: a key sent again with other content is refused. */
const fingerprint = (order: OrderRequest) =>
  sha256Hex(
    JSON.stringify([
      // Accessibility answers only when given: a key used without them keeps its fingerprint.
      order.items.map((item) => [
        item.product,
        item.name ?? null,
        item.email ?? null,
        ...(item.access ? [item.access] : []),
      ]),
      order.email,
      order.lang,
      order.name ?? null,
      order.invoice ?? null,
      // Only a transfer adds to it, so a card attempt's key keeps the fingerprint it always had.
      ...(order.payment === 'transfer' ? ['transfer'] : []),
      // Likewise a voucher: a key used without one keeps its fingerprint.
      ...(order.voucher ? [`voucher:${order.voucher.toUpperCase()}`] : []),
      // And the country chosen without invoice data (the confirmation does not change the order).
      ...(order.country ? [`country:${order.country}`] : []),
    ]),
  );

/** The buyer's order page (the thank-you page with the order's secret): where a transfer order goes. */
const orderPageUrl = (origin: string, order: Pick<Order, 'id' | 'lang'>, secret: string) =>
  `${origin}${orderPageHref(order, secret)}`;

/**
 * Sends a new order to its provider and records where the buyer pays; answers that URL. When the
 * provider fails, the order is given up at once (its place returns, its Idempotency-Key is free
 * for the buyer's retry) and the buyer gets 503.
 */
async function startCheckout(
  env: Bindings,
  provider: PaymentProvider,
  order: Order,
  secret: string,
  origin: string,
  at: number,
): Promise<string> {
  const t = texts(order.lang);
  const office = boxOffice(env.BOX_OFFICE);
  let checkout: Checkout;
  try {
    checkout = await provider.createCheckout({
      order,
      secret,
      productName: (product) => `${t.common.brand.full}: ${productName(order.lang, productOf(product))}`,
      successUrl: orderPageUrl(origin, order, secret),
      cancelUrl: `${origin}${href(order.lang, 'tickets')}?payment=cancelled&product=${order.product}`,
      origin,
      now: at,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(JSON.stringify({ event: 'payment_provider_failed', orderId: order.id, message: error.message }));
    await office.abandon(order.id, at, error.message);
    throw new ApiError(503, 'payment_unavailable');
  }
  const stored = await office.startPayment(
    order.id,
    checkout.reference,
    checkout.store ? checkout.url : null,
    at,
    checkout.payableUntil,
  );
  // The order was given up meanwhile (a concurrent retry's provider call failed): no place to pay for.
  if (stored?.kind === 'closed') {
    await provider.expireCheckout({ ...order, providerRef: checkout.reference }).catch(() => {});
    throw new ApiError(503, 'payment_unavailable');
  }
  // Concurrent retries of one attempt: the first URL recorded is everyone's.
  return stored?.url ?? checkout.url;
}

/** A call to the box office; when it cannot be reached (a reset, an overload) the buyer gets 503. */
async function boxOfficeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(JSON.stringify({ event: 'box_office_unavailable', message: String(error) }));
    throw new ApiError(503, 'storage_unavailable');
  }
}

/** What a cart or a one-ticket purchase asks the box office for, and how the buyer pays. */
type OrderRequest = Pick<NewOrder, 'items' | 'email' | 'lang' | 'name' | 'invoice' | 'voucher' | 'consent'> & {
  payment: PaymentMethod;
  country?: string;
  countryConfirmed: boolean;
};

/**
 * The buyer's country for VAT and its evidence (site/tax-rules.ts): the billing country (the
 * address's, else the one chosen, else Poland) against the edge's country of the request. When they
 * disagree in a way that changes an online plan's VAT and the buyer has not confirmed their
 * country, 409 `confirm_country` with both, and the dialog asks; nothing is held.
 */
function orderTax(c: Context<AppEnv>, order: OrderRequest, vatConfirmed: boolean): OrderTax {
  const oss = ossEnabled(c.env);
  const buyer = { invoice: order.invoice ?? null, country: order.country ?? null, vatConfirmed };
  const country = taxCountry(buyer);
  const edge = requestEdgeCountry(c);
  const online = order.items.some((item) => productOf(item.product).mode === 'online');
  if (online && !order.countryConfirmed && evidenceConflict(buyer, edge, taxConfigAt(oss, now(c)))) {
    throw new ApiError(409, 'confirm_country', { country, edgeCountry: edge });
  }
  return { country, oss, evidence: { billing: country, edge, confirmed: order.countryConfirmed && edge !== country } };
}

/**
 * Places an order in the box office (prices from site/, never from the request), sends it to its
 * provider and answers `{url, orderId, code}`: 201 for a new order, 200 for a replay of its
 * `Idempotency-Key`. The key binds the whole request; sent again with other content it answers 409.
 */
async function placeOrder(c: Context<AppEnv>, wanted: OrderRequest, turnstileToken: string | undefined) {
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'invalid_idempotency_key');
  // Turnstile (when on) before VIES and the box office: a refused check holds no place.
  await requireHuman(c.env, turnstileToken, c.req.header('CF-Connecting-IP'), 'purchase', key);
  const { payment, country: _country, countryConfirmed: _confirmed, ...order } = wanted;
  // A transfer needs no provider (the buyer pays to the organisers' account), so it works whatever
  // PAYMENT_PROVIDER says, in production too.
  const provider = payment === 'transfer' ? null : paymentProvider(c.env);
  const origin = new URL(c.req.url).origin;

  const id = timeSortableId();
  const secret = await secretFor(id, key);
  // An EU business's VAT number is checked in VIES before anything is held: reverse charge only for
  // a number VIES confirms; one it does not know is the buyer's to correct; VIES down, 23% VAT.
  const viesNumber = viesNumberOf(order.invoice);
  const vatCheck = viesNumber ? await checkVatNumber(viesConfig(c.env), viesNumber, now(c)) : undefined;
  if (vatCheck?.status === 'invalid') {
    throw new ApiError(422, 'invalid_fields', { fields: { 'invoice.taxId': 'vat_id_not_registered' } });
  }
  if (vatCheck?.status === 'unavailable') {
    console.warn(JSON.stringify({ event: 'vies_unavailable', orderId: id, error: vatCheck.error }));
  }
  const tax = orderTax(c, wanted, vatCheck?.status === 'valid');
  const address = c.req.header('CF-Connecting-IP');
  const request = {
    id,
    ...order,
    provider: provider?.name ?? 'transfer',
    tokenHash: await sha256Hex(secret),
    // The address only as a keyed hash: enough to bound one address's unpaid holds (site/holds.ts),
    // and not reversible by trying every IPv4 address without the worker's secret.
    ...(address ? { client: await hmacSecret(ticketKey(c.env), `client-address:${address}`) } : {}),
    ...(vatCheck ? { vatCheck } : {}),
    tax,
    fingerprint: await fingerprint(wanted),
    ...(key ? { idempotencyKey: key } : {}),
    ...(provider?.name === 'demo' ? { paymentReference: demoReference(id) } : {}),
    now: now(c),
  };
  const result = await boxOfficeCall(
    async (): Promise<PurchaseResult> => boxOffice(c.env.BOX_OFFICE).purchase(request),
  );
  if (result.kind === 'refused') {
    if (result.error === 'idempotency_key_reused') throw new ApiError(409, result.error);
    if (result.error === 'consent_refused') throw new ApiError(422, 'invalid_fields', { fields: result.fields });
    if (result.error === 'invalid_voucher') throw new ApiError(422, result.error, { reason: result.reason });
    if (result.error === 'transfer_closed') throw new ApiError(409, result.error, { until: result.until });
    if (result.error === 'hold_limit') {
      throw new ApiError(409, result.error, { products: result.products, limits: result.limits });
    }
    throw new ApiError(409, result.error, { products: result.products });
  }

  const placed = result.order;
  const orderSecret = placed.id === id ? secret : await secretFor(placed.id, key);
  // A replay answers the recorded URL; the demo's and a transfer order's page are made again (they
  // hold the secret, so they are never stored); any other new order, or a replay before its first
  // attempt recorded one, goes to the provider.
  // A paid order (a free voucher's: nothing to pay) goes straight to its page.
  const url =
    (placed.status === 'paid' ? orderPageUrl(origin, placed, orderSecret) : null) ??
    result.paymentUrl ??
    (placed.provider === 'transfer' ? orderPageUrl(origin, placed, orderSecret) : null) ??
    (placed.provider === 'demo' ? demoCheckoutUrl(origin, placed, orderSecret) : null) ??
    (await startCheckout(c.env, provider ?? paymentProvider(c.env), placed, orderSecret, origin, request.now));
  return c.json({ url, orderId: placed.id, code: placed.code }, result.kind === 'created' ? 201 : 200);
}

/** The buyer's own details of a request: e-mail in lower case, the page's language, name and invoice if any. */
const buyer = (body: PurchaseBody | CartBody) => ({
  email: body.email.toLowerCase(),
  lang: language(body.lang).code,
  ...(body.name ? { name: body.name } : {}),
  ...(body.invoice ? { invoice: body.invoice } : {}),
  ...(body.voucher ? { voucher: body.voucher } : {}),
  ...(body.country ? { country: body.country } : {}),
  countryConfirmed: body.countryConfirmed,
  payment: body.payment,
  consent: body.consent,
});

/**
 * `POST /api/purchase/:product` with `{email, lang?, name?, invoice?}`: one ticket, for the buyer
 * (the spec's purchase; the name is the ticket's holder). `POST /api/orders` with
 * `{email, lang?, name?, items: [{product, name?, email?}], invoice?}`: a cart of 1 to MAX_TICKETS
 * tickets of any products, sold whole or not at all (409 `sold_out` or `sales_closed` names the
 * products); a name for every on-site ticket; more tickets answer 422 `too_many_tickets`. Both
 * make a pending order that holds its places and answer `{url, orderId, code}`. `payment:
 * 'transfer'` (only with `invoice`, else 422 `payment: transfer_needs_invoice`; 409
 * `transfer_closed` near the congress) makes an order paid by bank transfer: it holds its places
 * for TRANSFER_HOLD_DAYS, its buyer gets the transfer's details by e-mail, and `url` is the order
 * page, which shows them. An
 * `Idempotency-Key` makes any number of retries, simultaneous or not, one order with one URL.
 */
export const purchase = new Hono<AppEnv>().post(
  '/:product',
  async (c, next) => {
    productOf(c.req.param('product'));
    await next();
  },
  rateLimit((env) => env.PURCHASE_LIMITER),
  ...validJson(purchaseBody, PURCHASE_BODY_LIMIT),
  async (c) => {
    const item = productOf(c.req.param('product'));
    const body = c.req.valid('json') as PurchaseBody;
    return placeOrder(
      c,
      {
        ...buyer(body),
        items: [{ product: item.id, ...(body.name ? { name: body.name } : {}) }],
      },
      body[TURNSTILE_FIELD],
    );
  },
);

export const cart = new Hono<AppEnv>().post(
  '/',
  rateLimit((env) => env.PURCHASE_LIMITER),
  ...validJson(cartBody, CART_BODY_LIMIT, { whole: ['too_many_tickets'] }),
  async (c) => {
    const body = c.req.valid('json') as CartBody;
    return placeOrder(
      c,
      {
        ...buyer(body),
        items: body.items.map((item) => ({
          product: item.product,
          ...(item.name ? { name: item.name } : {}),
          ...(item.email ? { email: item.email.toLowerCase() } : {}),
          ...(item.access ? { access: item.access } : {}),
        })),
      },
      body[TURNSTILE_FIELD],
    );
  },
);
