import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { findPlan, type PlanType, priceBreakdown, VAT_RATE_PERCENT } from '../../site/tickets';
import { type Invoice, PurchaseError, startPurchase } from '../lib/purchase-api';
import { useLanguage } from '../lib/use-language';
import { useToast } from './toast';

export type PurchaseForm = { email: string; wantsInvoice: boolean; invoice: Invoice; accepted: boolean };

export const EMPTY_FORM: PurchaseForm = {
  email: '',
  wantsInvoice: false,
  invoice: { company: '', taxId: '', address: '' },
  accepted: false,
};

type Props = {
  plan: PlanType | null;
  form: PurchaseForm;
  onChange: (form: PurchaseForm) => void;
  onClose: () => void;
  /** Where a successful purchase goes; the browser's own navigation by default. */
  navigate?: (url: string) => void;
};

/**
 * The purchase dialog (spec section 4): open once a plan is chosen. An empty e-mail shows the
 * error toast and sends nothing; while the request runs every control is disabled and the confirm
 * button reads "Processing..."; success goes to the payment URL; failure keeps the dialog open with
 * the error toast. The form lives in the parent, so cancelling keeps what was typed.
 */
export function PurchaseDialog({
  plan,
  form,
  onChange,
  onClose,
  navigate = (url) => window.location.assign(url),
}: Props) {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const [loading, setLoading] = useState(false);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (plan && !element.open) element.showModal?.();
    if (!plan && element.open) element.close?.();
  }, [plan]);

  const details = plan ? findPlan(plan) : undefined;
  if (!plan || !details) return <dialog ref={dialog} className="purchase" />;
  const name = t(`plans.names.${plan}`);
  const price = priceBreakdown(details.net);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const email = form.email.trim();
    if (!email) {
      toast({ title: t('errors.title'), description: t('errors.emptyEmail'), variant: 'destructive' });
      return;
    }
    if (!form.accepted) {
      toast({ title: t('errors.title'), description: t('errors.terms'), variant: 'destructive' });
      return;
    }
    setLoading(true);
    try {
      const url = await startPurchase(plan, {
        email,
        lang,
        ...(form.wantsInvoice ? { invoice: form.invoice } : {}),
      });
      navigate(url);
    } catch (error) {
      console.error('Purchase failed', error);
      const reason = error instanceof PurchaseError ? error.reason : 'failed';
      const description =
        reason === 'invalid_email'
          ? t('errors.invalidEmail')
          : reason === 'rate_limited'
            ? t('errors.rateLimited')
            : t('errors.failed');
      toast({ title: t('errors.title'), description, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  const setInvoice = (key: keyof Invoice, value: string) =>
    onChange({ ...form, invoice: { ...form.invoice, [key]: value } });

  return (
    <dialog
      ref={dialog}
      className="purchase"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onCancel={(event) => {
        event.preventDefault();
        if (!loading) onClose();
      }}
    >
      <form className="purchase__form" onSubmit={submit} aria-busy={loading}>
        <h2 id={`${ids}-title`}>{t('dialog.title', { name })}</h2>
        <p id={`${ids}-description`} className="purchase__description">
          {t('dialog.description')}
        </p>
        <label htmlFor={`${ids}-email`}>{t('dialog.email')}</label>
        <input
          id={`${ids}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={form.email}
          disabled={loading}
          onChange={(event) => onChange({ ...form, email: event.target.value })}
        />
        <label className="purchase__check">
          <input
            type="checkbox"
            checked={form.wantsInvoice}
            disabled={loading}
            onChange={(event) => onChange({ ...form, wantsInvoice: event.target.checked })}
          />
          {t('dialog.invoice')}
        </label>
        {form.wantsInvoice && (
          <fieldset className="purchase__invoice" disabled={loading}>
            <legend className="visually-hidden">{t('dialog.invoice')}</legend>
            <label htmlFor={`${ids}-company`}>{t('dialog.company')}</label>
            <input
              id={`${ids}-company`}
              required
              autoComplete="organization"
              maxLength={200}
              value={form.invoice.company}
              onChange={(event) => setInvoice('company', event.target.value)}
            />
            <label htmlFor={`${ids}-tax`}>{t('dialog.taxId')}</label>
            <input
              id={`${ids}-tax`}
              required
              minLength={5}
              maxLength={20}
              pattern="[A-Za-z0-9 \-]+"
              value={form.invoice.taxId}
              onChange={(event) => setInvoice('taxId', event.target.value)}
            />
            <label htmlFor={`${ids}-address`}>{t('dialog.address')}</label>
            <input
              id={`${ids}-address`}
              required
              autoComplete="street-address"
              maxLength={300}
              value={form.invoice.address}
              onChange={(event) => setInvoice('address', event.target.value)}
            />
          </fieldset>
        )}
        <dl className="purchase__summary">
          <dt>{t('dialog.net')}</dt>
          <dd>{formatPrice(lang, price.net, true)}</dd>
          <dt>{t('dialog.vat', { rate: VAT_RATE_PERCENT })}</dt>
          <dd>{formatPrice(lang, price.vat, true)}</dd>
          <dt className="purchase__total">{t('dialog.gross')}</dt>
          <dd className="purchase__total">{formatPrice(lang, price.gross, true)}</dd>
        </dl>
        <label className="purchase__check">
          <input
            type="checkbox"
            checked={form.accepted}
            disabled={loading}
            onChange={(event) => onChange({ ...form, accepted: event.target.checked })}
          />
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
          <button type="button" className="button button--ghost-dark" disabled={loading} onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button button--accent" disabled={loading}>
            {loading ? t('dialog.processing') : t('dialog.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
