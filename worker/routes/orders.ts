import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { currentInvoiceOf, type IssuedInvoice } from '../../site/invoices';
import type { CancelResult, ReissueResult } from '../../site/orders';
import { orderPageHref } from '../../site/pages';
import { ticketQrSvg } from '../../site/qr';
import { cancellationClosesAt } from '../../site/terms';
import { PLAIN_EMAIL } from '../../site/text';
import { findProduct } from '../../site/tickets';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { ApiError, apiErrorOf } from '../errors';
import { invoiceResponse, proformaFile } from '../invoices/documents';
import { limitBody, textField, validJson, validQuery } from '../middleware/validation';
import { findOrder, orderView, secretQuery, viewOf } from '../orders/buyer-view';
import { type invoiceBody, invoiceRequestBody } from '../orders/invoice-body';
import { cancelPaidOrder, cancelTicketPaid, partCancelRefusal } from '../payments/cancellation';
import { providerOf } from '../payments/payment';
import { ProviderError } from '../payments/providers';
import { refundOr502 } from '../payments/refund-once';
import { recheckVat } from '../tax/vat-recheck';
import { signedTicketCode, ticketKey } from '../tickets/code';

/** When a buyer whose re-check found VIES down is told to ask again (seconds). */
const VIES_RETRY_AFTER_S = 300;

const secretOf = (c: Context<AppEnv>) => {
  c.header('Cache-Control', 'private, no-store');
  return { id: c.req.param('id') ?? '', token: c.req.query('token') ?? '' };
};

/** The order a request's secret opens, or 404 `not_found`. */
async function openedOrder(c: Context<AppEnv>) {
  const { id, token } = secretOf(c);
  const found = await findOrder(c.env, id, token);
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

/**
 * The invoice of an order (not a correction of it), which `/invoice.pdf` and `/invoice.xml` name:
 * the one issued in place of an invoice corrected to zero for a wrong tax number, if there is one.
 */
const orderInvoice = (invoices: IssuedInvoice[]) => currentInvoiceOf(invoices);

/** A new holder of a ticket: a name (required on site) and an e-mail, either may be empty to clear it. */
const holderBody = z.object({
  name: z.union([z.literal(''), z.null(), textField(120)]).optional(),
  email: z
    .union([z.literal(''), z.null(), textField(254).pipe(z.string().regex(PLAIN_EMAIL, { error: 'invalid_email' }))])
    .optional(),
});

/** A change of holder the rules refuse: 404, or 409 with the ticket's state. */
function reissueRefusal(result: Extract<ReissueResult, { kind: 'refused' }>): ApiError {
  if (result.error === 'checked_in') return new ApiError(409, 'already_checked_in', { at: result.at });
  return result.error === 'not_found' ? new ApiError(404, 'not_found') : new ApiError(409, result.error);
}

/** A cancellation the rules refuse: 409 with the order's status and, after the deadline, the deadline. */
function cancelRefusal(result: Extract<CancelResult, { kind: 'refused' }>): ApiError {
  if (result.error === 'not_found') return new ApiError(404, 'not_found');
  if (result.error === 'cancellation_closed') {
    return new ApiError(409, 'cancellation_closed', { until: new Date(cancellationClosesAt()).toISOString() });
  }
  return new ApiError(409, 'not_cancellable', { status: result.order?.status });
}

type Opened = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/**
 * Issues the invoice the buyer asks for (a refusal thrown as its ApiError): 409 `already_invoiced`
 * with its number, `not_paid` with the status, `request_closed` with `until` (the end of the
 * window of art. 106b ust. 3), `nothing_to_invoice` for a free order.
 */
async function askForInvoice(
  c: Context<AppEnv>,
  order: Opened['order'],
  office: Opened['office'],
  data: z.infer<typeof invoiceBody>,
) {
  const result = await office.requestInvoice(order.id, data, now(c), 'buyer');
  if (result.kind === 'refused') {
    if (result.error === 'not_found') throw new ApiError(404, 'not_found');
    const { kind: _, error, ...details } = result;
    throw new ApiError(409, error, details);
  }
  if (!result.repeated) {
    console.log(JSON.stringify({ event: 'invoice_requested', orderId: order.id, invoice: result.invoice.number }));
  }
}

/**
 * The order page's invoice form, sent before or without its script: back to the page, at the
 * documents once issued, else at the form with what was wrong (a field's error or the refusal).
 * Anything that is not a form goes on to the JSON route.
 */
const invoiceForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isForm(c)) return next();
  const { order, office } = await openedOrder(c);
  const parsed = invoiceRequestBody.safeParse(invoiceOfForm(await c.req.parseBody()));
  try {
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(422, 'invalid_fields', { fields: { [issue?.path.join('.') ?? 'invoice']: issue?.message } });
    }
    await askForInvoice(c, order, office, parsed.data.invoice);
  } catch (error) {
    // Every outcome of this form starts `invoice.` (a field's path does already): the form says it.
    const done = formRefusal(error);
    return backToOrder(c, order, done.startsWith('invoice.') ? done : `invoice.${done}`, 'invoice-request-title');
  }
  return backToOrder(c, order, 'invoiced', 'documents-title');
};

