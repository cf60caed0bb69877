import { useTranslation } from 'react-i18next';
import { Section } from '../components/section';
import { TicketPlans } from '../components/ticket-plans';

/** The home page's ticket section: the three online plans with the purchase dialog. */
export function HomeTickets() {
  const { t } = useTranslation('tickets');
  return (
    <Section id="tickets" eyebrow={t('plans.eyebrow')} title={t('plans.title')} lead={t('plans.lead')} tone="white">
      <TicketPlans />
    </Section>
  );
}
