import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { CONTACT_TOPICS, type ContactTopic } from '../../site/contact';
import { venueDay } from '../../site/format';
import { type LogEntry, ORDER_STATUSES, type Order, type OrderFilter } from '../../site/orders';
import { securityHeaders } from '../../site/security';
import { PRODUCT_IDS } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { logKey } from '../box-office/intent-log';
import { CATALOGUES } from '../catalogues';
import { now } from '../clock';
import { csvRows, toCsv } from '../csv';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { type ContactMessage, listMessages, MESSAGE_PREFIX, withRetry } from '../messages';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson, validQuery } from '../middleware/validation';
import { invoiceRequestBody } from '../orders/invoice-body';
import { cancelTicketPaid, partCancelRefusal } from '../payments/cancellation';
import { providerOf } from '../payments/payment';
import { refundOr502 } from '../payments/refund-once';
import { messageExpiration } from '../personal-data';

const ORDER_COLUMNS = [
  'id',
  'code',
  'createdAt',
  'status',
  'product',
  'net',
  'vat',
  'gross',
  'currency',
  'email',
  'name',
  'lang',
  'provider',
  'providerRef',
  'paidAt',
  // Why a free ticket is free (speaker, press, partner, guest); empty for a bought one.
  'comp',
  'invoice.name',
  'invoice.taxId',
  'invoice.street',
  'invoice.postalCode',
  'invoice.city',
  'invoice.country',
  // What the buyer accepted and when (empty for orders from before consent was recorded).
  'consent.terms',
  'consent.privacy',
  'consent.at',
] as const;

/**
 * One row per ticket, for badges, catering and the door lists: the holder (a ticket without a name
 * of its own is the buyer's), the ticket's code and check-in, and the order it belongs to.
 */
const TICKET_COLUMNS = [
  'orderCode',
  'orderStatus',
  'position',
  'tickets',
  'product',
  'name',
  'email',
  'code',
  'checkedInAt',
  'buyerName',
  'buyerEmail',
  'company',
  'lang',
  'paidAt',
  'comp',
  // The holder's accessibility answers (health-related: kept only for the event, docs/access-needs.md).
  'access.assistance',
  'access.wheelchair',
  'access.note',
] as const;

/** An amount in grosze as the spreadsheet reads złoty: `369.00` (a plain number, two decimals). */
const zloty = (grosze: number) => (grosze / 100).toFixed(2);

/** The order rows of a page (ORDER_COLUMNS): amounts in złoty, as an accountant reads them. */
const orderRecords = (orders: Order[]) =>
  orders.map((order) => ({ ...order, net: zloty(order.net), vat: zloty(order.vat), gross: zloty(order.gross) }));

/** The ticket rows of a page of orders (TICKET_COLUMNS). */
const ticketRecords = (orders: Order[]) =>
  orders.flatMap((order) =>
    order.tickets.map((ticket) => ({
      orderCode: order.code,
      orderStatus: order.status,
      position: ticket.position,
      tickets: order.tickets.length,
      product: ticket.product,
      name: ticket.name ?? order.name,
      email: ticket.email ?? order.email,
      code: ticket.code,
      checkedInAt: ticket.checkedInAt,
      buyerName: order.name,
      buyerEmail: order.email,
      // The invoice's name is a company's only with a tax number: a private person's is the buyer.
      company: order.invoice?.taxId ? order.invoice.name : null,
      lang: order.lang,
      paidAt: order.paidAt,
      comp: order.comp ?? null,
      access: {
        assistance: ticket.access?.assistance ? 'yes' : null,
        wheelchair: ticket.access?.wheelchair ? 'yes' : null,
        note: ticket.access?.note ?? null,
      },
    })),
  );

const MESSAGE_COLUMNS = [
  'id',
  'receivedAt',
  'lang',
  'name',
  'email',
  'subject',
  'message',
  'topic',
  'handled',
  'handledAt',
] as const;

const orderQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  product: z.enum(PRODUCT_IDS).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().regex(ID_PATTERN).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  format: z.enum(['json', 'csv']).default('json'),
  /** A CSV's rows: one per order, or one per ticket. */
  rows: z.enum(['orders', 'tickets']).default('orders'),
});

