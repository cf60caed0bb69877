import type { LanguageCode } from '../site/languages';
import { ticketFacts } from '../site/order-view';
import type { Order, Ticket } from '../site/orders';
import { ticketPageHref } from '../site/pages';
import { qrPngDataUrl } from '../site/qr';
import { wellFormedDeep } from '../site/text';
import { type TicketCertificateState, type TicketPageView, ticketCertificateHref } from '../site/ticket-view';
import { EVENT_ENDS } from '../site/tickets';
import type { boxOffice } from './box-office/box-office';
import { catalogue } from './catalogues';
import { prepareStore } from './content/seed';
import { publishedSessions } from './content/session-calendar';
import { workshopTitles } from './content/store';
import { onlineAccessView } from './online/view';
import { signedTicketCode, ticketCode, ticketKey } from './tickets/code';
import { ticketLinkSecret } from './tickets/page-link';

/** Where a holder's link sends a star (a form post) and reads their agenda as a calendar. */
export const ticketAgendaPath = (ticketId: string, secret: string, file = '') =>
  `/api/tickets/${encodeURIComponent(ticketId)}/agenda${file}?key=${encodeURIComponent(secret)}`;

/**
 * What a ticket's own page shows, for the holder whose link opened it (tickets/holder.ts): the
 * ticket and its QR code, its workshops, and the programme as published now with the holder's stars.
 */
export async function ticketPageView(
  env: Env,
  opened: { ticket: Ticket; order: Order; office: ReturnType<typeof boxOffice> },
  lang: LanguageCode,
  origin: string,
  now: number,
): Promise<TicketPageView> {
  const { ticket, order, office } = opened;
  const key = ticketKey(env);
  // A new store seeds its examples on first use, as the programme's own routes do.
  await prepareStore(env.CONTENT_DB, now, env.ENVIRONMENT);
  const [code, qrCode, secret, seats, stars, sessions] = await Promise.all([
    ticketCode(key, ticket),
    signedTicketCode(key, ticket),
    ticketLinkSecret(key, ticket),
    office.registrations(order.id),
    office.agenda(ticket.id),
    publishedSessions(env.CONTENT_DB),
  ]);
  const [online, certificate] = await Promise.all([
    onlineAccessView(env.CONTENT_DB, ticket, secret, lang, now),
    certificateState(office, order.id, ticket.id, secret, now),
  ]);
  const workshopIds = seats.filter((seat) => seat.ticketId === ticket.id).map((seat) => seat.workshopId);
  const titles = await workshopTitles(env.CONTENT_DB, workshopIds, lang);
  const examples = catalogue('events', lang).workshops.items as Record<string, { title: string } | undefined>;
  const starred = new Set(stars ?? []);
  const feed = ticketAgendaPath(ticket.id, secret, '.ics');
  const view: TicketPageView = {
    lang,
    ticket: {
      ...ticketFacts(ticket),
      code,
      qrCode,
      workshops: workshopIds,
      page: ticketPageHref(lang, ticket.id, secret),
    },
    holder: ticket.name ?? ticket.email ?? order.name ?? order.email,
    // The QR code carries the signed form, which a door checks offline (site/ticket-code.ts).
    qr: qrPngDataUrl(qrCode),
    workshops: workshopIds.map((id) => ({ id, title: titles[id] ?? examples[id]?.title ?? id })),
    programme: sessions.map((session) => ({
      id: session.id,
      start: session.start,
      end: session.end,
      room: session.room,
      title: session.textsIn(lang).title,
      speakers: session.speakerNames,
      starred: starred.has(session.id),
    })),
    now: new Date(now).toISOString(),
    online,
    certificate,
    links: {
      star: ticketAgendaPath(ticket.id, secret),
      feed,
      webcal: `webcal://${new URL(origin).host}${feed}`,
    },
  };
  // Any stored string renders: a lone surrogate would stop the render half-way.
  return wellFormedDeep(view);
}

/**
 * Whether the page offers the certificate: nothing before the event's end, then the PDF's link when
 * the ticket qualifies (worker/box-office/certificates.ts, read without giving one out: the PDF
 * route gives it out when it is asked for), else why not.
 */
async function certificateState(
  office: ReturnType<typeof boxOffice>,
  orderId: string,
  ticketId: string,
  secret: string,
  now: number,
): Promise<TicketCertificateState> {
  if (now < Date.parse(EVENT_ENDS)) return { state: 'before_end' };
  const found = (await office.orderCertificates(orderId)).find((c) => c.ticketId === ticketId);
  if (found?.qualifies) return { state: 'ready', href: ticketCertificateHref(ticketId, secret) };
  const reason = found?.refusal;
  return { state: 'refused', reason: reason === 'not_paid' || reason === 'withdrawn' ? reason : 'not_attended' };
}

/**
 * A ticket's page as the worker serves it: the built frame with the ticket written in, rendered by
 * React's server renderer (loaded by the worker only for this page), never kept by a cache.
 */
export async function withTicket(page: Response, lang: LanguageCode, view: TicketPageView): Promise<Response> {
  const { renderTicketPage } = await import('#render-island');
  const html = await renderTicketPage(lang, view);
  const rewritten = new HTMLRewriter()
    .on('[data-ticket-page]', {
      element(element) {
        element.setInnerContent(html, { html: true });
      },
    })
    .transform(page);
  const headers = new Headers(rewritten.headers);
  // The holder's own page: never kept by a cache on the way, never indexed, its link never sent to
  // another site (`same-origin`, not `no-referrer`: that makes a form's Origin `null`, refused as cross-site).
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex');
  headers.set('Referrer-Policy', 'same-origin');
  headers.delete('ETag');
  return new Response(rewritten.body, { status: rewritten.status, headers });
}
