import { useTranslation } from 'react-i18next';
import { formatDate, formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { ONLINE_PLANS, priceBreakdown, VAT_RATE_PERCENT } from '../../site/tickets';
import { productLabels } from '../lib/product-label';
import { PURCHASE_DIALOG_ID } from '../lib/purchase-keys';
import { useLanguage } from '../lib/use-language';
import { Island } from './island';
import { priceSteps } from './price-steps';
import { availabilityId, ProductAvailability } from './product-availability';
import { PurchaseIsland } from './purchase-dialog';

/**
 * The three online plans from site/tickets.ts, each with a button that opens the purchase
 * dialog for that plan (natively, at the first tap: see PurchaseDialog); the group note says how
 * many named tickets one order holds, and links to the contact page for more.
 */
export function TicketPlans() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();

  return (
    <>
      <ul className="plans">
        {ONLINE_PLANS.map((p) => {
          const name = t(`plans.names.${p.type}`);
          const id = `online-${p.type}` as const;
          return (
            <li key={p.type} className={`plan${p.recommended ? ' plan--recommended' : ''}`}>
              {p.label && <p className="plan__label">{t(`plans.labels.${p.label}`)}</p>}
              <h3 className="plan__name">{name}</h3>
              {/* Every price step, the one in force shown, as the EU Omnibus rule asks of a reduction. */}
              {priceSteps(id).map(({ key, price, attributes }) => (
                <div key={key} className="plan__prices" {...attributes}>
                  <p className="plan__price">
                    <span className="plan__amount">{formatPrice(lang, price.net)}</span>
                    <span aria-hidden="true">*</span>
                    <span className="plan__unit">{t('plans.unit')}</span>
                  </p>
                  <p className="plan__gross">
                    {t('plans.gross', { price: formatPrice(lang, priceBreakdown(price.net).gross, true) })}
                  </p>
                  {price.regularNet !== undefined && (
                    <>
                      <p className="plan__original">
                        <span className="visually-hidden">{t('plans.originalPrice')}: </span>
                        <s>{formatPrice(lang, price.regularNet)}</s>
                      </p>
                      {price.lowest30DaysNet !== undefined && (
                        <p className="plan__lowest">
                          {t('plans.lowest30', { price: formatPrice(lang, price.lowest30DaysNet) })}
                        </p>
                      )}
                    </>
                  )}
                  {/* Every promise once, in one line: the promotion's rule, its date (the lists are
                      announced that day) and the price after it. */}
                  {price.risesOn && (
                    <p className="plan__until">
                      {t(price.regularNet !== undefined ? 'plans.promise' : 'plans.until', {
                        date: formatDate(lang, price.risesOn.slice(0, 10)),
                        price: formatPrice(lang, price.regularNet ?? price.net),
                      })}
                    </p>
                  )}
                  {price.regularNet !== undefined && !price.risesOn && (
                    <p className="plan__until">{t('plans.promoNote')}</p>
                  )}
                </div>
              ))}
              <ProductAvailability id={id} />
              <ul className="checklist plan__features">
                {p.features.map((feature) => (
                  <li key={feature}>{t(`plans.features.${feature}`)}</li>
                ))}
              </ul>
              <button
                type="button"
                className={`button ${p.recommended ? 'button--accent' : 'button--outline'} plan__select`}
                commandfor={PURCHASE_DIALOG_ID}
                command="show-modal"
                data-product={id}
                aria-describedby={availabilityId(id)}
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
        {t('plans.groupText')} <a href={href(lang, 'contact')}>{t('plans.groupLink')}</a>
      </p>
      <Island name="purchase" component={PurchaseIsland} props={{ labels: productLabels(t) }} />
    </>
  );
}