/** Orders read per call to the box office while a CSV export streams. */
const EXPORT_PAGE = 1000;

const messageQuery = z.object({
  topic: z.enum([...CONTACT_TOPICS, 'other']).optional(),
  handled: z.enum(['true', 'false']).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

const handledBody = z.object({ handled: z.boolean() });

/** An organiser's record of money sent back by transfer: the amount (grosze), the day, the bank's reference. */
const refundRecordBody = z.object({
  amount: z.number().int().positive(),
  on: z.iso.date(),
  reference: z.string().trim().min(1).max(140),
});

/** Refuses a body that does not fit its schema: 422 with the failing fields. */
function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  const fields = Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.code]));
  throw new ApiError(422, 'invalid_fields', { fields });
}

/** KV reads up to 100 keys in one operation. */
const BULK_GET = 100;

/**
 * An order's history: the purchase-intent log in KV, which organisers keep, completed by the box
 * office's own entries that its alarm has not copied there yet (it does so moments after a change),
 * so an action shows at once. Oldest first, one entry per sequence number.
 */
async function orderHistory(kv: KVNamespace, office: ReturnType<typeof boxOffice>, id: string): Promise<LogEntry[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await withRetry(() => kv.list({ prefix: `intent:${id}:`, cursor }));
    names.push(...page.keys.map((key) => key.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  const entries = new Map<number, LogEntry>();
  for (let i = 0; i < names.length; i += BULK_GET) {
    const values = await withRetry(() => kv.get<LogEntry>(names.slice(i, i + BULK_GET), 'json'));
    for (const value of values.values()) if (value) entries.set(value.seq, value);
  }
  for (const entry of await office.history(id)) {
    if (!entries.has(entry.seq) && !names.includes(logKey(id, entry.seq))) entries.set(entry.seq, entry);
  }
  return [...entries.values()].sort((a, b) => a.seq - b.seq);
}

/** A known order, or 404. */
async function knownOrder(office: ReturnType<typeof boxOffice>, id: string): Promise<Order> {
  const order = ID_PATTERN.test(id) ? await office.order(id) : null;
  if (!order) throw new ApiError(404, 'not_found');
  return order;
}

/** A contact message with the organisers' mark: dealt with or not, and when. */
type InboxMessage = ContactMessage & { handled?: boolean; handledAt?: string | null };

/**
 * Each preset subject, in every language, to its topic: the form stores the subject a topic link
 * preset (`?temat=wystawca`), not the topic, so the inbox recognises the text. An edited subject
 * has no topic ('other').
 */
const TOPIC_OF_SUBJECT = new Map<string, ContactTopic>(
  Object.values(CATALOGUES.contact).flatMap((contact) =>
    CONTACT_TOPICS.map((topic) => [contact.topics[topic].subject.trim().toLowerCase(), topic] as const),
  ),
);

/** The preset topic a subject came from, or null. */
export const messageTopic = (subject: string | undefined): ContactTopic | null =>
  TOPIC_OF_SUBJECT.get((subject ?? '').trim().toLowerCase()) ?? null;

/** A message as organisers see it: with the preset topic its subject came from, if any. */
const withTopic = (message: InboxMessage) => ({
  ...message,
  topic: messageTopic(message.subject),
  handled: message.handled ?? false,
  handledAt: message.handledAt ?? null,
});

/**
 * Organiser access with `Authorization: Bearer <ADMIN_TOKEN>`, for the console at /admin and for
 * scripts: sales stats, orders (JSON or `?format=csv`, one order with its history, cancel, refund)
 * and contact messages (filters, handled mark). While no token is configured the routes do not
 * exist (404).
 */
export const admin = new Hono<AppEnv>()
  .get('/stats', allow('finance'), async (c) => c.json(await boxOffice(c.env.BOX_OFFICE).stats(now(c))))
  .get('/orders', allow('finance'), validQuery(orderQuery), async (c) => {
    const { cursor, limit, format, rows, ...filter } = c.req.valid('query');
    const office = boxOffice(c.env.BOX_OFFICE);
    if (format === 'csv') {
      // Every matching order, read from the box office a page at a time while the file streams.
      const perTicket = rows === 'tickets';
      const columns = perTicket ? TICKET_COLUMNS : ORDER_COLUMNS;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${perTicket ? 'tickets' : 'orders'}.csv"`);
      return stream(c, async (out) => {
        await out.write(`${columns.join(',')}\r\n`);
        let after: string | null = cursor ?? null;
        do {
          const page = await office.listOrders(filter as OrderFilter, after, EXPORT_PAGE);
          await out.write(csvRows(perTicket ? ticketRecords(page.orders) : orderRecords(page.orders), columns));
          after = page.cursor;
        } while (after);
      });
    }
    const page = await office.listOrders(filter as OrderFilter, cursor ?? null, limit);
    return c.json(page);
  })
  .get('/orders/:id', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await knownOrder(office, c.req.param('id'));
    const history = await orderHistory(c.env.ORDERS, office, order.id);
    const emails = await office.emails(order.id);
    return c.json({ order, history, emails });
  })
  .post('/orders/:id/cancel', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await knownOrder(office, c.req.param('id'));
    const result = await office.settle(order.id, 'cancelled', now(c), { by: organiserName(c) });
    if (!result?.changed) throw new ApiError(409, 'not_cancellable', { status: result?.order.status ?? order.status });
    // Its checkout must no longer take money. Should it have been paid meanwhile, or should the
    // provider not answer, the payment that still arrives is refunded (orders/settlement.ts).
    try {
      await providerOf(c.env, order).expireCheckout(result.order);
    } catch (error) {
      console.warn(JSON.stringify({ event: 'checkout_not_expired', orderId: order.id, message: String(error) }));
    }
    return c.json(result.order);
  })
  .post('/orders/:id/refund', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await knownOrder(office, c.req.param('id'));
    if (order.status !== 'paid') throw new ApiError(409, 'not_refundable', { status: order.status });
    const refund = await refundOr502(order.id, () => providerOf(c.env, order).refund(order));
    // The box office's settle compares `reference` with the checkout's, so the refund's own id goes to the logs.
    console.log(
      JSON.stringify({ event: 'refund', orderId: order.id, provider: order.provider, reference: refund.reference }),
    );
    const result = await office.settle(order.id, 'refunded', now(c), { by: organiserName(c) });
    if (!result?.changed) throw new ApiError(409, 'not_refundable', { status: result?.order.status ?? order.status });
    return c.json(result.order);
  })
  // An invoice for a paid order whose buyer gave no invoice data, asked for by phone or e-mail:
  // the buyer's own request's rules (box-office/invoice-requests.ts), made by the organiser.
  .post('/orders/:id/invoice', allow('finance'), ...validJson(invoiceRequestBody, 4096), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await knownOrder(office, c.req.param('id'));
    const result = await office.requestInvoice(order.id, c.req.valid('json').invoice, now(c), organiserName(c));
    if (result.kind === 'refused') {
      if (result.error === 'not_found') throw new ApiError(404, 'not_found');
      const { kind: _, error, ...details } = result;
      throw new ApiError(409, error, details);
    }
    return c.json({ invoice: result.invoice }, result.repeated ? 200 : 201);
  })
  // One ticket of a paid order, at any time (organisers are not bound by the buyer's deadline).
  .post('/orders/:id/tickets/:ticketId/cancel', allow('finance'), async (c) => {
    const office = boxOffice(c.env.BOX_OFFICE);
    const order = await knownOrder(office, c.req.param('id'));
    const who = { by: organiserName(c), organiser: true };
    const result = await refundOr502(order.id, () =>
      cancelTicketPaid(office, () => providerOf(c.env, order), order, c.req.param('ticketId'), now(c), who),
    );
    if (result.kind === 'refused') throw partCancelRefusal(result);
    return c.json(result);
  })
  // Money owed back by transfer: the list, and an organiser's record that it was sent (once).
  .get('/refunds', allow('finance'), async (c) => c.json({ refunds: await boxOffice(c.env.BOX_OFFICE).refundsOwed() }))
  .post('/refunds/:refund{(?:order|ticket)-[0-9A-Z]{26}}', allow('finance'), async (c) => {
    const body = parsed(refundRecordBody.safeParse(await c.req.json().catch(() => null)));
    // A day at the venue (Warsaw): just after midnight there, UTC still names the day before.
    if (body.on > venueDay(now(c))) {
      throw new ApiError(422, 'invalid_fields', { fields: { on: 'in_future' } });
    }
    const result = await boxOffice(c.env.BOX_OFFICE).recordRefund(
      c.req.param('refund'),
      { ...body, by: organiserName(c) },
      now(c),
    );
    if (result.kind === 'recorded') return c.json(result.refund);
    if (result.error === 'not_found') throw new ApiError(404, 'not_found');
    throw new ApiError(409, result.error, { refund: result.refund, expected: result.refund.amount });
  })
  .get('/messages', allow(), validQuery(messageQuery), async (c) => {
    const query = c.req.valid('query');
    // Stored oldest first (time-sortable keys); the inbox reads newest first.
    const messages = (await listMessages(c.env.ORDERS))
      .reverse()
      .map(withTopic)
      .filter((m) => !query.topic || (m.topic ?? 'other') === query.topic)
      .filter((m) => !query.handled || m.handled === (query.handled === 'true'));
    if (query.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="messages.csv"');
      return c.body(toCsv(messages, MESSAGE_COLUMNS));
    }
    return c.json({ count: messages.length, messages });
  })
  .post('/messages/:id/handled', allow(), async (c) => {
    const { handled } = parsed(handledBody.safeParse(await c.req.json().catch(() => null)));
    const id = c.req.param('id');
    const key = MESSAGE_PREFIX + id;
    const { value, metadata } = /^[0-9A-Za-z]{1,40}$/.test(id)
      ? await withRetry(() => c.env.ORDERS.getWithMetadata<InboxMessage>(key, 'json'))
      : { value: null, metadata: null };
    if (!value) throw new ApiError(404, 'not_found');
    const message: InboxMessage = { ...value, handled, handledAt: handled ? new Date(now(c)).toISOString() : null };
    // Handled, it goes twelve months later by KV's own expiry too (docs/personal-data.md).
    const options = { ...(metadata ? { metadata } : {}), ...messageExpiration(message) };
    await withRetry(() => c.env.ORDERS.put(key, JSON.stringify(message), options));
    return c.json(withTopic(message));
  });

