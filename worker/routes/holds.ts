import { Hono } from 'hono';
import { boxOffice } from '../box-office/box-office';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { providerOf } from '../payments/payment';

/**
 * Organisers and the places unpaid orders hold (site/holds.ts): `GET /holds` lists each product's
 * holds (the bounds of a scarce one, who holds how many, until when, card or transfer);
 * `POST /orders/:id/release` lets a pending order's hold go: the order expires, its places return,
 * nothing is charged (its checkout is closed; a payment that still arrives is refunded), and the log
 * says who released it.
 */
export const holds = new Hono<AppEnv>()
  .get('/holds', allow('finance'), async (c) => c.json({ products: await boxOffice(c.env.BOX_OFFICE).holds(now(c)) }))
  .post('/orders/:id/release', allow('finance'), async (c) => {
    const id = c.req.param('id');
    if (!ID_PATTERN.test(id)) throw new ApiError(404, 'not_found');
    const office = boxOffice(c.env.BOX_OFFICE);
    const result = await office.releaseHold(id, now(c), organiserName(c));
    if (!result) throw new ApiError(404, 'not_found');
    if (!result.changed) throw new ApiError(409, 'not_pending', { status: result.order.status });
    try {
      await providerOf(c.env, result.order).expireCheckout(result.order);
    } catch (error) {
      console.warn(JSON.stringify({ event: 'checkout_not_expired', orderId: id, message: String(error) }));
    }
    return c.json(result.order);
  });
