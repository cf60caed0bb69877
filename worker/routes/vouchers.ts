import { Hono } from 'hono';
import { z } from 'zod';
import { vatTreatment } from '../../site/tax-rules';
import { PRODUCT_IDS, priceAt, product } from '../../site/tickets';
import { VOUCHER_CODE, VOUCHER_KINDS, type VoucherQuote, voucherNet } from '../../site/vouchers';
import { boxOffice } from '../box-office/box-office';
import { taxConfigAt, ticketPrice } from '../box-office/tickets';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organiserName } from '../middleware/organisers';
import { rateLimit } from '../middleware/rate-limit';
import { allow } from '../middleware/roles';
import { validJson } from '../middleware/validation';

const codeField = z.string({ error: 'required' }).trim().regex(VOUCHER_CODE, { error: 'invalid' });
const instant = z.iso.datetime({ offset: true, error: 'invalid' }).transform((value) => Date.parse(value));

/**
 * A new voucher: `value` is a percentage (1-100) for `percent`, a net amount in grosze for
 * `amount` and `price`, absent for `free`; `products` limits it (else every product); `reserve`
 * keeps its places out of sale until used or ended, so it needs exactly one product.
 */
const voucherBody = z
  .object({
    code: codeField,
    kind: z.enum(VOUCHER_KINDS, { error: 'invalid' }),
    value: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).optional(),
    products: z
      .array(z.enum(PRODUCT_IDS, { error: 'unknown_product' }))
      .min(1, { error: 'required' })
      .optional(),
    uses: z.number({ error: 'required' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(10000),
    from: instant.optional(),
    until: instant.optional(),
    tag: z.string().trim().min(1).max(60, { error: 'too_long' }).optional(),
    reserve: z.boolean({ error: 'invalid' }).default(false),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'free' && body.value !== undefined) issue('value', 'not_allowed');
    if (body.kind !== 'free' && body.value === undefined) issue('value', 'required');
    if (body.kind === 'percent' && body.value !== undefined && (body.value < 1 || body.value > 100)) {
      issue('value', 'invalid');
    }
    if (body.from !== undefined && body.until !== undefined && body.until <= body.from) issue('until', 'before_from');
    if (body.reserve && body.products?.length !== 1) issue('products', 'reserve_needs_one_product');
  });

/**
 * The organisers' vouchers (role finance, as orders and refunds): `POST /vouchers` makes one
 * (409 `voucher_exists` for a code taken in any case), `GET /vouchers` lists them with their uses
 * taken and left (`?tag=` one group), `POST /vouchers/:code/end` ends one.
 */
export const adminVouchers = new Hono<AppEnv>()
  .post('/vouchers', allow('finance'), ...validJson(voucherBody, 4 * 1024), async (c) => {
    const body = c.req.valid('json') as z.infer<typeof voucherBody>;
    const result = await boxOffice(c.env.BOX_OFFICE).createVoucher(
      {
        code: body.code,
        kind: body.kind,
        value: body.value ?? null,
        products: body.products ? [...new Set(body.products)] : null,
        uses: body.uses,
        from: body.from ?? null,
        until: body.until ?? null,
        tag: body.tag ?? null,
        reserve: body.reserve,
      },
      organiserName(c),
      now(c),
    );
    if (result.kind === 'exists') throw new ApiError(409, 'voucher_exists');
    return c.json(result.voucher, 201);
  })
  .get('/vouchers', allow('finance'), async (c) => {
    const tag = c.req.query('tag') || undefined;
    return c.json({ vouchers: await boxOffice(c.env.BOX_OFFICE).listVouchers(now(c), tag) });
  })
  .post('/vouchers/:code/end', allow('finance'), async (c) => {
    const code = c.req.param('code');
    if (!VOUCHER_CODE.test(code)) throw new ApiError(404, 'not_found');
    const ended = await boxOffice(c.env.BOX_OFFICE).endVoucher(code, now(c));
    if (!ended) throw new ApiError(404, 'not_found');
    return c.json(ended);
  });

const checkBody = z.object({ code: codeField, product: z.enum(PRODUCT_IDS, { error: 'unknown_product' }) });

/**
 * `POST /api/vouchers/check` with `{code, product}`: what one ticket of the product costs with the
 * code now (net and gross, with 23% VAT: the dialog shows it before payment; the order is priced
 * again, with the buyer's VAT treatment, when it is made), or 422 `invalid_voucher` with its
 * `reason`. Nothing is held. Rate-limited as purchases are, so codes cannot be tried in bulk.
 */
export const voucherCheck = new Hono<AppEnv>().post(
  '/check',
  rateLimit((env) => env.PURCHASE_LIMITER),
  ...validJson(checkBody, 1024),
  async (c) => {
    const body = c.req.valid('json') as z.infer<typeof checkBody>;
    const at = now(c);
    const found = await boxOffice(c.env.BOX_OFFICE).checkVoucher(body.code, [body.product], at);
    if (found.kind === 'refused') throw new ApiError(422, 'invalid_voucher', { reason: found.reason });
    const item = product(body.product);
    const listNet = priceAt(item, at).net;
    // The quote is for a Polish buyer (23%); the dialog applies the buyer's own rate to its net.
    const treatment = vatTreatment(item.mode, { invoice: null, vatConfirmed: false }, taxConfigAt(false, at));
    const list = ticketPrice(listNet, treatment);
    const priced = ticketPrice(voucherNet(listNet, found.voucher), treatment);
    return c.json({
      code: found.voucher.code,
      product: body.product,
      listNet,
      net: priced.net,
      listGross: list.gross,
      gross: priced.gross,
    } satisfies VoucherQuote);
  },
);
