import { html } from 'hono/html';
import { findCalendarEntry } from '../../site/calendar';
import { countryName } from '../../site/countries';
import { BRAND, EVENT, ORGANISER } from '../../site/event';
import { formatDateTime, formatPrice, formatTime, formatWeekdayDate } from '../../site/format';
import { buyerKind, type InvoiceData } from '../../site/invoices';
import type { LanguageCode } from '../../site/languages';
import type { Order, Ticket } from '../../site/orders';
import { includesFeature, product, VAT_RATE_PERCENT } from '../../site/tickets';
import { icsFor } from '../calendar/documents';
import { catalogue } from '../catalogues';
import { vatLines } from '../orders/vat-lines';
import { fill, productTitle, texts } from '../texts';
import { EMAIL_STYLES, emailLayout, ticketPanel } from './layout';
import { qrPng } from './qr';

/**
 * A ticket as its e-mail shows it: its holder and its signed code (see worker/tickets/code.ts):
 * `code` the typed form shown as text, `qrCode` the Ed25519-signed form its QR code carries.
 */
export type MailTicket = Pick<Ticket, 'position' | 'product' | 'name'> & {
  /** Its VAT and rate (site/tax-rules.ts); without them the e-mail says 23% on the order's VAT. */
  vat?: number;
  vatRate?: Ticket['vatRate'];
  code: string;
  qrCode?: string;
  /** The ticket's own page (absolute; its link secret inside): the QR code, the join link, the agenda. */
  page?: string;
};

/** What the confirmation e-mail is made from: a paid order, its tickets and where to link. */
export type ConfirmationInput = {
  /** A paid order (site/orders.ts), with the instant of its payment. */
  order: Pick<Order, 'id' | 'code' | 'net' | 'vat' | 'gross' | 'currency' | 'email' | 'lang'> & {
    name?: string;
    invoice?: InvoiceData;
    /** ISO 8601 instant of the payment. */
    paidAt: string;
  };
  /** The order's tickets, in the cart's order. */
  tickets: MailTicket[];
  /** Absolute link to the order page. */
  orderUrl: string;
  /** Sender address, from configuration. */
  from: string;
};

/** The structured message that Email Service's `send_email` binding takes (`env.EMAIL.send`). */
export type EmailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
};

/** Content-ID of a ticket's QR code image, referenced from the HTML as `cid:`. */
export const qrContentId = (position: number) => (position === 1 ? 'ticket-qr' : `ticket-qr-${position}`);

export const EVENT_NAME = `${BRAND.name} ${BRAND.highlight} ${BRAND.suffix} ${EVENT.date.slice(0, 4)}`;

const S = EMAIL_STYLES;

/**
 * The invoice data's rows: the company's or the person's name, the tax number under its own name (a
 * Polish NIP, an EU VAT number, another country's tax number; none for a private person), the
 * address on one line and the country's name in the buyer's language.
 */
function invoiceRows(lang: LanguageCode, data: InvoiceData): [string, string][] {
  const t = catalogue('email', lang).confirmation.invoice;
  const kind = buyerKind(data);
  const taxLabel = { pl_business: t.nip, eu_business: t.vatId, foreign_business: t.taxId, person: '' }[kind];
  const place = `${data.postalCode} ${data.city}`.trim();
  return [
    [kind === 'person' ? t.person : t.company, data.name],
    ...(data.taxId ? [[taxLabel, data.taxId] as [string, string]] : []),
    [t.address, place ? `${data.street}, ${place}` : data.street],
    [t.country, countryName(lang, data.country)],
  ];
}

const encoder = new TextEncoder();

/**
 * The confirmation e-mail of a paid order, in the buyer's language: order code, product, net, VAT
 * and gross, invoice details when given, the ticket as an inline QR image and as text, the event's
 * `.ics` attached, the link to the order page and what happens next. HTML and plain text.
 */
