import { useTranslation } from 'react-i18next';

/**
 * A ticket's own page as the build makes it: the frame the worker writes the ticket into
 * (worker/ticket-page.ts, client/components/ticket-page.tsx) for whoever holds its holder's link.
 * Without a valid link the worker answers the 404 page instead, so this text is never served.
 */
export default function Ticket() {
  const { t } = useTranslation('delivery');
  return (
    <div data-ticket-page="">
      <section className="ticket-page container">
        <h1>{t('ticketPage.title')}</h1>
        <p>{t('ticketPage.openLink')}</p>
      </section>
    </div>
  );
}
