import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketPageView } from '../../site/ticket-view';
import { OnlineAccess } from './online-access';
import { eventFacts, TicketCard, useProductName } from './ticket-card';
import { TimeRange } from './time-range';

/**
 * A ticket's own page, rendered by the worker for whoever holds its holder's link
 * (worker/ticket-page.ts): static HTML whose only controls are links and forms, so it shows and
 * works with no script at all. The ticket and its QR code come first, alone at the top; what the
 * ticket gives follows as a list of sections (`TICKET_SECTIONS`).
 */
export function TicketPage({ view }: { view: TicketPageView }) {
  const { t } = useTranslation('ticket');
  const { t: delivery } = useTranslation('delivery');
  const productName = useProductName();
  return (
    // The page's own main is its landmark; the ticket card below is the one region named for the ticket.
    <div className="ticket-page container">
      <h1 id="ticket-page-title">{t('title')}</h1>
      <p className="ticket-page__private">{t('private')}</p>
      <TicketCard
        ticket={view.ticket}
        productName={productName(view.ticket.product)}
        count={1}
        holder={view.holder}
        qr={view.qr}
        event={eventFacts(view.lang, delivery('ticket.whereOnline'))}
        level={2}
      />
      {TICKET_SECTIONS.map(({ id, Section }) => (
        <Section key={id} view={view} />
      ))}
    </div>
  );
}

/**
 * What the ticket page shows below the ticket, in order: each section takes the page's view and
 * renders its own `<section>` (or nothing). The plan's section is the online access component (its
 * windows, the join link per track, recordings and materials); the certificate follows it.
 */
export const TICKET_SECTIONS: { id: string; Section: ComponentType<{ view: TicketPageView }> }[] = [
  { id: 'workshops', Section: WorkshopsSection },
  { id: 'plan', Section: PlanSection },
  { id: 'certificate', Section: CertificateSection },
  { id: 'agenda', Section: AgendaSection },
];

/** The workshops the ticket holds seats in. */
function WorkshopsSection({ view }: { view: TicketPageView }) {
  const { t } = useTranslation('ticket');
  return (
    <section className="ticket-page__section" aria-labelledby="ticket-workshops">
      <h2 id="ticket-workshops">{t('workshopsTitle')}</h2>
      {view.workshops.length ? (
        <ul>
          {view.workshops.map((workshop) => (
            <li key={workshop.id}>{workshop.title}</li>
          ))}
        </ul>
      ) : (
        <p>{t('workshopsNone')}</p>
      )}
    </section>
  );
}

/**
 * What the ticket's plan gives and when: the online access component (site/access.ts is its one
 * source), rendered here on the server with the page, so the join link is in the page as served.
 */
function PlanSection({ view }: { view: TicketPageView }) {
  return (
    <div className="ticket-page__section">
      <OnlineAccess view={view.online} headingLevel={2} />
    </div>
  );
}

/**
 * After the event: the certificate of attendance to download through the ticket's own link, or
 * why the ticket has none. Before it, the plan's list says when the certificate comes.
 */
function CertificateSection({ view }: { view: TicketPageView }) {
  const { t } = useTranslation('ticket');
  const certificate = view.certificate;
  if (certificate.state === 'before_end') return null;
  return (
    <section className="ticket-page__section" aria-labelledby="ticket-certificate">
      <h2 id="ticket-certificate">{t('certificate.title')}</h2>
      {certificate.state === 'ready' ? (
        <p>
          <a className="button button--accent" href={certificate.href} download type="application/pdf">
            {t('certificate.download')}
          </a>
        </p>
      ) : (
        <p>{t(`certificate.refused.${certificate.reason}`)}</p>
      )}
    </section>
  );
}

/**
 * The day's programme with the holder's starred sessions: a star is a form sent to the box office
 * (worker/routes/tickets.ts), which answers with this page again; the calendar feed lists the
 * starred sessions as the programme stands when the calendar asks.
 */
function AgendaSection({ view }: { view: TicketPageView }) {
  const { t } = useTranslation(['ticket', 'events']);
  const starred = view.programme.filter((session) => session.starred).length;
  return (
    <section className="ticket-page__section" aria-labelledby="ticket-agenda">
      <h2 id="ticket-agenda">{t('agendaTitle')}</h2>
      <p>{t('agendaLead')}</p>
      {view.programme.length === 0 ? (
        <p>{t('noSessions')}</p>
      ) : (
        <ol className="agenda">
          {view.programme.map((session) => (
            <li
              key={session.id}
              id={`session-${session.id}`}
              className={session.starred ? 'agenda__item agenda__item--starred' : 'agenda__item'}
            >
              <p className="agenda__time">
                <TimeRange start={session.start} end={session.end} />
                {' · '}
                {t(`events:program.rooms.${session.room}`)}
              </p>
              <h3 className="agenda__title" id={`agenda-${session.id}`}>
                {session.title}
              </h3>
              {session.speakers.length > 0 && <p className="agenda__speakers">{session.speakers.join(', ')}</p>}
              <form method="post" action={view.links.star} className="agenda__star">
                <input type="hidden" name="session" value={session.id} />
                <input type="hidden" name="starred" value={session.starred ? '0' : '1'} />
                <input type="hidden" name="lang" value={view.lang} />
                <button
                  type="submit"
                  className={session.starred ? 'button button--accent' : 'button button--outline'}
                  aria-describedby={`agenda-${session.id}`}
                >
                  <span aria-hidden="true">{session.starred ? '★ ' : '☆ '}</span>
                  {t(session.starred ? 'unstar' : 'star')}
                </button>
              </form>
            </li>
          ))}
        </ol>
      )}
      <p>{t('starredCount', { count: starred })}</p>
      <ul className="agenda__feeds">
        <li>
          <a href={view.links.webcal}>{t('subscribe')}</a>
        </li>
        <li>
          <a href={view.links.feed} download type="text/calendar">
            {t('download')}
          </a>
        </li>
      </ul>
      <p className="ticket-page__note">{t('feedNote')}</p>
    </section>
  );
}
