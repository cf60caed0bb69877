import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CERTIFICATE_ID, certificateCheckPath } from '../../site/certificates';
import { SITE_ORIGIN } from '../../site/event';
import { findLanguage, type LanguageCode, language } from '../../site/languages';
import { notFoundAssetPath } from '../../site/pages';
import { EVENT_ENDS } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import { certificatesZip } from '../certificates/bundle';
import { certificateCheckPage } from '../certificates/check-page';
import { certificatePdf } from '../certificates/pdf';
import { now } from '../clock';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { textField, validJson, validQuery } from '../middleware/validation';
import { findOrder, secretQuery } from '../orders/buyer-view';
import { ticketKey } from '../tickets/code';
import { ticketLinkMatches } from '../tickets/page-link';

/** The check page's address that a certificate carries: the site's own, or a local server's. */
const checkUrl = (c: Context<AppEnv>, lang: LanguageCode) => (id: string) =>
  `${c.env.ENVIRONMENT === 'production' ? SITE_ORIGIN : new URL(c.req.url).origin}${certificateCheckPath(language(lang).prefix, id)}`;

const orderLang = (lang: string): LanguageCode => (findLanguage(lang)?.code ?? 'pl') as LanguageCode;

/** A ticket with no certificate (now): 409 with why, and from when when it is only early. */
function refusal(reason: string): ApiError {
  if (reason === 'before_end') return new ApiError(409, 'certificate_not_yet', { from: EVENT_ENDS });
  if (reason === 'not_found') return new ApiError(404, 'not_found');
  return new ApiError(409, 'no_certificate', { reason });
}

const pdfHeaders = (filename: string, type: string) => ({
  'Content-Type': type,
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
});

/**
 * `GET /api/tickets/:id/certificate.pdf?k=<secret>`: the holder's certificate of attendance,
 * through the ticket's own link (tickets/page-link.ts): a foreign link, or the link of a ticket
 * since given to someone else, is the same 404 as no ticket. 409 `certificate_not_yet` with `from`
 * before the event's end; 409 `no_certificate` with `reason` for a ticket that does not qualify.
 */
export const ticketCertificate = new Hono<AppEnv>().get(
  '/:id/certificate.pdf',
  validQuery(z.object({ k: z.string().max(64).optional() })),
  async (c) => {
    const id = c.req.param('id');
    const office = boxOffice(c.env.BOX_OFFICE);
    const found = ID_PATTERN.test(id) ? await office.ticketWithOrder(id) : null;
    const given = c.req.valid('query').k ?? '';
    if (!found || !given || !(await ticketLinkMatches(ticketKey(c.env), found.ticket, given))) {
      throw new ApiError(404, 'not_found');
    }
    const issued = await office.issueCertificate(id, now(c));
    if ('qualifies' in issued) throw refusal(issued.reason);
    const lang = orderLang(issued.lang);
    const pdf = await certificatePdf(issued, lang, checkUrl(c, lang)(issued.id));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, pdfHeaders(`certificate-${issued.id}.pdf`, 'application/pdf'));
  },
);

/**
 * `GET /api/orders/:id/certificates.zip?token=`: the buyer's file of every delegate's certificate
 * and the attendance list (certificates/bundle.ts), through the order's secret like the rest of
 * the order. 409 `certificate_not_yet` before the end; 409 `no_certificate` when no ticket qualifies.
 */
export const orderCertificates = new Hono<AppEnv>().get('/:id/certificates.zip', validQuery(secretQuery), async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const found = await findOrder(c.env, c.req.param('id'), c.req.valid('query').token ?? '');
  if (!found) throw new ApiError(404, 'not_found');
  const at = now(c);
  if (at < Date.parse(EVENT_ENDS)) throw refusal('before_end');
  const items = await found.office.issueOrderCertificates(found.order.id, at);
  const lang = orderLang(found.order.lang);
  const zip = await certificatesZip(items, lang, checkUrl(c, lang));
  if (!zip) throw new ApiError(409, 'no_certificate', { reason: 'not_attended' });
  return c.body(
    zip as Uint8Array<ArrayBuffer>,
    200,
    pdfHeaders(`certificates-${found.order.code}.zip`, 'application/zip'),
  );
});

/**
 * `GET /{lang}/certyfikat/:id`: the public check page (certificates/check-page.ts), in the site's
 * 404 page's shell of that language; any other first segment is not this page.
 */
export const certificateCheck = new Hono<AppEnv>().get('/:prefix/certyfikat/:id', async (c, next) => {
  const lang = findLanguage(c.req.param('prefix'));
  if (!lang || lang.prefix !== c.req.param('prefix')) return next();
  // Whatever was typed is shown back (escaped), cut to a number's length and a little more.
  const id = c.req.param('id').toUpperCase().slice(0, 40);
  const check = CERTIFICATE_ID.test(id)
    ? await boxOffice(c.env.BOX_OFFICE).checkCertificate(id, now(c))
    : ({ state: 'unknown' } as const);
  const page = await c.env.ASSETS.fetch(new URL(notFoundAssetPath(lang.prefix), c.req.url));
  return certificateCheckPage(page, lang.code, id, check);
});

const decisionBody = z.object({ granted: z.boolean(), reason: textField(500) });

/**
 * Organisers (mounted under /api/admin):
 * - `GET /orders/:id/certificates`: each ticket of the order with its certificate's state, number and log.
 * - `POST /tickets/:ticketId/certificate` `{granted, reason}`: grants or withdraws a ticket's
 *   certificate, logged with who (the signed-in person) and why; answers the order's tickets as above.
 */
export const adminCertificates = new Hono<AppEnv>()
  .get('/orders/:id/certificates', allow('finance'), async (c) => {
    const id = c.req.param('id');
    const office = boxOffice(c.env.BOX_OFFICE);
    if (!ID_PATTERN.test(id) || !(await office.order(id))) throw new ApiError(404, 'not_found');
    return c.json({ tickets: await office.orderCertificates(id) });
  })
  .post('/tickets/:ticketId/certificate', allow('finance'), ...validJson(decisionBody, 4096), async (c) => {
    const ticketId = c.req.param('ticketId');
    const office = boxOffice(c.env.BOX_OFFICE);
    const found = ID_PATTERN.test(ticketId) ? await office.ticketWithOrder(ticketId) : null;
    if (!found) throw new ApiError(404, 'not_found');
    const { granted, reason } = c.req.valid('json');
    await office.decideCertificate(ticketId, granted, organiserName(c), reason.trim(), now(c));
    return c.json({ tickets: await office.orderCertificates(found.order.id) });
  });
