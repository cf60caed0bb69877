import { useTranslation } from 'react-i18next';
import { type ProductId, product as productOf } from '../../site/tickets';
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
 * The ticket on the order page: the QR code and the code as text, the product and the e-mail it
 * was issued to. The QR code is an image the worker draws (`qr`: inside the page as a data URL
 * when the worker writes the order in, else `GET /api/orders/:id/ticket.svg`), so the page loads no
 * QR library. Print styles put it alone on one A4 page; on a phone it fits
 * the screen.
 */
export function TicketCard({
  code,
  qr,
  product,
  email,
}: {
  code: string;
  qr: string;
  product: ProductId;
  email: string;
}) {
  const { t } = useTranslation('delivery');
  const productName = useProductName();
  const kind = productOf(product).mode;
  return (
    <section className="ticket-card" aria-labelledby="ticket-card-title">
      <h2 id="ticket-card-title" className="ticket-card__title">
        {t('ticket.title')}
      </h2>
      <div className="ticket-card__qr">
        <img src={qr} alt={t('ticket.qrLabel', { code })} width={288} height={288} />
      </div>
      <dl className="ticket-card__facts">
        <dt>{t('ticket.code')}</dt>
        <dd className="ticket-card__code" translate="no">
          {code}
        </dd>
        <dt>{t('ticket.product')}</dt>
        <dd>{productName(product)}</dd>
        <dt>{t('ticket.holder')}</dt>
        <dd>{email}</dd>
      </dl>
      <p className="ticket-card__how">{t(`ticket.${kind}`)}</p>
      <button type="button" className="button button--outline ticket-card__print" onClick={() => window.print()}>
        {t('ticket.print')}
      </button>
    </section>
  );
}
