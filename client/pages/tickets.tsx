import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../site/format';
import { findProduct, ONSITE_TICKETS, priceAt, priceBreakdown, product } from '../../site/tickets';
import { selectProduct } from '../boot';
import { PageIntro } from '../components/page-intro';
import { availabilityId, ProductAvailability } from '../components/product-availability';
import { PURCHASE_DIALOG_ID, PURCHASE_EMAIL_KEY } from '../components/purchase-dialog';
import { Section } from '../components/section';
import { TicketPlans } from '../components/ticket-plans';
import { useLanguage } from '../lib/use-language';

/**
 * After a cancelled or abandoned payment the checkout sends the buyer back here with
 * `?payment=cancelled&product=<id>`: the page says so and opens the dialog for that product again,
 * with the e-mail the buyer gave.
 */
function useCancelledPayment(): boolean {
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('payment') !== 'cancelled') return;
    setCancelled(true);
    const item = findProduct(params.get('product') ?? '');
    const dialog = document.getElementById(PURCHASE_DIALOG_ID) as HTMLDialogElement | null;
    if (!item || !dialog) return;
    selectProduct(dialog, item.id);
    const email = dialog.querySelector<HTMLInputElement>('input[name="email"]');
    try {
      if (email && !email.value) email.value = sessionStorage.getItem(PURCHASE_EMAIL_KEY) ?? '';
    } catch {
      // Storage may be off: the buyer types the e-mail again.
    }
    if (!dialog.open) dialog.showModal();
  }, []);
  return cancelled;
}

/** kup-bilet: the online plans and the on-site tickets, all sold with the one purchase dialog. */
export default function Tickets() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const cancelled = useCancelledPayment();
  return (
    <>
      <PageIntro id="tickets" />
      {cancelled && (
        <p className="container notice notice--info payment-cancelled" role="status">
          {t('payment.cancelled')}
        </p>
      )}
      <Section id="online" eyebrow={t('plans.eyebrow')} title={t('plans.title')} lead={t('plans.lead')}>
        <TicketPlans />
      </Section>
      <Section id="onsite" eyebrow={t('onsite.eyebrow')} title={t('onsite.title')} lead={t('onsite.lead')} tone="white">
        <ul className="grid grid--3 onsite">
          {ONSITE_TICKETS.map((ticket) => {
            const name = t(`onsite.names.${ticket.type}`);
            const id = `onsite-${ticket.type}` as const;
            const net = priceAt(product(id), Date.now()).net;
            return (
              <li key={ticket.type} className="card onsite__ticket">
                <h3>{name}</h3>
                <p className="onsite__price">
                  {formatPrice(lang, net)}
                  <span aria-hidden="true">*</span> <span className="plan__unit">{t('plans.unit')}</span>
                </p>
                <p className="plan__gross">
                  {t('plans.gross', { price: formatPrice(lang, priceBreakdown(net).gross, true) })}
                </p>
                <ul className="checklist">
                  {ticket.features.map((feature) => (
                    <li key={feature}>{t(`onsite.features.${feature}`)}</li>
                  ))}
                </ul>
                <ProductAvailability id={id} />
                <button
                  type="button"
                  className="button button--accent"
                  commandfor={PURCHASE_DIALOG_ID}
                  command="show-modal"
                  data-product={id}
                  aria-describedby={availabilityId(id)}
                  suppressHydrationWarning
                >
                  {t('onsite.buy')}
                  <span className="visually-hidden"> {t('onsite.buyName', { name })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}
