import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, otherCountries } from '../../site/countries';
import type { InvoiceParty, IssuedInvoice } from '../../site/invoices';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { Button } from './form-kit';
import { useApi } from './session';

const FIELDS = ['name', 'taxId', 'street', 'postalCode', 'city', 'country'] as const;
type Field = (typeof FIELDS)[number];

/** The buyer an invoice names now: as issued, or as its latest correction of the buyer's data. */
export const currentBuyer = (all: IssuedInvoice[], invoice: IssuedInvoice): InvoiceParty =>
  all.filter((item) => item.correction?.of.id === invoice.id && item.correction.buyerBefore).at(-1)?.buyer ??
  invoice.buyer;

/**
 * The buyer's invoice data as an organiser types them, sent as `{invoice}` to `url`: an invoice for
 * a paid order without one (worker/routes/admin.ts), or a correction of the buyer's name or address
 * on an issued invoice (worker/routes/invoices.ts). Each field's refusal beside it, any other above.
 */
export function InvoiceDataForm({
  url,
  initial,
  submit,
  lockTaxId = false,
  onDone,
}: {
  url: string;
  initial: Partial<InvoiceParty> | null;
  submit: string;
  /** A correction keeps the buyer's tax number: FA(3) corrects no number this way. */
  lockTaxId?: boolean;
  onDone: (invoice: IssuedInvoice) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const ids = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const invoice = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? '')]));
    if (lockTaxId) invoice.taxId = initial?.taxId ?? '';
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const answer = await call<{ invoice: IssuedInvoice }>(url, { method: 'POST', body: { invoice } });
      onDone(answer.invoice);
    } catch (problem) {
      const fields = problem instanceof ApiFailure ? (problem.details.fields as Record<string, string>) : undefined;
      if (fields) {
        const found = Object.fromEntries(Object.entries(fields).map(([path, code]) => [path.split('.').at(-1), code]));
        setErrors(found);
        document.getElementById(`${ids}-${Object.keys(found)[0]}`)?.focus();
      } else {
        const code = problem instanceof ApiFailure ? problem.code : 'error';
        const until = problem instanceof ApiFailure ? String(problem.details.until ?? '') : '';
        setFailure(
          t(`invoiceData.failed.${code}` as 'invoiceData.failed.generic', {
            defaultValue: t('invoiceData.failed.generic', { code }),
            date: until.slice(0, 10),
            number: problem instanceof ApiFailure ? String(problem.details.number ?? '') : '',
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="console-form" onSubmit={send} noValidate>
      {failure && (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      )}
      {FIELDS.map((name) => (
        <p className="console-field" key={name}>
          <label htmlFor={`${ids}-${name}`}>{t(`invoiceData.${name}`)}</label>
          {name === 'country' ? (
            <select id={`${ids}-${name}`} name={name} defaultValue={initial?.country ?? 'PL'}>
              {[['PL', countryName(lang, 'PL')] as [string, string], ...otherCountries(lang)].map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${ids}-${name}`}
              name={name}
              defaultValue={initial?.[name] ?? ''}
              readOnly={name === 'taxId' && lockTaxId}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${ids}-${name}-error` : undefined}
            />
          )}
          {errors[name] && (
            <span id={`${ids}-${name}-error`} className="console-alert">
              {t(`invoiceData.errors.${errors[name]}` as 'invoiceData.errors.invalid', {
                defaultValue: t('invoiceData.errors.invalid'),
              })}
            </span>
          )}
        </p>
      ))}
      {lockTaxId && <p className="console-hint">{t('invoiceData.taxIdLocked')}</p>}
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}
