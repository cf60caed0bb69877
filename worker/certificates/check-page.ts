import type { CertificateCheck } from '../../site/certificates';
import { EVENT, ORGANISER } from '../../site/event';
import { formatWeekdayDate } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import { catalogue } from '../catalogues';
import { fill } from '../texts';
import { EVENT_NAME } from './pdf';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The public check page of a certificate (`/{lang}/certyfikat/:id`), written into the site's built
 * 404 page (`page`: the shell, header and footer in the language) in place of its content: genuine
 * (the holder's name and the event, nothing else of the person: anyone with the number sees it),
 * withdrawn, or unknown (status 404). Never indexed, never kept by a cache: a withdrawal shows at once.
 */
export function certificateCheckPage(
  page: Response,
  lang: LanguageCode,
  id: string,
  check: CertificateCheck,
): Response {
  const t = catalogue('email', lang).certificate;
  const p = t.page;
  const event = EVENT_NAME;
  const date = formatWeekdayDate(lang, EVENT.date);
  const heading =
    check.state === 'valid' ? p.validHeading : check.state === 'withdrawn' ? p.withdrawnHeading : p.unknownHeading;
  const body =
    check.state === 'valid'
      ? `<p>${escapeHtml(fill(p.valid, { id, event, date }))}</p>
<dl class="certificate-check__facts">
<div><dt>${escapeHtml(p.holder)}</dt><dd>${escapeHtml(check.holder?.trim() || t.participant)}</dd></div>
<div><dt>${escapeHtml(p.event)}</dt><dd>${escapeHtml(event)}, ${escapeHtml(date)}</dd></div>
</dl>
<p class="certificate-check__note">${escapeHtml(p.privacy)}</p>`
      : `<p>${escapeHtml(fill(check.state === 'withdrawn' ? p.withdrawn : p.unknown, { id }))}</p>`;
  const contact = escapeHtml(fill(p.contact, { email: ORGANISER.email })).replace(
    escapeHtml(ORGANISER.email),
    `<a href="mailto:${ORGANISER.email}">${ORGANISER.email}</a>`,
  );
  const html = `<section class="certificate-check container" aria-labelledby="certificate-check-title">
<p class="certificate-check__label">${escapeHtml(p.title)}</p>
<h1 id="certificate-check-title" class="certificate-check__title certificate-check__title--${check.state}">${escapeHtml(heading)}</h1>
${body}
<p class="certificate-check__note">${contact}</p>
</section>`;
  const title = `${p.title}: ${heading}`;
  const rewritten = new HTMLRewriter()
    .on('main#main', {
      element(element) {
        element.setInnerContent(html, { html: true });
      },
    })
    .on('title', {
      element(element) {
        element.setInnerContent(`${title} | ${event}`);
      },
    })
    .on('meta[name="description"], meta[property="og:description"], meta[name="twitter:description"]', {
      element(element) {
        element.setAttribute('content', p.title);
      },
    })
    .on('meta[property="og:title"], meta[name="twitter:title"]', {
      element(element) {
        element.setAttribute('content', title);
      },
    })
    .transform(page);
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    'X-Robots-Tag': 'noindex',
  });
  // The built page's CSP allows its inline boot script by hash; nothing written here runs.
  const csp = page.headers.get('Content-Security-Policy');
  if (csp) headers.set('Content-Security-Policy', csp);
  return new Response(rewritten.body, { status: check.state === 'unknown' ? 404 : 200, headers });
}
