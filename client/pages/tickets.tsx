import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../site/format';
import { ONSITE_TICKETS, priceBreakdown } from '../../site/tickets';
import { Checklist } from '../components/checklist';
import { PageIntro } from '../components/page-intro';
import { priceSteps } from '../components/price-steps';
import { availabilityId, ProductAvailability } from '../components/product-availability';
import { Section } from '../components/section';
import { TicketPlans } from '../components/ticket-plans';
import { VenueAccess } from '../components/venue-access';
import { PURCHASE_DIALOG_ID } from '../lib/purchase-keys';
import { useLanguage } from '../lib/use-language';

/** kup-bilet: the online plans and the on-site tickets, all sold with the one purchase dialog. */
export default function Tickets() {
  const { t } = useTranslation('tickets');
  const { t: ti } = useTranslation('info');
  const lang = useLanguage();
  return (
    <>
      <PageIntro id="tickets" family="shop" />
      {/*
        After a cancelled or abandoned payment the checkout sends the buyer back here with
        `?payment=cancelled&product=<id>`: the page script (client/boot.ts `cancelledPayment`)
        shows this and opens the dialog for that product again, with the e-mail the buyer gave.
      */}
      <p className="container notice notice--info payment-cancelled" role="status" hidden>
        {t('payment.cancelled')}
      </p>
      <Section id="online" eyebrow={t('plans.eyebrow')} title={t('plans.title')} lead={t('plans.lead')}>
        <TicketPlans />
      </Section>
      <Section id="onsite" eyebrow={t('onsite.eyebrow')} title={t('onsite.title')} lead={t('onsite.lead')} tone="white">
        <ul className="grid grid--3 onsite">
          {ONSITE_TICKETS.map((ticket) => {
            const name = t(`onsite.names.${ticket.type}`);
            const id = `onsite-${ticket.type}` as const;
            return (
              <li key={ticket.type} className="card onsite__ticket">
                <h3>{name}</h3>
                {priceSteps(id).map(({ key, price, attributes }) => (
                  <div key={key} className="plan__prices" {...attributes}>
                    <p className="onsite__price">
                      {formatPrice(lang, price.net)}
                      <span aria-hidden="true">*</span> <span className="plan__unit">{t('plans.unit')}</span>
                    </p>
                    <p className="plan__gross">
                      {t('plans.gross', { price: formatPrice(lang, priceBreakdown(price.net).gross, true) })}
                    </p>
                  </div>
                ))}
                <Checklist items={ticket.features.map((feature) => t(`onsite.features.${feature}`))} />
                <ProductAvailability id={id} />
                <button
                  type="button"
                  className="button button--accent"
                  commandfor={PURCHASE_DIALOG_ID}
                  command="show-modal"
                  data-product={id}
                  aria-describedby={availabilityId(id)}
                >
                  {t('onsite.buy')}
                  <span className="visually-hidden"> {t('onsite.buyName', { name })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="venue-access" title={ti('venueAccess.title')} lead={ti('venueAccess.lead')}>
        <VenueAccess />
      </Section>
    </>
  );
}
