import type { LanguageCode } from '../site/languages';
import { isSettling, type KnownOrder, type OrderView, orderLinks, withoutImages } from '../site/order-view';
import { qrPngDataUrl } from '../site/qr';
import { wellFormedDeep } from '../site/text';
import { catalogue } from './catalogues';

/**
 * The thank-you page with the buyer's order written in, as the worker serves it: the order island
 * rendered with the order it reads (`?order=…&token=…`), so that the ticket, its QR code and the
 * order's state are there at first paint, with no script at all. Its props carry the same order
 * (but the QR images, which the island takes from its markup), so the browser hydrates what it was
 * given; the island starts at load only while the order is
 * settling (its payment or e-mail on the way) and asks again until it has settled. A page without
 * an order shows "not found" the same way. Without the order (the box office did not answer) the
 * page is served as it was built, and the browser asks for the order itself.
 */
export function withOrder(
  page: Response,
  url: string,
  lang: LanguageCode,
  secret: { id: string; token: string },
  view: (id: string, token: string) => Promise<OrderView | null>,
  workshopTitles: (ids: string[]) => Promise<Record<string, string>>,
  certificates: (orderId: string) => Promise<boolean | null> = async () => null,
): Response {
  const known = (async (): Promise<KnownOrder> => {
    if (!secret.id || !secret.token) return { kind: 'missing' };
    // Any stored string renders: a lone surrogate (from a record older than the input rules) would
    // stop the streamed render half-way, so it is shown as U+FFFD instead.
    const found = await view(secret.id, secret.token);
    if (!found) return { kind: 'missing' };
    const order = wellFormedDeep(found);
    // The QR code comes inside the page, as a data URL: as an image of its own it was one more
    // request after the page's, and the page's largest paint waited for it (LCP 0.77-0.92 s). It
    // carries the signed form, so any door checks it offline; the typed code stays the page's text.
    // A PNG of a pixel per module: a fraction of the SVG's bytes, so three tickets fit the first window.
    const qr = Object.fromEntries(order.tickets.flatMap((t) => (t.qrCode ? [[t.id, qrPngDataUrl(t.qrCode)]] : [])));
    return { kind: 'loaded', order, qr, links: orderLinks(order, secret.token) };
  })().catch((error: unknown) => {
    console.error(JSON.stringify({ event: 'order_page_unavailable', message: String(error) }));
    return null;
  });

  const rewritten = new HTMLRewriter().on('[data-island="order"]', {
    async element(element) {
      const order = await known;
      if (!order) return;
      const built = JSON.parse(attributeValue(element.getAttribute('data-props') ?? '{}'));
      // The build knows the example workshops' titles; one the organisers published since is the store's.
      const titles: Record<string, string> = { ...built.workshopTitles };
      if (order.kind === 'loaded') {
        const unknown = [...new Set(order.order.tickets.flatMap((t) => t.workshops))].filter((id) => !(id in titles));
        Object.assign(titles, await workshopTitles(unknown).catch(() => ({})));
      }
      // The order's secret too, so that its forms (change a holder, cancel) are in the page as
      // served and work before and without the island's start; and what the last of them did.
      const query = new URL(url).searchParams;
      const done = query.get('done');
      const props = {
        ...built,
        workshopTitles: titles,
        known: order,
        ...(order.kind === 'loaded' ? { access: secret } : {}),
        ...(done && /^[a-z_.]{1,60}$/i.test(done) ? { done } : {}),
        // The invoice form asked for (its button without script): in the page as served only then.
        ...(query.get('invoice') === 'form' ? { invoiceForm: true } : {}),
      };
      const prefix = element.getAttribute('data-island-id') ?? '';
      // React's server renderer is loaded by the worker only for this page.
      const { renderIsland } = await import('#render-island');
      const html = await renderIsland({ lang, name: 'order', props, prefix }).catch((error: unknown) => {
        console.error(JSON.stringify({ event: 'order_page_render_failed', message: String(error) }));
        return null;
      });
      if (html === null) return;
      // The QR images are in the island's markup: its props go without them (site/order-view.ts `withoutImages`).
      const served = { ...props, known: withoutImages(order) };
      element.setAttribute('data-props', attributeSource(JSON.stringify(served)));
      if (order.kind === 'missing' || !isSettling(order.order)) element.removeAttribute('data-start');
      element.setInnerContent(html, { html: true });
      if (order.kind === 'loaded' && order.order.status === 'paid') {
        const part = await certificates(order.order.id).catch(() => null);
        if (part !== null) element.after(certificatesPart(lang, order.order.id, secret.token, part), { html: true });
      }
    },
  });
  const response = rewritten.transform(page);
  const headers = new Headers(response.headers);
  // The buyer's own order: never kept by a cache on the way.
  headers.set('Cache-Control', 'private, no-store');
  headers.delete('ETag');
  return new Response(response.body, { status: response.status, headers });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * After the event, beside the order's island (so its script, at the page's line, grows by nothing):
 * the file of every delegate's certificate and the attendance list through the order's secret, or
 * why there is none (`any`: some ticket of the order qualifies, worker/box-office/certificates.ts).
 */
function certificatesPart(lang: LanguageCode, orderId: string, token: string, any: boolean): string {
  const t = catalogue('ticket', lang).orderCertificates;
  const href = `/api/orders/${encodeURIComponent(orderId)}/certificates.zip?${new URLSearchParams({ token })}`;
  const body = any
    ? `<p><a class="button button--accent" href="${escapeHtml(href)}" download type="application/zip">${escapeHtml(t.download)}</a></p>`
    : `<p>${escapeHtml(t.none)}</p>`;
  return `<section class="container order-certificates" aria-labelledby="order-certificates"><h2 id="order-certificates">${escapeHtml(t.title)}</h2>${body}</section>`;
}

// HTMLRewriter reads an attribute as it is written in the page (entities and all) and, writing one,
// escapes only its quotes: these two are the rest of the way to and from the value itself.
const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const attributeValue = (source: string) =>
  source.replace(/&(?:quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity);
const attributeSource = (value: string) => value.replace(/&/g, '&amp;');
