// What the worker writes into the ticket page and the order page, as samples for the build
// (scripts/prerender.ts): the first-screen rules of those two pages are collected from their built
// frame with each sample written in where the worker writes it (worker/ticket-page.ts,
// worker/thanks-page.ts), one sample per state whose first screen differs, so no state a holder
// or a buyer can see is drawn with a rule missing. Only the server entry imports this module.
import { joinHref, joinLinks, type OnlineAccessView } from '../site/access';
import type { LanguageCode } from '../site/languages';
import { type OrderView, type TicketView, withoutImages } from '../site/order-view';
import { ticketPageHref } from '../site/pages';
import { SESSIONS } from '../site/program';
import { qrPngDataUrl } from '../site/qr';
import { CODE_ALPHABET } from '../site/ticket-code';
import type { TicketCertificateState, TicketPageView } from '../site/ticket-view';
import { EVENT_ENDS, EVENT_STARTS, type ProductId } from '../site/tickets';
import { createI18n, loadNamespaces } from './lib/i18n';
import { renderIsland, renderTicketPage } from './render-island';

const SECRET = 'S4mpleL1nkSecretOfTheHolder0000000000000000';
const TOKEN = 'sample-order-token-0000000000000000000000000';
// A QR code's content as long as the signed form (site/ticket-code.ts: 112 symbols), so the image is as large.
const QR_CODE = 'K'.repeat(112);
/**
 * Each ticket's own code and signed form, as varied as real ones: the same symbol three times
 * costs gzip next to nothing after the first, and the page would be judged lighter than it is.
 */
function sampleCodes(n: number): { code: string; qrCode: string } {
  let seed = n * 2_654_435_761;
  const symbols = (length: number) =>
    Array.from({ length }, () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return CODE_ALPHABET[seed >>> 27];
    }).join('');
  return { code: symbols(20).replace(/(.{4})(?=.)/g, '$1-'), qrCode: symbols(112) };
}
const DAY = 86_400_000;
/** Before the event: what a holder sees from buying until the day (the certificate is then not offered). */
const BEFORE = Date.parse(EVENT_STARTS) - 30 * DAY;
/** After the event: the certificate's section, the recordings' phase. */
const AFTER = Date.parse(EVENT_ENDS) + DAY;

const ticketId = (n: number) => `01JSAMP1E0000000000000000${n.toString(36).toUpperCase()}`;

function ticket(n: number, product: ProductId, paid: boolean, workshops: string[] = []): TicketView {
  const id = ticketId(n);
  return {
    id,
    position: n,
    product,
    // Long names: a holder's name wraps where a short one would not.
    name: n % 2 ? 'Aleksandra Wiśniewska-Brzęczyszczykiewicz' : 'Jan Kowalski',
    email: `holder${n}@example.com`,
    checkedInAt: null,
    code: paid ? sampleCodes(n).code : null,
    qrCode: paid ? sampleCodes(n).qrCode : null,
    workshops,
    page: paid ? ticketPageHref('pl', id, SECRET) : null,
    gross: 184_500,
  };
}

function onlineView(id: string, product: ProductId, now: number, titles: Record<string, string>): OnlineAccessView {
  return {
    ...joinLinks({ id, product }, SECRET, now),
    recordings: SESSIONS.map((s) => ({
      id: s.id,
      title: titles[s.id] ?? s.id,
      track: 'business',
      start: s.start,
      end: s.end,
      href: now > Date.parse(EVENT_ENDS) ? joinHref(id, SECRET, `session:${s.id}`) : null,
      materials: [],
    })),
    workshops: [],
    extras: [],
  };
}

/**
 * The ticket page's samples in a language: an on-site ticket with a workshop before the event, an
 * online one before it, and both after it (the certificate offered and refused, the recordings).
 */
