import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { qrSvg } from '../../site/qr';
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
 * The ticket on the order page: the QR code (SVG) and the code as text, the product and the
 * e-mail it was issued to. Print styles put it alone on one A4 page; on a phone it fits the screen.
 */
export function TicketCard({ code, product, email }: { code: string; product: ProductId; email: string }) {
  const { t } = useTranslation('delivery');
  const productName = useProductName();
  // The SVG comes from the QR library and holds only a path built from the code, never text.
  const svg = useMemo(() => qrSvg(code), [code]);
  const kind = productOf(product).mode;
  return (
    <section className="ticket-card" aria-labelledby="ticket-card-title">
      <h2 id="ticket-card-title" className="ticket-card__title">
        {t('ticket.title')}
      </h2>
      <div
        className="ticket-card__qr"
        role="img"
        aria-label={t('ticket.qrLabel', { code })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the library's SVG of the code, no user text
        dangerouslySetInnerHTML={{ __html: svg }}
      />
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
