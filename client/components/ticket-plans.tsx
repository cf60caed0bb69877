import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { COMMON_FEATURES, ONLINE_PLANS, VAT_RATE_PERCENT } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';
import { PURCHASE_DIALOG_ID, PurchaseDialog } from './purchase-dialog';

/**
 * The three online plans from site/tickets.ts, each with a button that opens the purchase
 * dialog for that plan (natively, at the first tap: see PurchaseDialog); the group-ticket note
 * links to the contact page.
 */
export function TicketPlans() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();

  return (
    <>
      <ul className="plans">
        {ONLINE_PLANS.map((p) => {
          const name = t(`plans.names.${p.type}`);
          return (
            <li key={p.type} className={`plan${p.recommended ? ' plan--recommended' : ''}`}>
              {p.label && <p className="plan__label">{t(`plans.labels.${p.label}`)}</p>}
              <h3 className="plan__name">{name}</h3>
              <p className="plan__price">
                <span className="plan__amount">{formatPrice(lang, p.net)}</span>
                <span aria-hidden="true">*</span>
                <span className="plan__unit">{t('plans.unit')}</span>
              </p>
              <p className="plan__original">
                <span className="visually-hidden">{t('plans.originalPrice')}: </span>
                <s>{formatPrice(lang, p.originalNet)}</s>
              </p>
              <p className="plan__promo">{t('plans.promoNote')}</p>
              <ul className="checklist plan__features">
                {p.features.map((feature) => (
                  <li key={feature}>{t(`plans.features.${feature}`)}</li>
                ))}
                {COMMON_FEATURES.map((feature) => (
                  <li key={feature}>{t(`plans.features.${feature}`)}</li>
                ))}
              </ul>
              <button
                type="button"
                className={`button ${p.recommended ? 'button--accent' : 'button--outline'} plan__select`}
                commandfor={PURCHASE_DIALOG_ID}
                command="show-modal"
                data-product={p.type}
              >
                {t('plans.select')}
                <span className="visually-hidden"> {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="plans__note">{t('plans.netNote', { vat: VAT_RATE_PERCENT })}</p>
      <p className="plans__group">
        {t('plans.groupText')} <Link href={href(lang, 'contact')}>{t('plans.groupLink')}</Link>
      </p>
      <PurchaseDialog products={ONLINE_PLANS} />
    </>
  );
}
