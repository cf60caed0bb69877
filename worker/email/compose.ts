import { SITE_ORIGIN } from '../../site/event';
import { currentInvoiceOf } from '../../site/invoices';
import { findLanguage, type LanguageCode } from '../../site/languages';
import type { Order } from '../../site/orders';
import { href, orderPageHref, ticketPageHref } from '../../site/pages';
import { waitlistConfirmPath, waitlistOfferPath } from '../../site/waitlist';
import { boxOffice } from '../box-office/box-office';
import { TICKET_CORRECTION_REASON } from '../box-office/invoices';
import { type Speaker, textsIn, type Workshop } from '../content/schema';
import { getRecord } from '../content/store';
import type { Bindings } from '../env';
import { invoiceAttachment, proformaFile } from '../invoices/documents';
import { type ContactMessage, MESSAGE_PREFIX } from '../messages';
import {
  allotmentLinkToken,
  orderLinkToken,
  signedTicketCode,
  ticketCode,
  ticketKey,
  waitlistEntryToken,
  waitlistOfferToken,
} from '../tickets/code';
import { ticketLinkSecret } from '../tickets/page-link';
import { confirmationEmail, type EmailMessage, ticketEmail } from './confirmation';
import { newsEmail } from './news';
import {
  allotmentEmail,
  cancellationEmail,
  contactNotice,
  invoiceEmail,
  lateRefundEmail,
  ticketCancellationEmail,
  transferEmail,
  vatCorrectionEmail,
  type WorkshopFacts,
  workshopEmail,
} from './notices';
import { waitlistConfirmEmail, waitlistOfferEmail, waitlistWorkshopOfferEmail } from './waitlist';

/** The site's origin that e-mails link to: the local server's outside production. */
const siteOrigin = (env: Bindings) => (env.ENVIRONMENT !== 'production' && env.LOCAL_ORIGIN) || SITE_ORIGIN;

/** The link to an order's page that its e-mails carry (a signed token: the buyer's own is not kept). */
export async function orderPageUrl(env: Bindings, order: Pick<Order, 'id' | 'lang'>): Promise<string> {
  const token = await orderLinkToken(ticketKey(env), order.id);
  return `${siteOrigin(env)}${orderPageHref(order, token)}`;
}

/** The partner's page for naming the holders of an allotment (routes/allotments.ts). */
export async function allotmentPageUrl(env: Bindings, allotmentId: string): Promise<string> {
  return `${siteOrigin(env)}/partner/${allotmentId}/${await allotmentLinkToken(ticketKey(env), allotmentId)}`;
}

/**
 * A workshop of the content store as its confirmation names it, in a language (missing texts in
 * Polish): its published copy, or its draft if it was unpublished after the seat was taken.
 * Undefined when the store has no such record (the examples of site/ then).
 */
async function workshopFacts(env: Bindings, id: string, lang: LanguageCode): Promise<WorkshopFacts | undefined> {
  const record = await getRecord(env.CONTENT_DB, 'workshops', id);
  const workshop = (record?.published ?? record?.draft) as Workshop | undefined;
  if (!workshop) return undefined;
  const instructor = workshop.instructor ? await getRecord(env.CONTENT_DB, 'speakers', workshop.instructor) : null;
  return {
    title: textsIn(workshop.texts, lang).title,
    level: workshop.level,
    durationHours: workshop.durationHours,
    instructor: (instructor?.published as Speaker | null | undefined)?.name ?? '–',
  };
}

/** Builds the e-mail of a job from the box office's records (the mail queue's consumer sends it). */
/**
 * The page of a ticket for the address a message goes to, while that address still holds it: a
 * ticket given to someone else since has a new secret, and its page is no longer this address's.
 */
async function holderPageUrl(env: Bindings, ticketId: string, address: string): Promise<string | undefined> {
  const found = await boxOffice(env.BOX_OFFICE).ticketWithOrder(ticketId);
  if (found?.order.status !== 'paid') return undefined;
  const holder = (found.ticket.email ?? found.order.email).toLowerCase();
  if (holder !== address.toLowerCase()) return undefined;
  const secret = await ticketLinkSecret(ticketKey(env), found.ticket);
  return `${siteOrigin(env)}${ticketPageHref(found.order.lang, found.ticket.id, secret)}`;
}

