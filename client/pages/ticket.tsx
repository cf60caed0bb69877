import { useTranslation } from 'react-i18next';

/**
 * A ticket's own page as the build makes it: the frame the worker writes the ticket into
 * (worker/ticket-page.ts, client/components/ticket-page.tsx) for whoever holds its holder's link.
 * Without a valid link the worker answers the 404 page instead, so this text is never served.
 */
export default function Ticket() {
  const { t } = useTranslation('ticket');
  return (
    <div data-ticket-page="">
      <section className="ticket-page container">
        <h1>{t('title')}</h1>
        <p>{t('openLink')}</p>
      </section>
    </div>
  );
}