/** A form's invoice fields (`invoice.name`, ...) as the JSON body's `invoice` object. */
const invoiceOfForm = (form: Record<string, unknown>) => ({
  invoice: Object.fromEntries(
    ['name', 'taxId', 'street', 'postalCode', 'city', 'country'].map((field) => [field, form[`invoice.${field}`]]),
  ),
});

/** Whether a request is a page's form (sent before or without the page's script), not a script's JSON. */
const isForm = (c: Context<AppEnv>) =>
  c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** Refuses anything but a form (415), before anything reads the body. */
async function formOnly(c: Context<AppEnv>, next: () => Promise<void>) {
  if (!isForm(c)) throw new ApiError(415, 'unsupported_media_type');
  await next();
}

/**
 * Back to the order page after one of its forms, at the part it came from, with what came of it
 * (`done`: `saved`, a field's error as `name.required`, or a refusal's code), which the page says.
 */
function backToOrder(c: Context<AppEnv>, order: Opened['order'], done: string | null, anchor: string) {
  const { token } = secretOf(c);
  const query = done ? `&done=${encodeURIComponent(done)}` : '';
  return c.redirect(`${orderPageHref(order, token)}${query}#${anchor}`, 303);
}

/** What a form's refused change says on the order page: a field's error or the refusal's code. */
function formRefusal(error: unknown): string {
  const api = apiErrorOf(error);
  if (!api || api.status === 404) throw error;
  const fields = api.details.fields as Record<string, string> | undefined;
  const [field, code] = Object.entries(fields ?? {})[0] ?? [];
  return field && code ? `${field}.${code}` : api.code;
}

/**
 * Answers a change from the order page: its form (no script yet, or none) goes back to the page,
 * which shows what came of it (`done` at `anchor`, a refusal at `refusedAt`, else at `anchor`); its
 * script gets the order's view as JSON, or the refusal's error.
 */
async function formOrJson(
  c: Context<AppEnv>,
  order: Opened['order'],
  change: () => Promise<unknown>,
  page: { done: string | null; anchor: string; refusedAt?: string },
) {
  if (isForm(c)) {
    try {
      await change();
    } catch (error) {
      return backToOrder(c, order, formRefusal(error), page.refusedAt ?? page.anchor);
    }
    return backToOrder(c, order, page.done, page.anchor);
  }
  await change();
  const { id, token } = secretOf(c);
  return c.json(await orderView(c.env, id, token));
}

/** Gives a ticket of the order to a new holder (a field left out keeps its value); the order after it. */
async function changeHolder(
  c: Context<AppEnv>,
  order: Opened['order'],
  office: Opened['office'],
  body: z.infer<typeof holderBody>,
) {
  const ticket = order.tickets.find((t) => t.id === c.req.param('ticketId'));
  if (!ticket) throw new ApiError(404, 'not_found');
  // A field left out keeps its value; an empty one clears it.
  const name = body.name === undefined ? ticket.name : body.name || null;
  const email = body.email === undefined ? ticket.email : body.email?.toLowerCase() || null;
  if (!name && findProduct(ticket.product)?.mode === 'onsite') {
    throw new ApiError(422, 'invalid_fields', { fields: { name: 'required' } });
  }
  const result = await office.reissueTicket(order.id, ticket.id, { name, email }, now(c));
  if (result.kind === 'refused') throw reissueRefusal(result);
  console.log(JSON.stringify({ event: 'ticket_reissued', orderId: order.id, ticketId: ticket.id }));
  return result.order;
}

/**
 * Cancels the order until the terms' deadline (asked again once cancelled: nothing more to do); a
 * refusal is thrown as its ApiError.
 */
