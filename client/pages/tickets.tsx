import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { ONSITE_TICKETS } from '../../site/tickets';
import { PageIntro } from '../components/page-intro';
import { Section } from '../components/section';
import { TicketPlans } from '../components/ticket-plans';
import { useLanguage } from '../lib/use-language';

/** kup-bilet: the online plans with the purchase dialog, the on-site price list, group sales. */
export default function Tickets() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  return (
    <>
      <PageIntro id="tickets" />
      <Section id="online" eyebrow={t('plans.eyebrow')} title={t('plans.title')} lead={t('plans.lead')}>
        <TicketPlans />
      </Section>
      <Section id="onsite" eyebrow={t('onsite.eyebrow')} title={t('onsite.title')} lead={t('onsite.lead')} tone="white">
        <ul className="grid grid--3 onsite">
          {ONSITE_TICKETS.map((ticket) => {
            const name = t(`onsite.names.${ticket.type}`);
            return (
              <li key={ticket.type} className="card onsite__ticket">
                <h3>{name}</h3>
                <p className="onsite__price">
                  {formatPrice(lang, ticket.net)}
                  <span aria-hidden="true">*</span> <span className="plan__unit">{t('plans.unit')}</span>
                </p>
                <ul className="checklist">
                  {ticket.features.map((feature) => (
                    <li key={feature}>{t(`onsite.features.${feature}`)}</li>
                  ))}
                </ul>
                <Link href={`${href(lang, 'contact')}?temat=bilety-${ticket.type}`} className="button button--outline">
                  {t('onsite.ask', { name })}
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}
