import { html } from 'hono/html';
import de from '../../locales/de/email.json';
import enGB from '../../locales/en-GB/email.json';
import enUS from '../../locales/en-US/email.json';
import es from '../../locales/es/email.json';
import pl from '../../locales/pl/email.json';
import { findCalendarEntry } from '../../site/calendar';
import { BRAND, EVENT, ORGANISER } from '../../site/event';
import { formatDateTime, formatPrice, formatTime, formatWeekdayDate } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import type { Invoice, Order } from '../../site/orders';
import { product, VAT_RATE_PERCENT } from '../../site/tickets';
import { icsFor } from '../routes/calendar';
import { fill, productTitle, texts } from '../texts';
import { EMAIL_STYLES, emailLayout, ticketPanel } from './layout';
import { qrPng } from './qr';

type Catalogue = typeof pl;
const CATALOGUES: Record<LanguageCode, Catalogue> = { pl, 'en-GB': enGB, 'en-US': enUS, de, es };

/** What the confirmation e-mail is made from: a paid order, its ticket and where to link. */
export type ConfirmationInput = {
  /** A paid order (site/orders.ts), with the instant of its payment. */
  order: Pick<Order, 'id' | 'code' | 'product' | 'net' | 'vat' | 'gross' | 'currency' | 'email' | 'lang'> & {
    name?: string;
    invoice?: Invoice;
    /** ISO 8601 instant of the payment. */
    paidAt: string;
  };
  /** The ticket's code in its canonical form (see worker/tickets/code.ts). */
  ticketCode: string;
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

/** Content-ID of the QR code image, referenced from the HTML as `cid:`. */
export const QR_CONTENT_ID = 'ticket-qr';

const EVENT_NAME = `${BRAND.name} ${BRAND.highlight} ${BRAND.suffix} ${EVENT.date.slice(0, 4)}`;

const S = EMAIL_STYLES;

const encoder = new TextEncoder();

/**
 * The confirmation e-mail of a paid order, in the buyer's language: order code, product, net, VAT
 * and gross, invoice details when given, the ticket as an inline QR image and as text, the event's
 * `.ics` attached, the link to the order page and what happens next. HTML and plain text.
 */
export function confirmationEmail(input: ConfirmationInput): EmailMessage {
  const { order, ticketCode, orderUrl, from } = input;
  const { lang } = order;
  if (!/^https?:\/\//.test(orderUrl)) throw new Error('orderUrl must be an absolute http(s) URL');
  const t = CATALOGUES[lang].confirmation;
  const tickets = texts(lang).tickets;
  const item = product(order.product);
  const kind = item.mode;
  const productText = fill(t.products[kind], { name: productTitle(lang, item) });
  const name = order.name?.trim();
  const venue = EVENT.venue;

  const subject = fill(t.subject, { event: EVENT_NAME, code: order.code });
  const greeting = name ? fill(t.greeting, { name }) : t.greetingNoName;
  const when = fill(t.event.when, {
    date: formatWeekdayDate(lang, EVENT.date),
    start: formatTime(lang, EVENT.startTime),
    end: formatTime(lang, EVENT.endTime),
  });
  const where =
    kind === 'online' ? t.event.online : `${venue.name}, ${venue.street}, ${venue.postalCode} ${venue.city}`;
  const rows: [string, string][] = [
    [t.order.code, order.code],
    [t.order.product, productText],
    [tickets.dialog.net, formatPrice(lang, order.net, true)],
    [fill(tickets.dialog.vat, { rate: String(VAT_RATE_PERCENT) }), formatPrice(lang, order.vat, true)],
    [t.order.gross, formatPrice(lang, order.gross, true)],
    [t.order.paidAt, formatDateTime(lang, order.paidAt)],
  ];
  const invoice: [string, string][] = order.invoice
    ? [
        [tickets.dialog.company, order.invoice.company],
        [tickets.dialog.taxId, order.invoice.taxId],
        [tickets.dialog.address, order.invoice.address],
      ]
    : [];
  const ticketHow = t.ticket[kind];
  const next = [
    t.next[kind],
    t.next.app,
    order.invoice ? t.next.invoice : fill(t.next.noInvoice, { email: ORGANISER.email }),
  ];
  const organiser = fill(t.footer.organiser, {
    name: ORGANISER.name,
    address: `${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.city}`,
    taxId: ORGANISER.taxId,
  });
  const questions = fill(t.footer.questions, { email: ORGANISER.email, phone: ORGANISER.phone });
  const qrAlt = fill(t.ticket.qrAlt, { code: ticketCode });

  const list = (items: [string, string][]) =>
    items.map(([term, value]) => html`<dt style="${S.dt}">${term}</dt><dd style="${S.dd}">${value}</dd>`);

  // The ticket first (the holder's name, the QR code, its code as text), then the order.
  const body = emailLayout({
    lang,
    title: subject,
    preheader: `${t.ticket.title}: ${ticketCode}`,
    content: html`<p>${greeting}</p>
<p>${t.intro}</p>
${ticketPanel({
  label: t.ticket.title,
  holderLabel: t.ticket.holder,
  holder: name || order.email,
  qrSrc: `cid:${QR_CONTENT_ID}`,
  qrAlt,
  codeLabel: t.ticket.code,
  code: ticketCode,
})}
<p>${ticketHow}</p>
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
    t.intro,
    '',
    t.ticket.title,
    `${t.ticket.holder}: ${name || order.email}`,
    `${t.ticket.code}: ${ticketCode}`,
    ticketHow,
    '',
    t.order.title,
    ...rows.map(([term, value]) => `${term}: ${value}`),
    ...(invoice.length > 0 ? ['', t.invoice.title, ...invoice.map(([k, v]) => `${k}: ${v}`)] : []),
    '',
    t.event.title,
    EVENT_NAME,
    when,
    where,
    t.event.calendar,
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

  const congress = findCalendarEntry('congress');
  if (!congress) throw new Error('The congress calendar entry is missing');
  const year = EVENT.date.slice(0, 4);

  return {
    from,
    to: order.email,
    subject,
    html: body,
    text,
    attachments: [
      {
        content: qrPng(ticketCode),
        filename: `ticket-${order.code}.png`,
        type: 'image/png',
        disposition: 'inline',
        contentId: QR_CONTENT_ID,
      },
      {
        // DTSTAMP from the payment, so a resent e-mail carries the same file.
        content: encoder.encode(icsFor(congress, lang, new Date(order.paidAt))),
        filename: `kongres-ai-${year}.ics`,
        type: 'text/calendar; charset=utf-8',
        disposition: 'attachment',
      },
    ],
  };
}
