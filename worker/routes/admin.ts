import { Hono } from 'hono';
import type { AppEnv } from '../index';
import { listMessages } from '../messages';
import { constantTimeEqual, listOrders } from '../orders/store';

const ORDER_COLUMNS = [
  'id',
  'code',
  'createdAt',
  'status',
  'plan',
  'net',
  'vat',
  'gross',
  'currency',
  'email',
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

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(records: readonly object[], columns: readonly string[]): string {
  const cell = (value: unknown) => {
    let text = value === undefined || value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    columns.join(','),
    ...records.map((r) => columns.map((c) => cell(field(r as Record<string, unknown>, c))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Organiser access: `GET /api/admin/orders` and `/api/admin/messages` with
 * `Authorization: Bearer <ADMIN_TOKEN>`, as JSON or `?format=csv`. While no token is configured
 * the routes do not exist (404).
 */
export const admin = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    const token = c.env.ADMIN_TOKEN;
    if (!token) return c.json({ error: 'not_found' }, 404);
    const given = c.req.header('Authorization')?.match(/^Bearer (.+)$/)?.[1] ?? '';
    if (!constantTimeEqual(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ error: 'unauthorized' }, 401);
    }
    c.header('Cache-Control', 'private, no-store');
    await next();
  })
  .get('/orders', async (c) => {
    const orders = (await listOrders(c.env.ORDERS)).map(({ tokenHash: _secret, ...order }) => order);
    if (c.req.query('format') === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="orders.csv"');
      return c.body(toCsv(orders, ORDER_COLUMNS));
    }
    return c.json({ count: orders.length, orders });
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
