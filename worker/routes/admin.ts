import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { PRODUCT_IDS } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import type { OrderFilter } from '../box-office/orders';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { listMessages } from '../messages';
import { organisersOnly } from '../organisers';

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
  'invoice.company',
  'invoice.taxId',
  'invoice.address',
] as const;

const MESSAGE_COLUMNS = ['id', 'receivedAt', 'lang', 'name', 'email', 'subject', 'message'] as const;

function field(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
}

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * TAB or CR first, also after a `,` `;` or TAB that some programs split on) gets a leading quote.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  text = text.replace(/(^|[,;\t])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n\t]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV lines (each ending CRLF) of records in fixed columns. */
export function csvRows(records: readonly object[], columns: readonly string[]): string {
  return records
    .map((r) => `${columns.map((c) => csvCell(field(r as Record<string, unknown>, c))).join(',')}\r\n`)
    .join('');
}

/** RFC 4180 CSV with a header line. */
export function toCsv(records: readonly object[], columns: readonly string[]): string {
  return `${columns.join(',')}\r\n${csvRows(records, columns)}`;
}

const orderQuery = z.object({
  status: z.enum(['pending', 'paid', 'expired', 'cancelled', 'refunded']).optional(),
  product: z.enum(PRODUCT_IDS).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z
    .string()
    .regex(/^[0-9A-Z]{26}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(['json', 'csv']).default('json'),
});

/** Orders read per call to the box office while a CSV export streams. */
const EXPORT_PAGE = 1000;

/**
 * Organiser access: `GET /api/admin/orders` and `/api/admin/messages` with
 * `Authorization: Bearer <ADMIN_TOKEN>`, as JSON or `?format=csv`. While no token is configured
 * the routes do not exist (404).
 */
export const admin = new Hono<AppEnv>()
  .use('*', organisersOnly)
  .get('/orders', async (c) => {
    const query = orderQuery.safeParse(c.req.query());
    if (!query.success) {
      const fields = Object.fromEntries(query.error.issues.map((issue) => [String(issue.path[0]), issue.code]));
      throw new ApiError(422, 'invalid_fields', { fields });
    }
    const { cursor, limit, format, ...filter } = query.data;
    const office = boxOffice(c.env.BOX_OFFICE);
    if (format === 'csv') {
      // Every matching order, read from the box office a page at a time while the file streams.
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="orders.csv"');
      return stream(c, async (out) => {
        await out.write(`${ORDER_COLUMNS.join(',')}\r\n`);
        let after: string | null = cursor ?? null;
        do {
          const page = await office.listOrders(filter as OrderFilter, after, EXPORT_PAGE);
          await out.write(csvRows(page.orders, ORDER_COLUMNS));
          after = page.cursor;
        } while (after);
      });
    }
    const page = await office.listOrders(filter as OrderFilter, cursor ?? null, limit);
    return c.json(page);
  })
  .get('/messages', async (c) => {
    const messages = await listMessages(c.env.ORDERS);
    if (c.req.query('format') === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="messages.csv"');
      return c.body(toCsv(messages, MESSAGE_COLUMNS));
    }
    return c.json({ count: messages.length, messages });
  });