async function cancelOrder(c: Context<AppEnv>, order: Opened['order'], office: Opened['office']) {
  const at = now(c);
  // Asked again (a double click, a second tab, a retry): the same answer, the cancelled order.
  if (order.status === 'cancelled' || (order.status === 'refunded' && order.cancelledAt)) return;
  const allowed = await office.cancellable(order.id, at);
  if (allowed.kind === 'refused') throw cancelRefusal(allowed);
  // Money that came by transfer goes back by a transfer the organisers make: the order is cancelled
  // now and its refund owed until they record it.
  if (order.provider === 'transfer' && order.status === 'paid') {
    const result = await office.cancelTransferOrder(order.id, at, 'buyer');
    if (result.kind === 'refused') throw cancelRefusal(result);
    console.log(JSON.stringify({ event: 'order_cancelled_by_buyer', orderId: order.id, refund: 'owed' }));
    return;
  }
  const provider = providerOf(c.env, order);
  if (order.status === 'pending') {
    // Not paid yet: the checkout is closed first, so that no payment can follow the cancellation.
    await provider.expireCheckout(order).catch((error: unknown) => {
      if (!(error instanceof ProviderError)) throw error;
      console.error(JSON.stringify({ event: 'checkout_expire_failed', orderId: order.id, message: error.message }));
    });
    const settled = await office.settle(order.id, 'cancelled', at, { by: 'buyer' });
    // Paid meanwhile: the buyer asks again, and the paid order is refunded then. Cancelled by
    // another of the buyer's requests meanwhile: the same answer as that one's.
    if (!settled?.changed && settled?.order.status !== 'cancelled') {
      throw new ApiError(409, 'not_cancellable', { status: settled?.order.status });
    }
  } else {
    // One refund call however many cancels arrive together; the others answer its outcome.
    const result = await refundOr502(order.id, () => cancelPaidOrder(office, provider, order, at));
    if (result.kind === 'refused') throw cancelRefusal(result);
  }
}

/**
 * Cancels one ticket of the order for its buyer until the terms' deadline (asked again once
 * cancelled: the same answer); a refusal is thrown as its ApiError, a provider's failure as 502.
 */
async function cancelOneTicket(c: Context<AppEnv>, order: Opened['order'], office: Opened['office']) {
  const who = { by: 'buyer', organiser: false };
  const result = await refundOr502(order.id, () =>
    cancelTicketPaid(office, () => providerOf(c.env, order), order, c.req.param('ticketId') ?? '', now(c), who),
  );
  if (result.kind === 'refused') throw partCancelRefusal(result);
}

/**
 * The buyer's order, for whoever holds its secret (`?token=`):
 * - `GET /api/orders/:id`: what the order page shows: status, amounts, tickets (codes once paid).
 * - `GET /api/orders/:id/tickets/:ticketId/qr.svg`: a paid ticket's QR code, drawn here so that
 *   the order page needs no QR library (the e-mail's PNG comes from the same site/qr.ts).
 * - `PATCH /api/orders/:id/tickets/:ticketId` `{name?, email?}`: a new holder until the congress
 *   starts; the ticket gets a new code and the old one is refused at the door (409
 *   `changes_closed` after, `{error:'already_checked_in', at}` once admitted: the holder who is in keeps it).
 * - `POST /api/orders/:id/cancel`: cancels the order until the terms' deadline (site/terms.ts): a
 *   pending one is let go, a paid one refunded through the provider that took it (one refund call
 *   however many cancels arrive at once: worker/payments/cancellation.ts), and its places return;
 *   asked again, 200 with the cancelled order; after the deadline 409 `cancellation_closed` with
 *   `until`; 502 `refund_failed` when the provider refused the refund (nothing is marked). A paid
 *   transfer order is cancelled at once and its refund owed (the organisers send and record it).
 * - `POST /api/orders/:id/tickets/:ticketId/cancel`: cancels one ticket of a paid order until the
 *   deadline (worker/box-office/part-cancel.ts): its gross refunded once (owed, for a transfer), its
 *   line corrected, its place returned; the last one cancels the order. 409 `cancellation_closed`,
 *   `not_paid`, `checked_in`; 404 for a ticket not of this order; asked again, the same order.
 * - `POST /api/orders/:id/vat-check`: an EU business charged 23% while VIES was down asks VIES
 *   again (worker/tax/vat-recheck.ts, rules in worker/box-office/vat-correction.ts): confirmed, the
 *   online plans become reverse charge, the invoice is corrected and the VAT difference refunded
 *   once (200, the order); not registered, 422 on `invoice.taxId` (the answer kept as evidence);
 *   VIES still down, 503 `vies_unavailable` with Retry-After, nothing changed; 409
 *   `already_corrected`, `not_eligible` or `pay_first` (a checkout at the old amount is open) with
 *   `status` and `vatCheck`; 502 `refund_failed` when the provider refused the refund.
 */
