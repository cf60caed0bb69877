import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, otherCountries } from '../../site/countries';
import { type InvoiceParty, type IssuedInvoice, normalInvoiceData } from '../../site/invoices';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { Button } from './form-kit';
import { money } from './format';
import { useApi } from './session';

const FIELDS = ['name', 'taxId', 'street', 'postalCode', 'city', 'country'] as const;
type Field = (typeof FIELDS)[number];

/** The buyer an invoice names now: as issued, or as its latest correction of the buyer's data. */
export const currentBuyer = (all: IssuedInvoice[], invoice: IssuedInvoice): InvoiceParty =>
  all.filter((item) => item.correction?.of.id === invoice.id && item.correction.buyerBefore).at(-1)?.buyer ??
  invoice.buyer;

/** The number a refusal names: the invoice's, the one that replaced it, or the correction that zeroed it. */
function namedNumber(details: Record<string, unknown>): string {
  const named = (value: unknown) => (value as { number?: unknown } | undefined)?.number;
  return String(details.number ?? named(details.replacement) ?? named(details.correction) ?? '');
}

/**
 * The buyer's invoice data as an organiser types them, sent as `{invoice}` to `url`: an invoice for
 * a paid order without one (worker/routes/admin.ts), or a correction of the buyer's data on an
 * issued invoice (worker/routes/invoices.ts). A correction with a new tax number replaces the
 * invoice (a correction to zero and a new invoice): the form says so and asks before it is sent.
 * Each field's refusal beside it, any other above.
 */
export function InvoiceDataForm({
  url,
  initial,
  submit,
  replaces,
  onDone,
}: {
  url: string;
  initial: Partial<InvoiceParty> | null;
  submit: string;
  /** The number of the invoice a correction is made on: a new tax number replaces it, asked first. */
  replaces?: string;
  onDone: (invoice: IssuedInvoice, replacement?: IssuedInvoice) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const ids = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Data with a new tax number, waiting for the organiser to confirm the replacement. */
  const [pending, setPending] = useState<Record<string, string> | null>(null);
  const question = useRef<HTMLLegendElement>(null);

  const post = async (invoice: Record<string, string>) => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const answer = await call<{ invoice: IssuedInvoice; replacement?: IssuedInvoice }>(url, {
        method: 'POST',
        body: { invoice },
      });
      setPending(null);
      onDone(answer.invoice, answer.replacement);
    } catch (problem) {
      setPending(null);
      const fields = problem instanceof ApiFailure ? (problem.details.fields as Record<string, string>) : undefined;
      if (fields) {
        const found = Object.fromEntries(Object.entries(fields).map(([path, code]) => [path.split('.').at(-1), code]));
        setErrors(found);
        document.getElementById(`${ids}-${Object.keys(found)[0]}`)?.focus();
      } else {
        const code = problem instanceof ApiFailure ? problem.code : 'error';
        const details = problem instanceof ApiFailure ? problem.details : {};
        const until = String(details.until ?? '');
        setFailure(
          t(`invoiceData.failed.${code}` as 'invoiceData.failed.generic', {
            defaultValue: t('invoiceData.failed.generic', { code }),
            date: until.slice(0, 10),
            number: namedNumber(details),
            paid: typeof details.paid === 'number' ? money(lang, details.paid) : '',
            charged: typeof details.charged === 'number' ? money(lang, details.charged) : '',
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const invoice = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? '')]));
    // A new tax number is not a correction of data: say what will be issued, and send it once confirmed.
    if (replaces && taxIdOf(invoice) !== (initial?.taxId ?? '')) {
      setFailure(null);
      setPending(invoice);
      requestAnimationFrame(() => question.current?.focus());
      return;
    }
    void post(invoice);
  };

  return (
    <form className="console-form" onSubmit={send} onChange={() => setPending(null)} noValidate>
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
      {pending ? (
        <fieldset className="console-confirm">
          <legend ref={question} tabIndex={-1}>
            {t('invoiceData.replaceConfirm', { number: replaces, name: pending.name })}
          </legend>
          <Button disabled={busy} onClick={() => void post(pending)}>
            {t('invoiceData.replaceSubmit', { number: replaces })}
          </Button>
          <Button look="quiet" disabled={busy} onClick={() => setPending(null)}>
            {t('invoiceData.replaceBack')}
          </Button>
        </fieldset>
      ) : (
        <Button type="submit" disabled={busy}>
          {submit}
        </Button>
      )}
    </form>
  );
}

/** The tax number as the worker keeps it (site/invoices.ts `normalInvoiceData`), or empty for none. */
const taxIdOf = (invoice: Record<string, string>) =>
  normalInvoiceData({
    name: invoice.name ?? '',
    taxId: invoice.taxId ?? '',
    street: invoice.street ?? '',
    postalCode: invoice.postalCode ?? '',
    city: invoice.city ?? '',
    country: invoice.country ?? '',
  }).taxId ?? '';
