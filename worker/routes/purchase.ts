import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, language } from '../../site/languages';
import { href } from '../../site/pages';
import { findPlan, PLAN_TYPES, priceBreakdown } from '../../site/tickets';
import { humanCode, timeSortableId } from '../ids';
import type { AppEnv } from '../index';
import { PaymentConfigError, paymentProvider } from '../orders/payment';
import { ProviderError } from '../orders/providers';
import {
  getOrder,
  newSecret,
  type Order,
  orderForIdempotencyKey,
  putOrder,
  rememberIdempotencyKey,
  sha256Hex,
} from '../orders/store';
import { rateLimit } from '../security';
import { texts } from '../texts';
import { jsonOnly, validationError } from './validation';

/** Largest purchase body accepted; a real one is a few hundred bytes. */
export const PURCHASE_BODY_LIMIT = 4 * 1024;

const purchaseBody = z.object({
  email: z.email().max(254),
  lang: z.enum(LANGUAGE_CODES as [string, ...string[]]).default(DEFAULT_LANGUAGE),
  invoice: z
    .object({
      company: z.string().trim().min(1).max(200),
      taxId: z
        .string()
        .trim()
        .min(5)
        .max(20)
        .regex(/^[A-Za-z0-9 -]+$/),
      address: z.string().trim().min(1).max(300),
    })
    .optional(),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** Where a stored order's buyer goes to pay, and the answer the client reads. */
const answer = (order: Order, url: string) => ({ url, orderId: order.id, code: order.code });

/**
 * `POST /api/purchase/:plan` with `{email, lang?, invoice?}`: stores an order (price from site/,
 * never from the request), sends it to the payment provider and answers `{url}`. The order is in
 * KV before any URL is returned; an `Idempotency-Key` replays the same order for 24 hours.
 */
export const purchase = new Hono<AppEnv>().post(
  '/:plan',
  async (c, next) => {
    if (!findPlan(c.req.param('plan'))) return c.json({ error: 'unknown_plan', plans: PLAN_TYPES }, 404);
    await next();
  },
  rateLimit((env) => env.PURCHASE_LIMITER),
  bodyLimit({
    maxSize: PURCHASE_BODY_LIMIT,
    onError: (c) => c.json({ error: 'body_too_large' }, 413),
  }),
  jsonOnly,
  zValidator('json', purchaseBody, validationError),
  async (c) => {
    const plan = findPlan(c.req.param('plan'));
    if (!plan) throw new HTTPException(404);
    const body = c.req.valid('json');
    const idempotencyKey = c.req.header('Idempotency-Key');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return c.json({ error: 'invalid_idempotency_key' }, 400);
    }

    let provider: ReturnType<typeof paymentProvider>;
    try {
      provider = paymentProvider(c.env);
    } catch (error) {
      if (error instanceof PaymentConfigError) {
        console.error(JSON.stringify({ event: 'payment_config', message: error.message }));
        return c.json({ error: 'payment_unavailable' }, 503);
      }
      throw error;
    }

    const kv = c.env.ORDERS;
    const lang = language(body.lang as Order['lang']).code;
    const origin = new URL(c.req.url).origin;
    const secret = newSecret();
    const now = new Date().toISOString();

    // A retry of an attempt that already has an order reuses it (and its payment URL).
    let order: Order | null = null;
    if (idempotencyKey) {
      const existingId = await storage(() => orderForIdempotencyKey(kv, idempotencyKey));
      if (existingId) order = await storage(() => getOrder(kv, existingId));
      if (order?.paymentUrl) return c.json(answer(order, order.paymentUrl), 200);
    }
    if (!order) {
      order = {
        id: timeSortableId(),
        code: humanCode(),
        plan: plan.type,
        ...priceBreakdown(plan.net),
        currency: 'PLN',
        email: body.email.toLowerCase(),
        lang,
        ...(body.invoice ? { invoice: body.invoice } : {}),
        status: 'pending',
        provider: provider.name,
        tokenHash: await sha256Hex(secret),
        createdAt: now,
        updatedAt: now,
      };
      const created = order;
      await storage(() => putOrder(kv, created));
      if (idempotencyKey) await storage(() => rememberIdempotencyKey(kv, idempotencyKey, created.id));
    } else {
      // The earlier attempt's secret is unknown here (only its hash is stored): issue a new one.
      order = { ...order, tokenHash: await sha256Hex(secret), updatedAt: now };
    }

    const prefix = language(order.lang).prefix;
    const thanks = `${origin}${href(order.lang, 'thanks')}?order=${order.id}&token=${encodeURIComponent(secret)}`;
    let checkout: { url: string; reference: string };
    try {
      checkout = await provider.createCheckout({
        order,
        secret,
        productName: `${texts(order.lang).common.brand.full}: ${texts(order.lang).tickets.plans.names[order.plan]}`,
        successUrl: thanks,
        cancelUrl: `${origin}/${prefix}/kup-bilet?cancelled=${order.id}`,
        origin,
      });
    } catch (error) {
      if (error instanceof ProviderError) {
        console.error(JSON.stringify({ event: 'payment_provider_failed', orderId: order.id, message: error.message }));
        return c.json({ error: 'payment_unavailable' }, 503);
      }
      throw error;
    }

    const sent: Order = {
      ...order,
      providerRef: checkout.reference,
      paymentUrl: checkout.url,
      updatedAt: new Date().toISOString(),
    };
    await storage(() => putOrder(kv, sent));
    console.log(JSON.stringify({ event: 'order_created', orderId: sent.id, plan: sent.plan, provider: sent.provider }));
    return c.json(answer(sent, checkout.url), 201);
  },
);

/** Runs a storage operation (already retried with backoff); a final failure answers 503. */
async function storage<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    console.error(JSON.stringify({ event: 'storage_failed', message: String(error) }));
    throw new HTTPException(503, { message: 'storage_unavailable' });
  }
}
