import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brandName, EVENT } from '../../site/event';
import { formatDateTime, formatTime, formatWeekdayDate } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import type { TicketView } from '../../site/order-view';
import { type ProductId, product as productOf } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';
import '../styles/delivery.css';

/** A product's name in the page language: "Premium – bilet online". */
export function useProductName(): (product: ProductId) => string {
  const { t } = useTranslation(['delivery', 'tickets']);
  return (product) => {
    const { mode, nameKey } = productOf(product);
    return t(`delivery:ticket.products.${mode}`, { name: t(`tickets:${nameKey}`) });
  };
}

/**
 * What a ticket says of the event (its name, day and hours, and where: the venue on site, the
 * stream online), as text made where the page is made (the build, or the worker for a ticket's
 * page) and given to the card, so that the order island carries no formatting code for it.
 */
export type EventFacts = { name: string; when: string; onsite: string; online: string };

/** The event's facts in a language, for `TicketCard` (`t`: the `delivery` namespace). */
export const eventFacts = (lang: LanguageCode, whereOnline: string): EventFacts => ({
  name: brandName(),
  when: `${formatWeekdayDate(lang, EVENT.date)}, ${formatTime(lang, EVENT.startTime)}–${formatTime(lang, EVENT.endTime)}`,
  onsite: `${EVENT.venue.name}, ${EVENT.venue.street}, ${EVENT.venue.postalCode} ${EVENT.venue.city}`,
  online: whereOnline,
});

/**
 * A ticket on the order page: its holder, the QR code and the code as text, the product, and what
 * the buyer can do with it (`children`: change its holder). The QR code is an image the worker
 * draws (`qr`: inside the page as a data URL when the worker writes the order in, else
 * `GET /api/orders/:id/tickets/:ticketId/qr.svg`), so the page loads no QR library. Printed, each
 * ticket is alone on its page, with nothing of the page around it; on a phone it fits the screen.
 */
export function TicketCard({
  ticket,
  productName,
  count,
  holder,
  qr,
  event,
  onPrint,
  level = 3,
  children,
}: {
  ticket: TicketView & { code: string };
  /** The product's name as the ticket says it ("Pro – on-site ticket"; `useProductName`). */
  productName: string;
  /** How many tickets the order has: "Ticket 2 of 4" when more than one. */
  count: number;
  /** Who the ticket is for: its own name, or the buyer's name or e-mail. */
  holder: string;
  qr: string;
  event: EventFacts;
  /** Prints this ticket alone; without it (a page with no script), the browser's own print does. */
  onPrint?: () => void;
  /** Its title's heading level: 3 inside the order page's list of tickets, 2 alone on the ticket page. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const kind = productOf(ticket.product).mode;
  const titleId = `ticket-${ticket.id}-title`;
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <section className="ticket-card" aria-labelledby={titleId} data-ticket={ticket.id}>
      <Title id={titleId} className="ticket-card__title">
        {count > 1 ? t('ticket.titleOf', { position: ticket.position, count }) : t('ticket.title')}
      </Title>
      <p className="ticket-card__holder">{holder}</p>
      <div className="ticket-card__qr">
        <img src={qr} alt={t('ticket.qrLabel', { code: ticket.code })} width={288} height={288} />
      </div>
      <dl className="ticket-card__facts">
        <dt>{t('ticket.code')}</dt>
        <dd className="ticket-card__code" translate="no">
          {ticket.code}
        </dd>
        <dt>{t('ticket.product')}</dt>
        <dd>{productName}</dd>
        {ticket.email && (
          <>
            <dt>{t('ticket.holderEmail')}</dt>
            <dd>{ticket.email}</dd>
          </>
        )}
      </dl>
      {ticket.checkedInAt && (
        <p className="ticket-card__checked-in">
          {t('ticket.checkedIn', { time: formatDateTime(lang, ticket.checkedInAt) })}
        </p>
      )}
      {/* What a printed ticket has to say by itself: the event, its day and hours, and where. */}
      <dl className="ticket-card__event">
        <dt>{t('ticket.event')}</dt>
        <dd>{event.name}</dd>
        <dt>{t('ticket.when')}</dt>
        <dd>{event.when}</dd>
        <dt>{t('ticket.where')}</dt>
        <dd>{event[kind]}</dd>
      </dl>
      <p className="ticket-card__how">{t(`ticket.${kind}`)}</p>
      <div className="ticket-card__actions">
        {onPrint && (
          <button type="button" className="button button--outline ticket-card__print" onClick={onPrint}>
            {t('ticket.print')}
          </button>
        )}
        {children}
      </div>
    </section>
  );
}

/**
 * Prints one ticket alone, or every ticket one per page (`ticketId` null): the tickets to print are
 * marked while the print dialog is open, and the print styles show only those.
 */
export function printTickets(ticketId: string | null): void {
  const cards = Array.from(document.querySelectorAll<HTMLElement>('.ticket-card[data-ticket]'));
  const chosen = cards.filter((card) => ticketId === null || card.dataset.ticket === ticketId);
  for (const card of chosen) card.dataset.print = 'true';
  const done = () => {
    for (const card of chosen) delete card.dataset.print;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
