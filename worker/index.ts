import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { timing } from 'hono/timing';
import type { KsefJob, MailJob } from '../site/orders';
import { publishedChanged } from './content/pages';
import { prepareStore } from './content/seed';
import type { AppEnv } from './env';
import { ApiError, apiErrorOf } from './errors';
import { organisersOnly } from './middleware/organisers';
import { sameOriginWrites } from './middleware/same-origin-writes';
import { withSecurityHeaders } from './middleware/security-headers';
import { submitToKsef } from './queues/ksef';
import { deliverMail } from './queues/mail';
import { admin, adminPage } from './routes/admin';
import { assets } from './routes/assets';
import { availability } from './routes/availability';
import { calendar } from './routes/calendar';
import { adminCertificates, certificateCheck, orderCertificates, ticketCertificate } from './routes/certificates';
import { checkout } from './routes/checkout';
import { adminComps } from './routes/comps';
import { contact } from './routes/contact';
import { content, contentImages } from './routes/content';
import { door } from './routes/door';
import { doorApp } from './routes/door-app';
import { doorOffline } from './routes/door-offline';
import { edge } from './routes/edge';
import { FAKE_ACCESS_PATH, fakeAccessRoute } from './routes/fake-access';
import { fakeEcbRoute } from './routes/fake-ecb';
import { fakeTurnstileRoute } from './routes/fake-turnstile';
import { fakeViesRoute } from './routes/fake-vies';
import { footer } from './routes/footer';
import { holds } from './routes/holds';
import { adminInvoices } from './routes/invoices';
import { join, onlineView } from './routes/join';
import { adminNews } from './routes/news';
import { online } from './routes/online';
import { orders } from './routes/orders';
import { partnerPage } from './routes/partner';
import { personalData } from './routes/personal-data';
import { press } from './routes/press';
import { contentPreview, previewLinks } from './routes/preview';
import { cart, purchase } from './routes/purchase';
import { adminReports } from './routes/reports';
import { schedule } from './routes/schedule';
import { sitemap } from './routes/sitemap';
import { staff } from './routes/staff';
import { tickets } from './routes/tickets';
import { transfers } from './routes/transfers';
import { turnstileConfig } from './routes/turnstile';
import { vat } from './routes/vat';
import { adminVouchers, voucherCheck } from './routes/vouchers';
import { adminWaitlist, waitlistApi, waitlistPages } from './routes/waitlist';
import { webhooks } from './routes/webhooks';
import { workshops } from './routes/workshops';
import { FAKE_ECB_PATH } from './tax/ecb-fake';
import { FAKE_VIES_PATH } from './tax/vies-fake';
import { FAKE_TURNSTILE_PATH } from './turnstile/fake';

/**
 * The organisers' API: one sub-app that checks who is asking once per request (the Server-Timing
 * entry `auth` says it ran), then mounts its parts. Every route declares the roles it lets in
 * (`allow(...)`, worker/middleware/roles.ts; test/worker/staff-roles.test.ts holds the table).
 */
const adminApi = new Hono<AppEnv>()
  .use('*', timing({ total: false }), organisersOnly)
  // Before the content routes, whose `/:kind` would take `preview` for a kind.
  .route('/content/preview', contentPreview)
  .route('/content', content)
  .route('/online', online)
  .route('/invoices', adminInvoices)
  .route('/reports', adminReports)
  .route('/news', adminNews)
  .route('/', adminCertificates)
  .route('/', adminComps)
  .route('/', door)
  .route('/', doorOffline)
  .route('/', transfers)
  .route('/', holds)
  .route('/', adminVouchers)
  .route('/', adminWaitlist)
  .route('/', staff)
  .route('/', personalData)
  .route('/', admin);

const app = new Hono<AppEnv>()
  .use('*', withSecurityHeaders)
  .use('/api/*', sameOriginWrites)
  .use('/checkout/*', sameOriginWrites)
  .route('/api/footer', footer)
  .route('/api/purchase', purchase)
  .route('/api/orders', cart)
  .route('/api/vouchers', voucherCheck)
  .route('/api/vat', vat)
  .route('/api/orders', orderCertificates)
  .route('/api/orders', orders)
  .route('/api/tickets', tickets)
  .route('/api/webhooks', webhooks)
  .route('/api/admin', adminApi)
  .route('/api/tickets', ticketCertificate)
  .route('/api/workshops', workshops)
  .route('/api/calendar', calendar)
  .route('/api/contact', contact)
  .route('/api/waitlist', waitlistApi)
  .route('/api/turnstile', turnstileConfig)
  .route('/api/preview', previewLinks)
  .route('/api/availability', availability)
  .route('/api/online', onlineView)
  // Any other API path is a JSON 404, never a language redirect.
  .all('/api/*', () => {
    throw new ApiError(404, 'not_found');
  })
  .route('/checkout', checkout)
  .route(FAKE_VIES_PATH, fakeViesRoute)
  .route(FAKE_ACCESS_PATH, fakeAccessRoute)
  .route(FAKE_TURNSTILE_PATH, fakeTurnstileRoute)
  .route(FAKE_ECB_PATH, fakeEcbRoute)
  .route('/content-images', contentImages)
  // Each ticket's join link (language-neutral: it forwards, or answers in the ticket's language).
  .route('/join', join)
  .route('/', schedule)
  .route('/', sitemap)
  .route('/', press)
  .route('/', certificateCheck)
  .route('/assets', assets)
  // The organiser console: one page for all its paths, outside the language-prefixed site.
  .route('/admin', doorApp)
  .route('/admin', adminPage)
  // A partner's page for naming the holders of their allotment (its link's secret in the path).
  .route('/partner', partnerPage)
  // The waiting list's sign-up, confirmation and offer pages (the secrets in the path).
  .route('/waitlist', waitlistPages)
  .route('/', edge);

app.onError((err, c) => {
  const api = apiErrorOf(err);
  if (api) return c.json({ error: api.code, ...api.details }, api.status);
  if (err instanceof HTTPException) return c.json({ error: 'error' }, err.status);
  console.error(JSON.stringify({ event: 'unhandled_error', path: new URL(c.req.url).pathname, message: String(err) }));
  return c.json({ error: 'internal_error' }, 500);
});

export type App = typeof app;
export { BoxOffice } from './box-office/box-office';
/** The app itself, for tests that read its route list (test/worker/staff-roles.test.ts). */
export { app };
export default {
  fetch: app.fetch,
  // The mail queue (and its dead letters) and the KSeF queue.
  async queue(batch, env) {
    if (batch.queue.startsWith('congress-ksef')) return submitToKsef(batch as MessageBatch<KsefJob>, env);
    return deliverMail(batch as MessageBatch<MailJob>, env);
  },
  // Each minute: publications set for this moment (and the edition's lists on 1 September).
  async scheduled(_controller, env) {
    const at = Date.now();
    if (await prepareStore(env.CONTENT_DB, at, env.ENVIRONMENT)) await publishedChanged(env, at);
  },
} satisfies ExportedHandler<AppEnv['Bindings'], MailJob | KsefJob>;
