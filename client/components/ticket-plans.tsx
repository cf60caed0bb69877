import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { COMMON_FEATURES, ONLINE_PLANS, type PlanType, VAT_RATE_PERCENT } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';
import { EMPTY_FORM, PurchaseDialog, type PurchaseForm } from './purchase-dialog';

/**
 * The three online plans from site/tickets.ts, each with a button that opens the purchase
 * dialog for that plan; the group-ticket note links to the contact page.
 */
export function TicketPlans() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const [plan, setPlan] = useState<PlanType | null>(null);
  const [form, setForm] = useState<PurchaseForm>(EMPTY_FORM);

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
                aria-label={t('plans.selectPlan', { name })}
                onClick={() => setPlan(p.type)}
              >
                {t('plans.select')}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="plans__note">{t('plans.netNote', { vat: VAT_RATE_PERCENT })}</p>
      <p className="plans__group">
        {t('plans.groupText')} <Link href={href(lang, 'contact')}>{t('plans.groupLink')}</Link>
      </p>
      <PurchaseDialog plan={plan} form={form} onChange={setForm} onClose={() => setPlan(null)} />
    </>
  );
}