export async function compose(
  env: Bindings,
  job: { kind: string; subjectId: string; data: string | null },
): Promise<EmailMessage> {
  const from = env.EMAIL_FROM;
  if (job.kind === 'contact') {
    const message = await env.ORDERS.get<ContactMessage>(MESSAGE_PREFIX + job.subjectId, 'json');
    if (!message) throw new Error(`contact message ${job.subjectId} not readable yet`);
    return contactNotice({ message, to: env.ORGANISERS_EMAIL, from });
  }
  const office = boxOffice(env.BOX_OFFICE);
  if (job.kind === 'news' || job.kind === 'news_test') {
    const news = await office.newsMessage(job.subjectId, job.kind, job.data ?? '');
    if (!news) throw new StaleEmail(`news ${job.subjectId} has no recipient ${job.data}`);
    const ticketPage = news.ticketId && news.to ? await holderPageUrl(env, news.ticketId, news.to) : undefined;
    return newsEmail({
      text: news.text,
      lang: news.lang,
      to: news.to ?? env.ORGANISERS_EMAIL,
      from,
      ...(ticketPage ? { ticketPage } : {}),
      ...(job.kind === 'news_test' ? { testOf: news.lang } : {}),
    });
  }
  if (job.kind === 'allotment') {
    const allotment = await office.allotment(job.subjectId);
    if (!allotment) throw new StaleEmail(`allotment ${job.subjectId} not found`);
    return allotmentEmail({ allotment, url: await allotmentPageUrl(env, allotment.id), from });
  }
  if (job.kind === 'waitlist_confirm') {
    const entry = await office.waitlistEntry(job.subjectId);
    // Confirmed or removed since: the link would confirm nothing.
    if (entry?.state !== 'unconfirmed') throw new StaleEmail(`waiting-list entry ${job.subjectId} is not unconfirmed`);
    const url = `${siteOrigin(env)}${waitlistConfirmPath(entry.id, await waitlistEntryToken(ticketKey(env), entry.id))}`;
    return waitlistConfirmEmail({ entry, url, from });
  }
  if (job.kind === 'waitlist_offer') {
    const offer = await office.waitlistOffer(job.subjectId, Date.now());
    if (!offer) throw new StaleEmail(`waiting-list offer ${job.subjectId} not found`);
    const url = `${siteOrigin(env)}${waitlistOfferPath(offer.id, await waitlistOfferToken(ticketKey(env), offer.id))}`;
    if (offer.workshop !== null) {
      const lang = findLanguage(offer.lang)?.code ?? 'pl';
      const workshop = (await workshopFacts(env, offer.workshop, lang))?.title ?? offer.workshop;
      return waitlistWorkshopOfferEmail({ offer, workshop, url, from });
    }
    return waitlistOfferEmail({ offer, url, from });
  }
  const order = await office.order(job.subjectId);
  if (!order) throw new Error(`order ${job.subjectId} not found`);
  const orderUrl = await orderPageUrl(env, order);
  if (job.kind === 'workshop') {
    const workshopId = job.data ?? '';
    const workshop = await workshopFacts(env, workshopId, order.lang);
    return workshopEmail({ workshopId, workshop, order, orderUrl, from });
  }
  if (job.kind === 'late_refund') {
    return lateRefundEmail({ order, ticketsUrl: `${siteOrigin(env)}${href(order.lang, 'tickets')}`, from });
  }
  if (job.kind === 'proforma' || job.kind === 'transfer_reminder') {
    // Paid, cancelled or expired since it was queued: a reminder to pay would mislead.
    if (job.kind === 'transfer_reminder' && order.status !== 'pending') {
      throw new StaleEmail(`order ${order.id} is ${order.status}: no reminder`);
    }
    // The pro-forma goes with both: the document an accounts department pays from.
    const proforma = await proformaFile(order);
    const message = transferEmail({ kind: job.kind, order, orderUrl, from, attached: proforma !== null });
    return withAttachments(
      message,
      proforma
        ? [{ content: proforma.bytes, filename: proforma.filename, type: 'application/pdf', disposition: 'attachment' }]
        : [],
    );
  }
  if (job.kind === 'ticket_cancellation') {
    const ticket = (await office.cancelledTickets(order.id)).find((item) => item.id === job.data);
    if (!ticket) throw new StaleEmail(`ticket ${job.data} of ${order.id} is not cancelled`);
    const owed = (await office.refundsOwed(order.id)).some((refund) => refund.ticketId === ticket.id);
    const message = ticketCancellationEmail({ order, ticket, refundDue: owed, orderUrl, from });
    // The correction of this ticket's line goes with it.
    const corrections = (await office.invoices(order.id)).filter(
      (invoice) => invoice.correction?.reason === TICKET_CORRECTION_REASON && invoice.issuedAt === ticket.cancelledAt,
    );
    return withAttachments(message, await Promise.all(corrections.map((invoice) => invoiceAttachment(env, invoice))));
  }
  if (job.kind === 'cancellation') {
    const refundDue = (await office.refundsOwed(order.id)).some((refund) => refund.ticketId === null);
    const message = cancellationEmail({
      order,
      ticketsUrl: `${siteOrigin(env)}${href(order.lang, 'tickets')}`,
      from,
      refundDue,
    });
    // The corrections of the order's invoices go with it.
    const corrections = (await office.invoices(order.id)).filter((invoice) => invoice.correction);
    return withAttachments(message, await Promise.all(corrections.map((invoice) => invoiceAttachment(env, invoice))));
  }
  if (job.kind === 'vat_correction') {
    const vat = await office.vatStatus(order.id);
    if (!vat?.correction) throw new StaleEmail(`order ${order.id} has no VAT correction`);
    const message = vatCorrectionEmail({
      order,
      vatId: vat.vatId,
      difference: vat.correction.difference,
      due: vat.correction.refund === 'due',
      orderUrl,
      from,
    });
    // The corrections that put the rate right go with it (not the cancel's, should one follow).
    const corrections = (await office.invoices(order.id)).filter(
      (invoice) => invoice.correction?.effect === 'original' && !invoice.correction.replacedBy,
    );
    return withAttachments(message, await Promise.all(corrections.map((invoice) => invoiceAttachment(env, invoice))));
  }
  if (job.kind === 'invoice') {
    const invoice = (await office.invoices(order.id)).find((item) => item.id === job.data);
    if (!invoice) throw new StaleEmail(`order ${order.id} has no invoice ${job.data}`);
    const message = invoiceEmail({
      order,
      number: invoice.number,
      corrects: invoice.correction?.of.number ?? null,
      orderUrl,
      from,
    });
    return withAttachments(message, [await invoiceAttachment(env, invoice)]);
  }
  const key = ticketKey(env);
  const signed = async (ticket: Order['tickets'][number]) => ({
    ...ticket,
    code: await ticketCode(key, ticket),
    qrCode: await signedTicketCode(key, ticket),
  });
  const buyer = { ...order, name: order.name ?? undefined };
  if (job.kind === 'ticket') {
    const ticket = order.tickets.find((t) => t.id === job.data);
    // The holder changed again since: this e-mail's holder has no ticket any more; the new one has its own.
    if (!ticket?.email) throw new StaleEmail(`ticket ${job.data} has no holder's address`);
    const issuedAt = order.paidAt ?? order.updatedAt;
    const pageUrl = `${siteOrigin(env)}${ticketPageHref(order.lang, ticket.id, await ticketLinkSecret(key, ticket))}`;
    return ticketEmail({
      order: buyer,
      ticket: { ...(await signed(ticket)), email: ticket.email },
      issuedAt,
      pageUrl,
      from,
    });
  }
  const message = confirmationEmail({
    order: { ...buyer, invoice: order.invoice ?? undefined, paidAt: order.paidAt ?? order.updatedAt },
    // Each ticket's own page, where its join link and agenda are (a holder with an address gets its own e-mail too).
    tickets: await Promise.all(
      order.tickets.map(async (ticket) => ({
        ...(await signed(ticket)),
        page: `${siteOrigin(env)}${ticketPageHref(order.lang, ticket.id, await ticketLinkSecret(key, ticket))}`,
      })),
    ),
    orderUrl,
    from,
  });
  // The invoice, issued with the payment, goes with the confirmation as a PDF.
  const invoice = currentInvoiceOf(await office.invoices(order.id));
  return withAttachments(message, invoice ? [await invoiceAttachment(env, invoice)] : []);
}

/** A message with more files attached. */
const withAttachments = (message: EmailMessage, files: EmailAttachment[]): EmailMessage => ({
  ...message,
  attachments: [...message.attachments, ...files],
});

/** An e-mail whose subject is gone (a ticket's holder changed again before it was sent): nothing to send. */
export class StaleEmail extends Error {}