/** Where the console's page is in the built assets (scripts/prerender.ts); never served as it is. */
export const ADMIN_PAGE_ASSET = '/_internal/admin';

const SITE_HEADERS = securityHeaders(import.meta.env?.VITE_FOOTER_BASE_URL);
const PAGE_HEADERS = {
  ...SITE_HEADERS,
  // The door screen reads QR codes with the camera, which the public pages forbid.
  'Permissions-Policy': (SITE_HEADERS['Permissions-Policy'] ?? '').replace('camera=()', 'camera=(self)'),
  // The door reads QR codes with zxing-wasm where the browser has no reader: compiling WebAssembly
  // needs this, and only the console's page gets it (the .wasm itself comes from our own /assets/).
  'Content-Security-Policy': (SITE_HEADERS['Content-Security-Policy'] ?? '').replace(
    "script-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
  ),
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Robots-Tag': 'noindex, nofollow',
};

/**
 * The organiser console at /admin and its client routes (/admin/orders/...): one page of its own
 * bundle, the same for every path, never language-redirected and never indexed. It holds no data:
 * everything comes from the API above with the token the organiser types in.
 */
export const adminPage = new Hono<AppEnv>().get('/*', async (c) => {
  const asset = await c.env.ASSETS.fetch(new URL(ADMIN_PAGE_ASSET, c.req.url));
  if (!asset.ok) {
    await asset.body?.cancel();
    return c.text('The organiser console is not built (npm run build).', 404);
  }
  return new Response(asset.body, { headers: PAGE_HEADERS });
});
