import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueDay } from '../../site/format';
import { language } from '../../site/languages';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { Button } from './form-kit';
import { today } from './record-form';
import { useApi } from './session';
import { useErrorText } from './status';
import type { Order } from './types';

type Field = 'amount' | 'paidOn' | 'reference';
type Errors = Partial<Record<Field, string>>;

/**
 * An amount as an organiser types it, in złoty ("1 230,50", "1230.5", "367"), in grosze; null when
 * it is not one. The last comma or dot is the decimal point; spaces and other separators group.
 */
export function groszeOf(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const point = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  const whole = point < 0 ? compact : compact.slice(0, point).replace(/[.,]/g, '');
  const fraction = point < 0 ? '' : compact.slice(point + 1);
  if (!/^\d{1,9}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Records a bank transfer for a pending transfer order: the amount (prefilled with the order's
 * gross), the day the money arrived, the transfer's title. Each field's error beside it; a refusal
 * of the box office (another amount, no place left, paid already) above the form, saying what
 * was changed: nothing.
 */
export function MarkPaid({ order, onPaid }: { order: Order; onPaid: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const errorText = useErrorText();
  const ids = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefilled = new Intl.NumberFormat(language(lang).intl, {
    minimumFractionDigits: 2,
    useGrouping: false,
  }).format(order.gross / 100);
  // Money for an order cannot have arrived before the day it was placed (the box office refuses it too).
  const orderedOn = venueDay(Date.parse(order.createdAt));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amount = groszeOf(String(data.get('amount') ?? ''));
    const paidOn = String(data.get('paidOn') ?? '');
    const reference = String(data.get('reference') ?? '').trim();
    const found: Errors = {};
    if (!String(data.get('amount') ?? '').trim()) found.amount = 'required';
    else if (amount === null || amount === 0) found.amount = 'invalid';
    if (!paidOn) found.paidOn = 'required';
    else if (paidOn > today()) found.paidOn = 'in_future';
    else if (paidOn < orderedOn) found.paidOn = 'before_order';
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(`/api/admin/orders/${encodeURIComponent(order.id)}/mark-paid`, {
        method: 'POST',
        body: { amount, paidOn, ...(reference ? { reference } : {}) },
      });
      onPaid();
    } catch (problem) {
      const fields = problem instanceof ApiFailure ? (problem.details.fields as Errors | undefined) : undefined;
      if (fields) setErrors(fields);
      else setFailure(errorText(problem));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) => {
    const error = errors[name];
    const id = `${ids}-${name}`;
    return (
      <div className="console-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={() => error && setErrors({ ...errors, [name]: undefined })}
          {...input}
        />
        {error && (
          <p id={`${id}-error`} className="console-field__error">
            {t(`markPaid.fields.${name}.${error}` as 'markPaid.fields.amount.invalid', {
              defaultValue: t('errors.generic', { code: error }),
            })}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="console-mark-paid" aria-labelledby={`${ids}-title`} onSubmit={submit} noValidate>
      <h3 id={`${ids}-title`}>{t('markPaid.title')}</h3>
      <p className="console-hint">{t('markPaid.intro')}</p>
      <div role="alert">{failure && <p className="console-alert">{failure}</p>}</div>
      <fieldset disabled={busy} className="console-mark-paid__fields">
        {field('amount', t('markPaid.amount'), { defaultValue: prefilled, inputMode: 'decimal', autoComplete: 'off' })}
        {field('paidOn', t('markPaid.paidOn'), { type: 'date', defaultValue: today(), min: orderedOn, max: today() })}
        {field('reference', t('markPaid.reference'), { maxLength: 140, autoComplete: 'off' })}
        <div>
          <Button type="submit">{busy ? t('markPaid.sending') : t('markPaid.submit')}</Button>
        </div>
      </fieldset>
    </form>
  );
}
