import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { admin } from './routes/admin';
import { assets } from './routes/assets';
import { calendar } from './routes/calendar';
import { checkout } from './routes/checkout';
import { contact } from './routes/contact';
import { edge } from './routes/edge';
import { footer } from './routes/footer';
import { orders } from './routes/orders';
import { purchase } from './routes/purchase';
import { webhooks } from './routes/webhooks';
import { sameOriginWrites, withSecurityHeaders } from './security';

/** Secrets (`wrangler secret put`, or .dev.vars locally): not in wrangler.toml, so typed here. */
type Secrets = {
  ADMIN_TOKEN?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Only for tests against a fake Stripe. */
  STRIPE_API_BASE?: string;
};

/** The worker's environment: bindings and vars from wrangler.toml (types by `npm run types`) and secrets. */
export type AppEnv = { Bindings: Env & Secrets };

const app = new Hono<AppEnv>()
  .use('*', withSecurityHeaders)
  .use('/api/*', sameOriginWrites)
  .use('/checkout/*', sameOriginWrites)
  .route('/api/footer', footer)
  .route('/api/purchase', purchase)
  .route('/api/orders', orders)
  .route('/api/webhooks', webhooks)
  .route('/api/admin', admin)
  .route('/api/calendar', calendar)
  .route('/api/contact', contact)
  .route('/checkout', checkout)
  .route('/assets', assets)
  .route('/', edge);

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    if (err.status === 400 && /malformed json/i.test(err.message)) return c.json({ error: 'invalid_json' }, 400);
    return c.json({ error: err.message || 'error' }, err.status);
  }
  console.error(JSON.stringify({ event: 'unhandled_error', path: new URL(c.req.url).pathname, message: String(err) }));
  return c.json({ error: 'internal_error' }, 500);
});

export type App = typeof app;
export default app;
