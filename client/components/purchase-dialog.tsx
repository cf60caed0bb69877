import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { findProduct, PRODUCTS, priceBreakdown, VAT_RATE_PERCENT } from '../../site/tickets';
import { productLabel } from '../lib/product-label';
import { type Invoice, PurchaseError, startPurchase } from '../lib/purchase-api';
import { PURCHASE_DIALOG_ID, PURCHASE_EMAIL_KEY } from '../lib/purchase-keys';
import { useLanguage } from '../lib/use-language';
import { priceSteps } from './price-steps';
import { TOAST_HOST_ATTRIBUTE, ToastProvider, useToast } from './toast';

type Props = {
  /** Where a successful purchase goes; the browser's own navigation by default. */
  navigate?: (url: string) => void;
};

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/**
 * The purchase dialog (spec section 4), prerendered once per page and opened by the browser: a
 * product's button carries `commandfor`/`command="show-modal"` and `data-product`, and the page
 * script (client/boot.ts `selectProduct`) shows the dialog's parts for that product and writes it
 * into the `product` field, so the dialog opens at the first tap, React or not. React sends the
 * form, reading every field from the form itself when it is sent (nothing typed or autofilled
 * before React is lost): an empty e-mail or unaccepted terms show the error toast inside the
 * dialog (the top layer) and send nothing; while the request runs every control is disabled and
 * the confirm button reads "Processing..."; success goes to the payment URL; failure keeps the
 * dialog open with the error toast. Closing keeps what was typed for the next opening.
 */
export function PurchaseDialog({ navigate = (url) => window.location.assign(url) }: Props) {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const ids = useId();
  const fail = (description: string) => toast({ title: t('errors.title'), description, variant: 'destructive' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const item = findProduct(text(data, 'product'));
    if (!item) return;
    const email = text(data, 'email');
    if (!email) return fail(t('errors.emptyEmail'));
    const wantsInvoice = data.get('invoice') !== null;
    if (wantsInvoice) {
      // The invoice fields carry their rules (required, pattern); the browser explains the first broken one.
      const invalid = [...form.querySelectorAll<HTMLInputElement>('.purchase__invoice input')].find(
        (input) => !input.checkValidity(),
      );
      if (invalid) return void invalid.reportValidity();
    }
    if (data.get('accepted') === null) return fail(t('errors.terms'));
    setLoading(true);
    try {
      const invoice: Invoice = {
        company: text(data, 'company'),
        taxId: text(data, 'taxId'),
        address: text(data, 'address'),
      };
      const name = text(data, 'name');
      try {
        sessionStorage.setItem(PURCHASE_EMAIL_KEY, email);
      } catch {
        // Storage may be off: the field keeps the e-mail for this page anyway.
      }
      const url = await startPurchase(item.id, {
        email,
        lang,
        ...(name ? { name } : {}),
        ...(wantsInvoice ? { invoice } : {}),
      });
      navigate(url);
    } catch (error) {
      console.error('Purchase failed', error);
      const reason = error instanceof PurchaseError ? error.reason : 'failed';
      fail(
        reason === 'invalid_email'
          ? t('errors.invalidEmail')
          : reason === 'rate_limited'
            ? t('errors.rateLimited')
            : t('errors.failed'),
      );
    } finally {
      setLoading(false);
    }
  };

  return (
    <dialog
      id={PURCHASE_DIALOG_ID}
      className="purchase"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onCancel={(event) => {
        if (loading) event.preventDefault();
      }}
    >
      <form className="purchase__form" onSubmit={submit} aria-busy={loading} noValidate>
        {/* Written by the page script from the button that opened the dialog. */}
        <input type="hidden" name="product" />
        <h2 id={`${ids}-title`}>
          {PRODUCTS.map((product) => (
            <span key={product.id} data-for-product={product.id} hidden>
              {t('dialog.title', { name: productLabel(t, product.id) })}
            </span>
          ))}
        </h2>
        <p id={`${ids}-description`} className="purchase__description">
          {t('dialog.description')}
        </p>
        <fieldset className="purchase__fields" disabled={loading}>
          <label htmlFor={`${ids}-email`}>{t('dialog.email')}</label>
          <input id={`${ids}-email`} type="email" name="email" autoComplete="email" inputMode="email" />
          <label htmlFor={`${ids}-name`}>{t('dialog.name')}</label>
          <input id={`${ids}-name`} name="name" autoComplete="name" maxLength={120} />
          <label className="purchase__check">
            <input type="checkbox" name="invoice" />
            {t('dialog.invoice')}
          </label>
          {/* Shown by the stylesheet while the box above is ticked. */}
          <fieldset className="purchase__invoice">
            <legend className="visually-hidden">{t('dialog.invoice')}</legend>
            <label htmlFor={`${ids}-company`}>{t('dialog.company')}</label>
            <input id={`${ids}-company`} name="company" required autoComplete="organization" maxLength={200} />
            <label htmlFor={`${ids}-tax`}>{t('dialog.taxId')}</label>
            <input id={`${ids}-tax`} name="taxId" required minLength={5} maxLength={20} pattern="[A-Za-z0-9 \-]+" />
            <label htmlFor={`${ids}-address`}>{t('dialog.address')}</label>
            <input id={`${ids}-address`} name="address" required autoComplete="street-address" maxLength={300} />
          </fieldset>
          {/* Every price step of every product; the one in force is shown (the server charges the
              price of the moment it takes the order). */}
          {PRODUCTS.flatMap((product) =>
            priceSteps(product.id).map(({ key, price: step, attributes }) => {
              const price = priceBreakdown(step.net);
              return (
                <dl
                  key={`${product.id}${key}`}
                  className="purchase__summary"
                  data-for-product={product.id}
                  hidden
                  {...attributes}
                >
                  <dt>{t('dialog.net')}</dt>
                  <dd>{formatPrice(lang, price.net, true)}</dd>
                  <dt>{t('dialog.vat', { rate: VAT_RATE_PERCENT })}</dt>
                  <dd>{formatPrice(lang, price.vat, true)}</dd>
                  <dt className="purchase__total">{t('dialog.gross')}</dt>
                  <dd className="purchase__total">{formatPrice(lang, price.gross, true)}</dd>
                </dl>
              );
            }),
          )}
          <label className="purchase__check">
            <input type="checkbox" name="accepted" />
            <span>
              {t('dialog.acceptBefore')}{' '}
              <a href={href(lang, 'terms')} target="_blank" rel="noopener">
                {t('dialog.terms')}
              </a>{' '}
              {t('dialog.acceptMiddle')}{' '}
              <a href={href(lang, 'privacy')} target="_blank" rel="noopener">
                {t('dialog.privacy')}
              </a>
            </span>
          </label>
          <div className="purchase__actions">
            <button type="button" className="button button--ghost-dark" commandfor={PURCHASE_DIALOG_ID} command="close">
              {t('dialog.cancel')}
            </button>
            <button type="submit" className="button button--accent">
              {loading ? t('dialog.processing') : t('dialog.confirm')}
            </button>
          </div>
        </fieldset>
      </form>
      {/* Toasts shown while this dialog is open render here, in the top layer above it. */}
      <div {...{ [TOAST_HOST_ATTRIBUTE]: '' }} />
    </dialog>
  );
}

/** The purchase dialog as an island (client/islands.ts): it shows its own toasts. */
export function PurchaseIsland() {
  return (
    <ToastProvider>
      <PurchaseDialog />
    </ToastProvider>
  );
}
