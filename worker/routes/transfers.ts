import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { venueDay } from '../../site/format';
import type { TransferResult } from '../../site/orders';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { limitBody, parseJson, textField, validJson } from '../middleware/validation';
import { Mt940Error, parseMt940 } from '../payments/mt940';
import { creditsOf } from '../payments/statement-credits';

/** A statement of a few months of an account's turnover is well under this. */
export const STATEMENT_LIMIT = 2 * 1024 * 1024;

const isDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const markPaidBody = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' }),
  paidOn: z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' })
    .refine(isDay, { error: 'invalid_date' }),
  reference: textField(140).optional(),
});

/** A refusal of the box office as the API answers it: 404 for no such order, else 409 with its code. */
function refusal(result: Extract<TransferResult, { kind: 'refused' }>): ApiError {
  if (result.error === 'not_found') return new ApiError(404, 'not_found');
  // The day the money arrived is the organiser's input: outside the order's life, it is the field's error.
  if (result.error === 'invalid_date')
    return new ApiError(422, 'invalid_fields', { fields: { paidOn: result.reason } });
  if (result.error === 'amount_mismatch') {
    return new ApiError(409, 'amount_mismatch', { expected: result.expected, status: result.order.status });
  }
  return new ApiError(409, result.error, { status: result.order.status });
}

/** The statement of a request: the body as text (`text/plain`), or `{statement}` as JSON. */
async function statementOf(c: Context<AppEnv>): Promise<string> {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/plain') return c.req.text();
  if (type !== 'application/json') throw new ApiError(415, 'unsupported_media_type');
  const body = (await c.req.json()) as { statement?: unknown } | null;
  if (typeof body?.statement !== 'string' || !body.statement.trim()) {
    throw new ApiError(422, 'invalid_fields', { fields: { statement: 'required' } });
  }
  return body.statement;
}

/**
 * Payments by bank transfer, for organisers (mounted under /api/admin, behind the console's token):
 * - `POST /orders/:id/mark-paid` `{amount (grosze), paidOn (YYYY-MM-DD), reference?}` records a
 *   transfer that arrived for a transfer order: 200 with the paid order (tickets, confirmation and
 *   invoice follow). 422 `invalid_fields` with the fields (`paidOn`: `before_order`, `in_future`
 *   when the day is outside the order's life); 409 `amount_mismatch` (with `expected`),
 *   `already_paid`, `no_place` (expired and its places gone: return the money), `not_transfer`,
 *   `not_payable` (cancelled or refunded); 404 for no such order.
 * - `POST /transfers/import` with an MT940 statement (`text/plain`, or JSON `{statement}`): every
 *   credit whose title names one order code is recorded so, on its booking day, unless the same
 *   statement reverses it (`RC`); answers `{statements, credits, reversals, debits, report: [{line,
 *   bookedOn, amount, title, code, orderId, result, expected?, reason?, codes?, reversedBy?,
 *   reverses?, orderPaid?}]}`, one entry per credit and reversal, `result` as site/orders.ts
 *   `TransferOutcome` says. The same statement imported again pays nothing twice. A statement that
 *   cannot be read answers 422 `invalid_statement` with its `line` and `reason`.
 */
/** A kept credit (its key, as the list gives it) given to a transfer order (its code). */
const matchBody = z.object({ key: z.string().min(1).max(800), order: z.string().trim().min(4).max(40) });
/** A kept excess or unmatched credit sent back: the day and the bank's reference. */
const returnBody = z.object({
  key: z.string().min(1).max(800),
  on: z.iso.date(),
  reference: z.string().trim().min(1).max(140),
});

export const transfers = new Hono<AppEnv>()
  .post('/orders/:id/mark-paid', allow('finance'), ...validJson(markPaidBody, 2048), async (c) => {
    const id = c.req.param('id');
    if (!ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
    const body = c.req.valid('json');
    const at = now(c);
    const result = await boxOffice(c.env.BOX_OFFICE).markTransferPaid(
      id,
      {
        amount: body.amount,
        paidOn: body.paidOn,
        ...(body.reference ? { reference: body.reference } : {}),
        by: organiserName(c),
      },
      at,
    );
    if (result.kind === 'refused') throw refusal(result);
    console.log(JSON.stringify({ event: 'transfer_marked_paid', orderId: id, amount: body.amount }));
    return c.json(result.order);
  })
  .post('/transfers/import', allow('finance'), limitBody(STATEMENT_LIMIT), parseJsonWhenJson, async (c) => {
    const text = await statementOf(c);
    let statements: ReturnType<typeof parseMt940>;
    try {
      statements = parseMt940(text);
    } catch (error) {
      if (!(error instanceof Mt940Error)) throw error;
      throw new ApiError(422, 'invalid_statement', { line: error.line, reason: error.reason });
    }
    const lines = statements.flatMap((statement) => statement.lines);
    // Only money that came in can pay an order, and only if the same statement does not take it back.
    const { credits, reversals } = creditsOf(statements);
    const report = await boxOffice(c.env.BOX_OFFICE).importTransfers(credits, now(c), organiserName(c), reversals);
    console.log(
      JSON.stringify({
        event: 'transfers_imported',
        credits: credits.length,
        paid: report.filter((entry) => entry.result === 'paid').length,
      }),
    );
    return c.json({
      statements: statements.length,
      credits: credits.length,
      reversals: reversals.length,
      debits: lines.length - credits.length - reversals.length,
      report,
    });
  })
  // Credits a statement left over (a part of a gross, an excess, no order named): kept for organisers.
  .get('/transfers/credits', allow('finance'), async (c) =>
    c.json({ credits: await boxOffice(c.env.BOX_OFFICE).keptCredits() }),
  )
  .post('/transfers/credits/match', allow('finance'), ...validJson(matchBody, 2048), async (c) => {
    const { key, order } = c.req.valid('json');
    const result = await boxOffice(c.env.BOX_OFFICE).matchCredit(key, order, now(c), organiserName(c));
    if (result.kind === 'paid') return c.json({ result: 'paid', order: result.order.code });
    if (result.kind === 'kept')
      return c.json({ result: result.outcome, expected: result.expected, received: result.received });
    if (result.error === 'credit_not_found' || result.error === 'not_found') throw new ApiError(404, result.error);
    throw new ApiError(409, result.error, 'order' in result ? { status: result.order.status } : {});
  })
  .post('/transfers/credits/return', allow('finance'), ...validJson(returnBody, 2048), async (c) => {
    const { key, on, reference } = c.req.valid('json');
    if (on > venueDay(now(c))) throw new ApiError(422, 'invalid_fields', { fields: { on: 'in_future' } });
    const result = await boxOffice(c.env.BOX_OFFICE).returnCredit(key, { on, reference, by: organiserName(c) }, now(c));
    if (result.kind === 'returned') return c.json(result.credit);
    if (result.error === 'not_found') throw new ApiError(404, 'credit_not_found');
    throw new ApiError(409, 'credit_not_open', {
      state: result.credit?.state ?? null,
      kind: result.credit?.kind ?? null,
    });
  });

/** JSON bodies are parsed once up front so that malformed JSON has its own code; text passes as it is. */
async function parseJsonWhenJson(c: Context<AppEnv>, next: () => Promise<void>) {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return parseJson(c, next);
  await next();
}