export async function ticketPageSamples(lang: LanguageCode): Promise<string[]> {
  const i18n = createI18n(lang);
  await loadNamespaces(i18n, lang, ['events']);
  const t = i18n.getFixedT(lang, 'events');
  const titles = Object.fromEntries(SESSIONS.map((s) => [s.id, t(`program.sessions.${s.id}.title`)]));
  const view = (
    product: ProductId,
    now: number,
    workshops: string[],
    certificate: TicketCertificateState,
  ): TicketPageView => {
    const ticketView = ticket(1, product, true, workshops);
    return {
      lang,
      ticket: { ...ticketView, code: ticketView.code ?? '' },
      holder: ticketView.name ?? '',
      qr: qrPngDataUrl(QR_CODE),
      workshops: workshops.map((id) => ({
        id,
        title: t(`workshops.items.${id}.title` as `workshops.items.promptLab.title`),
      })),
      programme: SESSIONS.map((s, i) => ({
        id: s.id,
        start: s.start,
        end: s.end,
        room: s.room,
        title: titles[s.id] ?? s.id,
        speakers: ['Ewa Lisowska'],
        starred: i % 2 === 0,
      })),
      now: new Date(now).toISOString(),
      online: onlineView(ticketView.id, product, now, titles),
      certificate,
      links: {
        star: `/api/tickets/${ticketView.id}/agenda?key=${SECRET}`,
        feed: `/api/tickets/${ticketView.id}/agenda.ics?key=${SECRET}`,
        webcal: `webcal://example.com/api/tickets/${ticketView.id}/agenda.ics?key=${SECRET}`,
      },
    };
  };
  const views = [
    view('onsite-pro', BEFORE, ['promptLab'], { state: 'before_end' }),
    view('online-vip', BEFORE, [], { state: 'before_end' }),
    view('onsite-vip', AFTER, [], { state: 'ready', href: `/api/tickets/x/certificate.pdf?k=${SECRET}` }),
    view('online-premium', AFTER, [], { state: 'refused', reason: 'not_attended' }),
  ];
  return Promise.all(views.map((v) => renderTicketPage(lang, v)));
}

/** An order as its buyer's page shows it (worker/orders/buyer-view.ts), with `tickets` and its state. */
function order(tickets: TicketView[], status: OrderView['status'], payment: OrderView['payment']): OrderView {
  const net = 150_000 * tickets.length;
  return {
    id: '01JSAMP1E0RDER000000000000',
    code: 'KAI-7QX4-M2',
    product: tickets[0]?.product ?? 'onsite-pro',
    status,
    net,
    vat: net * 0.23,
    gross: net * 1.23,
    currency: 'PLN',
    email: 'aleksandra.wisniewska-brzeczyszczykiewicz@example.com',
    name: 'Aleksandra Wiśniewska-Brzęczyszczykiewicz',
    lang: 'pl',
    invoice: null,
    createdAt: new Date(BEFORE).toISOString(),
    paidAt: status === 'paid' ? new Date(BEFORE).toISOString() : null,
    cancelledAt: status === 'cancelled' ? new Date(BEFORE).toISOString() : null,
    payment,
    payBy: status === 'pending' && payment === 'transfer' ? new Date(BEFORE + 7 * DAY).toISOString() : null,
    tickets,
    emails: [{ kind: 'confirmation', status: 'sent', at: new Date(BEFORE).toISOString() }],
    cancellableUntil: new Date(BEFORE + 14 * DAY).toISOString(),
    changesUntil: EVENT_STARTS,
    invoices: [],
    vatCheck: null,
    voucher: null,
    invoiceRequest: status === 'paid' ? { open: true, until: new Date(BEFORE + 90 * DAY).toISOString() } : null,
  };
}

/**
 * The order page's samples in a language, each the order island as the worker renders it into the
 * built frame's island (its built props with the order): paid with `tickets` tickets (on-site, one
 * with a workshop, and an online one), a transfer awaited, a card payment on its way, cancelled,
 * and no such order. The frame itself (the box office did not answer) is the caller's.
 */
export async function orderPageSamples(
  lang: LanguageCode,
  built: Record<string, unknown>,
  tickets: number,
): Promise<{ html: string; props: Record<string, unknown> }[]> {
  const paidTickets = Array.from({ length: tickets }, (_, i) =>
    ticket(i + 1, i === tickets - 1 && i > 0 ? 'online-vip' : 'onsite-pro', true, i === 0 ? ['promptLab'] : []),
  );
  const pendingTickets = [ticket(1, 'onsite-pro', false), ticket(2, 'onsite-pro', false)];
  const loaded = (o: OrderView) => ({
    kind: 'loaded' as const,
    order: o,
    qr: Object.fromEntries(o.tickets.flatMap((t) => (t.qrCode ? [[t.id, qrPngDataUrl(t.qrCode)]] : []))),
    links: {
      invoices: {},
      proforma: o.payment === 'transfer' && o.status === 'pending' ? `/api/orders/${o.id}/proforma.pdf?token=x` : null,
    },
  });
  const states = [
    loaded(order(paidTickets, 'paid', 'card')),
    loaded(order(pendingTickets, 'pending', 'transfer')),
    loaded(order(pendingTickets, 'pending', 'card')),
    loaded(order(pendingTickets, 'cancelled', 'card')),
    { kind: 'missing' as const },
  ];
  return Promise.all(
    states.map(async (known) => {
      const props = {
        ...built,
        known,
        ...(known.kind === 'loaded' ? { access: { id: known.order.id, token: TOKEN } } : {}),
      };
      // Rendered with its QR images; its props written without them, as the worker writes them.
      const html = await renderIsland({ lang, name: 'order', props, prefix: 'order-' });
      return { html, props: { ...props, known: withoutImages(known) } };
    }),
  );
}