export const orders = new Hono<AppEnv>()
  // The secret comes once: of two tokens, neither is guessed to be the one meant.
  .use('/:id/*', validQuery(secretQuery))
  .get('/:id', async (c) => {
    const { id, token } = secretOf(c);
    const view = await orderView(c.env, id, token);
    if (!view) throw new ApiError(404, 'not_found');
    return c.json(view);
  })
  .get('/:id/tickets/:ticketId/qr.svg', async (c) => {
    const { order } = await openedOrder(c);
    const ticket = order.tickets.find((t) => t.id === c.req.param('ticketId'));
    // Only a paid order's ticket has a code; anything else is the same 404.
    if (order.status !== 'paid' || !ticket) throw new ApiError(404, 'not_found');
    // The signed form, which a door checks offline with the public key (the page shows the typed one).
    const svg = ticketQrSvg(await signedTicketCode(ticketKey(c.env), ticket));
    // Opened on its own, as a document, it still runs nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  })
  .get('/:id/proforma.pdf', async (c) => {
    const { order } = await openedOrder(c);
    const file = order.provider === 'transfer' ? await proformaFile(order) : null;
    if (!file) throw new ApiError(404, 'no_proforma');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
    });
  })
  .get('/:id/:file{invoice\\.(?:pdf|xml)}', async (c) => {
    const { order, office } = await openedOrder(c);
    return invoiceResponse(c, orderInvoice(await office.invoices(order.id)), c.req.param('file'));
  })
  .get('/:id/invoices/:file{[0-9A-Z]{26}\\.(?:pdf|xml)}', async (c) => {
    const { order, office } = await openedOrder(c);
    const [id] = c.req.param('file').split('.');
    return invoiceResponse(
      c,
      (await office.invoices(order.id)).find((item) => item.id === id),
      c.req.param('file'),
    );
  })
  .patch('/:id/tickets/:ticketId', ...validJson(holderBody, 2048), async (c) => {
    const { order, office } = await openedOrder(c);
    const changed = await changeHolder(c, order, office, c.req.valid('json'));
    return c.json(
      await viewOf(
        c.env,
        changed,
        await office.registrations(order.id),
        await office.emails(order.id),
        await office.invoices(order.id),
        await office.vatStatus(order.id),
        await office.orderParts(order.id),
      ),
    );
  })
  // The same change from the order page's form, which works before and without its script.
  .post('/:id/tickets/:ticketId/holder', formOnly, limitBody(2048), async (c) => {
    const { order, office } = await openedOrder(c);
    const anchor = `ticket-${c.req.param('ticketId')}-title`;
    const form = await c.req.parseBody();
    const parsed = holderBody.safeParse({ name: form.name ?? undefined, email: form.email ?? undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return backToOrder(c, order, `${String(issue?.path[0] ?? 'name')}.${issue?.message ?? 'invalid'}`, anchor);
    }
    try {
      await changeHolder(c, order, office, parsed.data);
    } catch (error) {
      return backToOrder(c, order, formRefusal(error), anchor);
    }
    return backToOrder(c, order, 'saved', anchor);
  })
  .post('/:id/cancel', async (c) => {
    const { order, office } = await openedOrder(c);
    return formOrJson(c, order, () => cancelOrder(c, order, office), { done: null, anchor: 'cancel-title' });
  })
  // The order page's form (no script yet, or none) is answered by `invoiceForm`; a script's JSON here.
  .post('/:id/invoice', limitBody(4096), invoiceForm, ...validJson(invoiceRequestBody, 4096), async (c) => {
    const { order, office } = await openedOrder(c);
    const { id, token } = secretOf(c);
    await askForInvoice(c, order, office, c.req.valid('json').invoice);
    return c.json(await orderView(c.env, id, token, now(c)));
  })
  // One ticket of the order, from the order page's form (back to the page) or its script (JSON).
  .post('/:id/tickets/:ticketId/cancel', async (c) => {
    const { order, office } = await openedOrder(c);
    return formOrJson(c, order, () => cancelOneTicket(c, order, office), {
      done: 'ticket_cancelled',
      anchor: 'wallet-title',
      refusedAt: `ticket-${c.req.param('ticketId')}-title`,
    });
  })
  .post('/:id/vat-check', async (c) => {
    const { order, office } = await openedOrder(c);
    const { id, token } = secretOf(c);
    const outcome = await refundOr502(
      order.id,
      () => recheckVat(c.env, office, () => providerOf(c.env, order), order, now(c)),
      'vat_refund_failed',
    );
    switch (outcome.kind) {
      case 'corrected':
        return c.json(await orderView(c.env, id, token));
      case 'unavailable':
        console.warn(JSON.stringify({ event: 'vies_unavailable', orderId: order.id, error: outcome.check.error }));
        c.header('Retry-After', String(VIES_RETRY_AFTER_S));
        throw new ApiError(503, 'vies_unavailable');
      case 'not_registered':
        throw new ApiError(422, 'invalid_fields', { fields: { 'invoice.taxId': 'vat_id_not_registered' } });
      default:
        if (outcome.error === 'not_found') throw new ApiError(404, 'not_found');
        throw new ApiError(409, outcome.error, { status: outcome.status, vatCheck: outcome.vatCheck ?? null });
    }
  });