export function confirmationEmail(input: ConfirmationInput): EmailMessage {
  const { order, tickets: ticketList, orderUrl, from } = input;
  const { lang } = order;
  const pageLink = catalogue('email', lang).attendee.pageLink;
  if (!/^https?:\/\//.test(orderUrl)) throw new Error('orderUrl must be an absolute http(s) URL');
  const t = catalogue('email', lang).confirmation;
  const tickets = texts(lang).cart;
  const first = ticketList[0];
  if (!first) throw new Error('An order has at least one ticket');
  const modes = new Set(ticketList.map((ticket) => product(ticket.product).mode));
  // An order with a ticket on site is an order for the arena: its e-mail says how to come in.
  const kind = modes.has('onsite') ? 'onsite' : 'online';
  const name = order.name?.trim();

  const subject = fill(t.subject, { event: EVENT_NAME, code: order.code });
  const greeting = name ? fill(t.greeting, { name }) : t.greetingNoName;
  const { when, where, text: eventText } = eventLines(lang, kind);
  const rows: [string, string][] = [
    [t.order.code, order.code],
    [ticketList.length > 1 ? t.order.tickets : t.order.product, productLines(lang, ticketList).join(', ')],
    [tickets.dialog.net, formatPrice(lang, order.net, true)],
    // The VAT by rate as the order was priced (a member state's, reverse charge, none outside the EU).
    ...(ticketList.every((ticket) => ticket.vat !== undefined)
      ? vatLines({ lang, tickets: ticketList.map((ticket) => ({ vat: ticket.vat ?? 0, vatRate: ticket.vatRate })) })
      : [{ label: fill(tickets.dialog.vat, { rate: String(VAT_RATE_PERCENT) }), vat: order.vat }]
    ).map(({ label, vat }): [string, string] => [label, formatPrice(lang, vat, true)]),
    [t.order.gross, formatPrice(lang, order.gross, true)],
    [t.order.paidAt, formatDateTime(lang, order.paidAt)],
  ];
  const invoice = order.invoice ? invoiceRows(lang, order.invoice) : [];
  const ticketHow = t.ticket[kind];
  // The networking app only where a ticket's plan includes it: nothing else sends its link.
  const app = ticketList.some((ticket) => includesFeature(ticket.product, 'networkingApp'));
  const next = [
    t.next[kind],
    ...(app ? [t.next.app] : []),
    order.invoice ? t.next.invoice : fill(t.next.noInvoice, { email: ORGANISER.email }),
  ];
  const holderOf = (ticket: MailTicket) => ticket.name?.trim() || name || order.email;
  const label = (ticket: MailTicket) =>
    ticketList.length > 1
      ? fill(t.ticket.titleOf, { position: String(ticket.position), count: String(ticketList.length) })
      : t.ticket.title;
  const { questions, organiser } = footerLines(lang);

  const list = (items: [string, string][]) =>
    items.map(([term, value]) => html`<dt style="${S.dt}">${term}</dt><dd style="${S.dd}">${value}</dd>`);

  // The tickets first (each holder's name, QR code and code as text), then the order.
  const body = emailLayout({
    lang,
    title: subject,
    preheader: `${label(first)}: ${first.code}`,
    content: html`<p>${greeting}</p>
<p>${ticketList.length > 1 ? fill(t.introMany, { count: String(ticketList.length) }) : t.intro}</p>
${ticketList.map(
  (ticket) =>
    html`${panel(lang, ticket, label(ticket), holderOf(ticket))}${
      ticket.page ? html`<p><a href="${ticket.page}">${pageLink} (${label(ticket)})</a></p>` : ''
    }`,
)}
<p>${ticketHow}</p>
${ticketList.length > 1 ? html`<p>${t.ticket.forward}</p>` : ''}
<h2 style="${S.h2}">${t.order.title}</h2>
<dl>${list(rows)}</dl>
${
  invoice.length > 0
    ? html`<h2 style="${S.h2}">${t.invoice.title}</h2>
<dl>${list(invoice)}</dl>`
    : ''
}
<h2 style="${S.h2}">${t.event.title}</h2>
<p>${EVENT_NAME}<br>${when}<br>${where}</p>
<p>${t.event.calendar}</p>
<p>${t.orderPage.text}</p>
<p><a href="${orderUrl}" class="mail-button" style="${S.button}">${t.orderPage.link}</a></p>
<h2 style="${S.h2}">${t.next.title}</h2>
<ul>${next.map((item) => html`<li>${item}</li>`)}</ul>`,
    footer: [questions, organiser, t.footer.reason],
  });

  const text = [
    greeting,
    '',
    ticketList.length > 1 ? fill(t.introMany, { count: String(ticketList.length) }) : t.intro,
    ...ticketList.flatMap((ticket) => [
      '',
      label(ticket),
      `${t.ticket.holder}: ${holderOf(ticket)}`,
      `${t.ticket.code}: ${ticket.code}`,
      ...(ticket.page ? [`${pageLink}: ${ticket.page}`] : []),
    ]),
    '',
    ticketHow,
    ...(ticketList.length > 1 ? [t.ticket.forward] : []),
    '',
    t.order.title,
    ...rows.map(([term, value]) => `${term}: ${value}`),
    ...(invoice.length > 0 ? ['', t.invoice.title, ...invoice.map(([k, v]) => `${k}: ${v}`)] : []),
    '',
    ...eventText,
    '',
    t.orderPage.text,
    orderUrl,
    '',
    t.next.title,
    ...next.map((item) => `- ${item}`),
    '',
    '--',
    questions,
    organiser,
    t.footer.reason,
    '',
  ].join('\n');

  return {
    from,
    to: order.email,
    subject,
    html: body,
    text,
    attachments: [...ticketList.map((ticket) => qrAttachment(order.code, ticket)), calendarFile(lang, order.paidAt)],
  };
}

/** What a ticket's holder gets when the buyer gave them a ticket with their own address. */
export type TicketMailInput = {
  order: Pick<Order, 'code' | 'email' | 'lang'> & { name?: string };
  ticket: MailTicket & { email: string };
  /** When the ticket was issued to this holder (ISO): the calendar file's stamp. */
  issuedAt: string;
  /** The holder's own page of the ticket (absolute; its link secret inside: tickets/page-link.ts). */
  pageUrl: string;
  from: string;
};

/**
 * A ticket's own e-mail to its holder, in the order's language: who gave it, the ticket with its
 * QR code and code, the link to the holder's own page of it, when and where, and the calendar
 * file. It has no link to the order: the order page (cancel, change a holder) is the buyer's.
 */
export function ticketEmail(input: TicketMailInput): EmailMessage {
  const { order, ticket, from, pageUrl } = input;
  if (!/^https?:\/\//.test(pageUrl)) throw new Error('pageUrl must be an absolute http(s) URL');
  const { lang } = order;
  const t = catalogue('email', lang).confirmation;
  const a = catalogue('email', lang).attendee;
  const kind = product(ticket.product).mode;
  const buyer = order.name?.trim() || order.email;
  const holder = ticket.name?.trim() || ticket.email;
  const subject = fill(a.subject, { event: EVENT_NAME });
  const greeting = ticket.name ? fill(t.greeting, { name: ticket.name.trim() }) : t.greetingNoName;
  const intro = fill(a.intro, { buyer, event: EVENT_NAME, product: productLines(lang, [ticket])[0] ?? '' });
  const { when, where, text: eventText } = eventLines(lang, kind);
  const { questions, organiser } = footerLines(lang);
  const body = emailLayout({
    lang,
    title: subject,
    preheader: `${t.ticket.title}: ${ticket.code}`,
    content: html`<p>${greeting}</p>
<p>${intro}</p>
${panel(lang, ticket, t.ticket.title, holder)}
<p>${t.ticket[kind]}</p>
<p>${a.only}</p>
<p>${a.page}</p>
<p><a href="${pageUrl}" class="mail-button" style="${S.button}">${a.pageLink}</a></p>
<h2 style="${S.h2}">${t.event.title}</h2>
<p>${EVENT_NAME}<br>${when}<br>${where}</p>
<p>${t.event.calendar}</p>
<p>${fill(a.questions, { buyer })}</p>`,
    footer: [questions, organiser, a.reason],
  });
  const text = [
    greeting,
    '',
    intro,
    '',
    t.ticket.title,
    `${t.ticket.holder}: ${holder}`,
    `${t.ticket.code}: ${ticket.code}`,
    t.ticket[kind],
    a.only,
    '',
    a.page,
    pageUrl,
    '',
    ...eventText,
    '',
    fill(a.questions, { buyer }),
    '',
    '--',
    questions,
    organiser,
    a.reason,
    '',
  ].join('\n');
  return {
    from,
    to: ticket.email,
    subject,
    html: body,
    text,
    attachments: [{ ...qrAttachment(order.code, { ...ticket, position: 1 }) }, calendarFile(lang, input.issuedAt)],
  };
}

/** The tickets of an order per product, as a bill's lines: `3 × Pro – bilet na miejscu`. */
function productLines(lang: LanguageCode, tickets: Pick<MailTicket, 'product'>[]): string[] {
  const t = catalogue('email', lang).confirmation;
  const counts = new Map<string, number>();
  for (const ticket of tickets) counts.set(ticket.product, (counts.get(ticket.product) ?? 0) + 1);
  return [...counts].map(([id, count]) => {
    const item = product(id as Ticket['product']);
    const line = fill(t.products[item.mode], { name: productTitle(lang, item) });
    return count > 1 ? `${count} × ${line}` : line;
  });
}

function eventLines(lang: LanguageCode, kind: 'online' | 'onsite') {
  const t = catalogue('email', lang).confirmation;
  const venue = EVENT.venue;
  const when = fill(t.event.when, {
    date: formatWeekdayDate(lang, EVENT.date),
    start: formatTime(lang, EVENT.startTime),
    end: formatTime(lang, EVENT.endTime),
  });
  const where =
    kind === 'online' ? t.event.online : `${venue.name}, ${venue.street}, ${venue.postalCode} ${venue.city}`;
  // The plain-text e-mails' "The event" block.
  const text = [t.event.title, EVENT_NAME, when, where, t.event.calendar];
  return { when, where, text };
}

export function footerLines(lang: LanguageCode) {
  const t = catalogue('email', lang).confirmation;
  return {
    organiser: fill(t.footer.organiser, {
      name: ORGANISER.name,
      address: `${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.city}`,
      taxId: ORGANISER.taxId,
    }),
    questions: fill(t.footer.questions, { email: ORGANISER.email, phone: ORGANISER.phone }),
  };
}

/** A ticket's panel: label, holder, QR code (an inline attachment) and code as text. */
function panel(lang: LanguageCode, ticket: MailTicket, label: string, holder: string) {
  const t = catalogue('email', lang).confirmation;
  return ticketPanel({
    label,
    holderLabel: t.ticket.holder,
    holder,
    qrSrc: `cid:${qrContentId(ticket.position)}`,
    qrAlt: fill(t.ticket.qrAlt, { code: ticket.code }),
    codeLabel: t.ticket.code,
    code: ticket.code,
  });
}

function qrAttachment(orderCode: string, ticket: MailTicket): EmailAttachment {
  return {
    content: qrPng(ticket.qrCode ?? ticket.code),
    filename: ticket.position === 1 ? `ticket-${orderCode}.png` : `ticket-${orderCode}-${ticket.position}.png`,
    type: 'image/png',
    disposition: 'inline',
    contentId: qrContentId(ticket.position),
  };
}

/** The congress's calendar file; DTSTAMP from `at`, so a resent e-mail carries the same file. */
function calendarFile(lang: LanguageCode, at: string): EmailAttachment {
  const congress = findCalendarEntry('congress');
  if (!congress) throw new Error('The congress calendar entry is missing');
  const year = EVENT.date.slice(0, 4);
  return {
    content: encoder.encode(icsFor(congress, lang, new Date(at))),
    filename: `kongres-ai-${year}.ics`,
    type: 'text/calendar; charset=utf-8',
    disposition: 'attachment',
  };
}
