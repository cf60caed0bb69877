import { Hono } from 'hono';
import { z } from 'zod';
import { COMP_REASONS, type CompRow, checkCompRows, MAX_COMP_ROWS } from '../../site/comps';
import { LANGUAGE_CODES } from '../../site/languages';
import { PARTNER_PACKAGES } from '../../site/partners';
import { PRODUCT_IDS, type ProductId } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import { sha256Hex } from '../crypto';
import { allotmentPageUrl } from '../email/compose';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { validJson } from '../middleware/validation';

// Free tickets and partner allotments for organisers (site/comps.ts; the box office's comps.ts).
// Admin only: a free ticket takes a place without money, as a refund gives money back.

/**
 * A row as sent: any strings, so that each bad row is reported with its line and reasons
 * (site/comps.ts `checkCompRows`) instead of the first field zod stops at.
 */
const rowSchema = z.object({
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  product: z.unknown().optional(),
  lang: z.unknown().optional(),
  line: z.number().int().min(1).max(1_000_000).optional(),
});

const batchSchema = z.object({
  reason: z.enum(COMP_REASONS),
  product: z.enum(PRODUCT_IDS),
  note: z.string().trim().max(500).optional(),
  rows: z.array(rowSchema).min(1).max(MAX_COMP_ROWS),
});

const allotmentSchema = z.object({
  partner: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  tier: z.enum(PARTNER_PACKAGES.map((p) => p.tier) as ['silver', 'gold', 'platinum']),
  lang: z.enum(LANGUAGE_CODES as [string, ...string[]]).default('pl'),
});

/** The checked rows in the box office's shape (trimmed; the batch's product where a row has none). */
const cleanRows = (rows: z.infer<typeof rowSchema>[]): CompRow[] =>
  rows.map((row, index) => ({
    name: String(row.name ?? '').trim(),
    email: String(row.email ?? '')
      .trim()
      .toLowerCase(),
    ...(row.product ? { product: String(row.product) as ProductId } : {}),
    ...(row.lang ? { lang: String(row.lang) as CompRow['lang'] } : {}),
    line: row.line ?? index + 1,
  }));

export const adminComps = new Hono<AppEnv>()
  /**
   * Issues a batch of free tickets, or with `?check=1` answers its row report only. Any bad row
   * refuses the whole batch (422 `invalid_rows` with each row's line and reasons); a product short
   * of places refuses it too (409 `sold_out` with what is left). The same Idempotency-Key issues once.
   */
  .post('/comps', allow(), ...validJson(batchSchema, 256 * 1024), async (c) => {
    const body = c.req.valid('json');
    const report = checkCompRows(body.rows, body.product);
    const rows = cleanRows(body.rows);
    if (c.req.query('check') === '1') {
      const needed: Partial<Record<ProductId, number>> = {};
      for (const row of rows) needed[row.product ?? body.product] = (needed[row.product ?? body.product] ?? 0) + 1;
      const states = await boxOffice(c.env.BOX_OFFICE).availability(now(c));
      const remaining = Object.fromEntries(
        Object.keys(needed).map((id) => [id, states.find((s) => s.id === id)?.remaining ?? null]),
      );
      return c.json({ ok: report.length === 0, count: rows.length, rows: report, needed, remaining });
    }
    if (report.length) throw new ApiError(422, 'invalid_rows', { rows: report });
    const key = c.req.header('Idempotency-Key')?.slice(0, 200);
    const result = await boxOffice(c.env.BOX_OFFICE).issueComps({
      reason: body.reason,
      product: body.product,
      ...(body.note ? { note: body.note } : {}),
      rows,
      by: organiserName(c),
      now: now(c),
      fingerprint: await sha256Hex(JSON.stringify([body.reason, body.product, body.note ?? null, rows])),
      ...(key ? { idempotencyKey: key } : {}),
    });
    if (result.kind === 'refused') {
      const { kind: _, error, ...details } = result;
      throw new ApiError(error === 'invalid_rows' ? 422 : 409, error, details);
    }
    return c.json(result.batch, result.kind === 'issued' ? 201 : 200);
  })
  .get('/comps', allow(), async (c) => c.json({ batches: await boxOffice(c.env.BOX_OFFICE).compBatches() }))
  /** A partner's allotment: its contact gets the link to name the holders of its package's places. */
  .post('/allotments', allow(), ...validJson(allotmentSchema, 8 * 1024), async (c) => {
    const body = c.req.valid('json');
    const allotment = await boxOffice(c.env.BOX_OFFICE).createAllotment({
      partner: body.partner,
      email: body.email,
      tier: body.tier,
      lang: body.lang as CompRow['lang'] & string,
      by: organiserName(c),
      now: now(c),
    });
    return c.json({ ...allotment, url: await allotmentPageUrl(c.env, allotment.id) }, 201);
  })
  .get('/allotments', allow(), async (c) => c.json({ allotments: await boxOffice(c.env.BOX_OFFICE).allotments() }));
