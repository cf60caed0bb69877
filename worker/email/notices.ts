import { html } from 'hono/html';
import { type ContactValues, EMAIL_PATTERN } from '../../site/contact';
import { ORGANISER } from '../../site/event';
import { isExample } from '../../site/example-data';
import { formatDateTime, formatPrice } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import type { Order } from '../../site/orders';
import { SPEAKERS } from '../../site/speakers';
import { oneLine } from '../../site/text';
import { findProduct, type ProductId, product } from '../../site/tickets';
import { WORKSHOPS } from '../../site/workshops';
import { catalogue } from '../catalogues';
import { fill, productName } from '../texts';
import type { EmailMessage } from './confirmation';

const render = (markup: ReturnType<typeof html>) => {
  if (markup instanceof Promise) throw new Error('The e-mail template must not contain async values');
  return markup.toString();
};

type Link = { text: string; url: string };

/** A short e-mail: paragraphs as HTML (escaped) and as plain text, and an optional link (or several). */
export function simple(lang: LanguageCode, subject: string, paragraphs: string[], link?: Link | Link[]) {
  const links = link === undefined ? [] : Array.isArray(link) ? link : [link];
  const body = render(html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.55;color:#0b1020">
<main style="max-width:600px;margin:0 auto;padding:24px">
${paragraphs.map((p) => html`<p style="white-space:pre-line">${p}</p>`)}
${links.map((l) => html`<p><a href="${l.url}">${l.text}</a></p>`)}
</main>
</body>
</html>
`);
  const text = [...paragraphs, ...links.map((l) => `${l.text}: ${l.url}`), ''].join('\n\n');
  return { subject, html: body, text };
}

/** A notice to an order's buyer (`simple`, in the order's language) from `input.from`, without attachments. */
function toBuyer(
  input: { order: Pick<Order, 'email' | 'lang'>; from: string },
  subject: string,
  paragraphs: string[],
  link?: Link | Link[],
): EmailMessage {
  const message = simple(input.order.lang, subject, paragraphs, link);
  return { from: input.from, to: input.order.email, ...message, attachments: [] };
}

/**
 * A notice that money comes back to a buyer: what happened, then the refund or (paid by transfer)
 * that it is due, and the order's link; `values` fill the texts.
 */
function refundNotice(
  input: { order: Pick<Order, 'email' | 'lang'>; from: string; orderUrl: string },
  t: { subject: string; intro: string; refund: string; refundDue: string; link: string },
  values: Record<string, string>,
  due: boolean,
): EmailMessage {
  const paragraphs = [fill(t.intro, values), fill(due ? t.refundDue : t.refund, values)];
  return toBuyer(input, fill(t.subject, values), paragraphs, { text: t.link, url: input.orderUrl });
}

/** A workshop as its confirmation e-mail names it, in the holder's language. */
export type WorkshopFacts = {
  title: string;
  level: 'basic' | 'intermediate' | 'advanced';
  durationHours: number;
  instructor: string;
};

/**
 * The e-mail that confirms a workshop seat, in the holder's language. The workshop's facts come
 * from the content store (worker/email/compose.ts); without them, from the examples of site/.
 */
export function workshopEmail(input: {
  workshopId: string;
  workshop?: WorkshopFacts;
  order: { code: string; email: string; lang: LanguageCode };
  orderUrl: string;
  from: string;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).workshop;
  const events = catalogue('events', lang).workshops;
  const workshop = input.workshop ?? exampleWorkshop(lang, input.workshopId);
  if (!workshop) throw new Error(`unknown workshop ${input.workshopId}`);
  const title = workshop.title;
  return toBuyer(
    input,
    fill(t.subject, { workshop: title, code: input.order.code }),
    [
      fill(t.intro, { workshop: title }),
      fill(t.details, {
        level: events.levels[workshop.level],
        hours: String(workshop.durationHours),
        instructor: workshop.instructor,
      }),
      t.bring,
    ],
    { text: t.link, url: input.orderUrl },
  );
}

/** An example workshop of site/ as its e-mail names it. */
function exampleWorkshop(lang: LanguageCode, id: string): WorkshopFacts | undefined {
  const workshop = WORKSHOPS.find((w) => w.id === id);
  if (!workshop) return undefined;
  return {
    title: catalogue('events', lang).workshops.items[workshop.id].title,
    level: workshop.level,
    durationHours: workshop.durationHours,
    instructor: SPEAKERS.find((s) => s.id === workshop.instructor)?.name ?? '',
  };
}

/** The e-mail to a buyer whose payment came after the order's place was gone, and was refunded. */
export function lateRefundEmail(input: {
  order: Pick<Order, 'code' | 'email' | 'lang' | 'gross' | 'product'>;
  ticketsUrl: string;
  from: string;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).lateRefund;
  const item = findProduct(input.order.product);
  const values = {
    code: input.order.code,
    product: item ? productName(lang, item) : input.order.product,
    amount: formatPrice(lang, input.order.gross, true),
  };
  return toBuyer(input, fill(t.subject, values), [fill(t.intro, values), fill(t.refund, values), t.again], {
    text: t.link,
    url: input.ticketsUrl,
  });
}

/** The e-mail to a buyer who cancelled a paid order: what was cancelled and what was refunded. */
export function cancellationEmail(input: {
  order: Pick<Order, 'code' | 'email' | 'lang' | 'gross' | 'tickets'>;
  ticketsUrl: string;
  from: string;
  /** Paid by transfer: the money goes back by a transfer the organisers make. */
  refundDue?: boolean;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).cancellation;
  const counts = new Map<string, number>();
  for (const ticket of input.order.tickets) counts.set(ticket.product, (counts.get(ticket.product) ?? 0) + 1);
  const values = {
    code: input.order.code,
    tickets: [...counts]
      .map(([id, count]) => {
        const item = findProduct(id);
        const name = item ? productName(lang, item) : id;
        return count > 1 ? `${count} × ${name}` : name;
      })
      .join(', '),
    amount: formatPrice(lang, input.order.gross, true),
  };
  // A free order (a free ticket, a 100% voucher): nothing was paid, so nothing was refunded.
  const free = input.order.gross === 0;
  const subject = fill(free ? t.subjectFree : t.subject, values);
  const refund = free ? t.free : fill(input.refundDue ? t.refundDue : t.refund, values);
  return toBuyer(input, subject, [fill(t.intro, values), refund, t.again], {
    text: t.link,
    url: input.ticketsUrl,
  });
}

/**
 * The e-mail to a buyer who cancelled one ticket of an order (or an organiser did for them): which
 * one, that its code stopped, and how its price comes back; the correction goes with it.
 */
export function ticketCancellationEmail(input: {
  order: Pick<Order, 'code' | 'email' | 'lang'>;
  ticket: { position: number; product: ProductId; name: string | null; gross: number };
  refundDue: boolean;
  orderUrl: string;
  from: string;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).ticketCancellation;
  const item = findProduct(input.ticket.product);
  const name = item ? productName(lang, item) : input.ticket.product;
  const values = {
    code: input.order.code,
    position: String(input.ticket.position),
    ticket: input.ticket.name ? `${name}, ${input.ticket.name}` : name,
    amount: formatPrice(lang, input.ticket.gross, true),
  };
  return refundNotice(input, t, values, input.refundDue);
}

/**
 * The e-mail to a buyer whose VAT number VIES confirmed after the order: its online tickets are now
 * reverse charge, the difference refunded (or to come by transfer); the corrections go with it.
 */
export function vatCorrectionEmail(input: {
  order: Pick<Order, 'code' | 'email' | 'lang'>;
  vatId: string;
  difference: number;
  due: boolean;
  orderUrl: string;
  from: string;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).vatCorrection;
  const values = { code: input.order.code, vatId: input.vatId, amount: formatPrice(lang, input.difference, true) };
  return refundNotice(input, t, values, input.due);
}

/**
 * An invoice made after the sale, with its PDF attached by the caller: one a buyer asked for later,
 * or a correction of the buyer's data on one.
 */
export function invoiceEmail(input: {
  order: Pick<Order, 'code' | 'email' | 'lang'>;
  number: string;
  corrects: string | null;
  orderUrl: string;
  from: string;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).invoice;
  const values = { code: input.order.code, number: input.number, corrects: input.corrects ?? '' };
  return toBuyer(
    input,
    fill(input.corrects ? t.correctionSubject : t.subject, values),
    [fill(input.corrects ? t.correctionIntro : t.intro, values), t.ksef],
    { text: t.link, url: input.orderUrl },
  );
}

/** The organisers' copy of a new contact message (in Polish, the organisers' language). */
export function contactNotice(input: {
  message: ContactValues & { lang: LanguageCode; receivedAt: string };
  to: string;
  from: string;
}): EmailMessage & { replyTo?: string } {
  const t = catalogue('email', 'pl').contact;
  const { message } = input;
  // The route refuses line breaks in these; a message stored before that rule still never adds a
  // header line (Subject, Reply-To) of its own.
  const content = simple('pl', fill(t.subject, { subject: oneLine(message.subject) }), [
    t.intro,
    `${t.from}: ${message.name} <${message.email}>\n${t.language}: ${message.lang}`,
    message.message,
  ]);
  const replyTo = EMAIL_PATTERN.test(message.email) ? message.email : undefined;
  return { from: input.from, to: input.to, ...(replyTo ? { replyTo } : {}), ...content, attachments: [] };
}

/**
 * The e-mails of an order paid by bank transfer: right after ordering, the transfer's details
 * (`proforma`: amount, the organisers' account, the order code as the title, the day the hold runs
 * out), and the reminder two days before that day. Both say what happens when the money comes,
 * early or late, and nothing more.
 */
export function transferEmail(input: {
  kind: 'proforma' | 'transfer_reminder';
  order: Pick<Order, 'code' | 'email' | 'lang' | 'gross' | 'holdUntil' | 'name'>;
  orderUrl: string;
  from: string;
  /** Whether the pro-forma's PDF is attached. */
  attached?: boolean;
}): EmailMessage {
  const { lang } = input.order;
  const t = catalogue('email', lang).transfer;
  const greeting = input.order.name
    ? fill(catalogue('email', lang).confirmation.greeting, { name: input.order.name })
    : catalogue('email', lang).confirmation.greetingNoName;
  const values = { code: input.order.code, date: formatDateTime(lang, input.order.holdUntil) };
  const reminder = input.kind === 'transfer_reminder';
  const payee = `${ORGANISER.name}, ${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.city}`;
  const details = [
    `${t.amount}: ${formatPrice(lang, input.order.gross, true)}`,
    `${t.recipient}: ${payee}`,
    `${t.account}: ${ORGANISER.bank.iban}`,
    `${t.bank}: ${ORGANISER.bank.name}`,
    `${t.swift}: ${ORGANISER.bank.swift}`,
    `${t.title}: ${input.order.code}`,
    `${t.payBy}: ${values.date}`,
  ].join('\n');
  return toBuyer(
    input,
    fill(reminder ? t.reminderSubject : t.subject, values),
    [
      `${greeting}\n${fill(reminder ? t.reminder : t.intro, values)}`,
      details,
      t.titleHint,
      ...(input.attached ? [t.attached] : []),
      ...(isExample('organiser') ? [t.example] : []),
      t.after,
    ],
    { text: t.link, url: input.orderUrl },
  );
}

/**
 * The partner's link to name the holders of their package's free tickets (site/comps.ts), in the
 * language the organisers chose for the contact: how many places of which ticket, and the link.
 */
export function allotmentEmail(input: {
  allotment: { partner: string; email: string; lang: LanguageCode; places: { product: string; size: number }[] };
  url: string;
  from: string;
}): EmailMessage {
  const { lang } = input.allotment;
  const t = catalogue('email', lang).allotment;
  const places = input.allotment.places
    .map((p) => `${p.size} × ${productName(lang, product(p.product as ProductId))}`)
    .join('\n');
  const content = simple(
    lang,
    fill(t.subject, { partner: oneLine(input.allotment.partner) }),
    [fill(t.intro, { partner: input.allotment.partner }), places, t.howTo],
    { text: t.link, url: input.url },
  );
  return { from: input.from, to: input.allotment.email, ...content, attachments: [] };
}
