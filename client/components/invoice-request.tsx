import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes, countryName, otherCountries } from '../../site/countries';
import { formatDateTime } from '../../site/format';
import type { OrderView } from '../../site/order-view';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { type OrderAccess, orderUrl } from './order-wallet';

const FIELDS = ['name', 'taxId', 'street', 'postalCode', 'city', 'country'] as const;
type Field = (typeof FIELDS)[number];
/** Autofill tokens of each field (the purchase dialog's). */
const AUTOCOMPLETE: Record<Field, string> = {
  name: 'organization',
  taxId: 'off',
  street: 'street-address',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

/**
 * The invoice a buyer who paid without invoice data asks for later, on the order page: a plain
 * form in the page as served, which the worker takes without script (worker/routes/orders.ts
 * `invoiceForm`, back here with `done`), sent as JSON once the island runs. Shown for a paid order
 * without an invoice; after the window of art. 106b ust. 3 it says until when it was possible.
 * The page as served has the form only when asked for it (`open`: `?invoice=form`, or what its last
 * sending did): its country list alone is 2.7 KB of gzip, which took the order page past TCP's
 * first window (docs/performance.md). Otherwise a button asks for it: a GET of this page with the
 * form, or, once the island runs (client/boot.ts holds the press until then), the form in place.
 */
export function InvoiceRequest({
  order,
  access,
  done,
  open = false,
  onChange,
}: {
  order: OrderView;
  access: OrderAccess | null;
  /** Whether the page was asked with the form open (`?invoice=form`). */
  open?: boolean;
  /** What the form's last sending without script did: `invoice.<field>.<code>` or `invoice.<refusal>`. */
  done?: string;
  onChange: (order: OrderView) => void;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const ids = useId();
  const served = done?.startsWith('invoice.') ? done.slice('invoice.'.length) : null;
  const [failure, setFailure] = useState<string | null>(served);
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(open || served !== null);
  // Opened in place by the buyer: the first field takes the focus, as it would at the page's anchor.
  const [opened, setOpened] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) first.current?.focus();
  }, [opened]);
  // The page as served lists the countries by code (a browser may name them otherwise than the
  // worker did); once running, by their names in the page's language.
  const [countries, setCountries] = useState<[string, string][]>(() =>
    countryCodes().map((code) => [code, countryName(lang, code)]),
  );
  useEffect(() => setCountries([['PL', countryName(lang, 'PL')], ...otherCountries(lang)]), [lang]);
  const request = order.invoiceRequest;
  if (!request || !access) return null;
  const until = formatDateTime(lang, request.until);
  const [field, code] = failure?.includes('.') ? (failure.split('.') as [Field, string]) : [null, failure];

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const invoice = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(`invoice.${name}`) ?? '')]));
    setSending(true);
    setFailure(null);
    try {
      const response = await fetch(orderUrl(access, '/invoice'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ invoice }),
      });
      const body = (await response.json().catch(() => null)) as
        | (OrderView & { error?: undefined })
        | { error: string; fields?: Record<string, string> }
        | null;
      if (response.ok && body && !body.error) return onChange(body as OrderView);
      const fields = body && 'fields' in body ? body.fields : undefined;
      const [path, fieldCode] = Object.entries(fields ?? {})[0] ?? [];
      setFailure(path ? `${path.replace(/^invoice\./, '')}.${fieldCode}` : (body?.error ?? 'server'));
    } catch {
      setFailure('server');
    } finally {
      setSending(false);
    }
  };

  const message = field
    ? t('invoiceRequest.fieldError', {
        field: t(`invoiceRequest.${field}`),
        problem: t(`invoiceRequest.errors.${code}` as 'invoiceRequest.errors.invalid', {
          defaultValue: t('invoiceRequest.errors.invalid'),
        }),
      })
    : code &&
      t(`invoiceRequest.failed.${code}` as 'invoiceRequest.failed.server', {
        defaultValue: t('invoiceRequest.failed.server'),
        date: until,
      });
  return (
    <section className="order-manage" aria-labelledby="invoice-request-title">
      <h2 id="invoice-request-title">{t('invoiceRequest.title')}</h2>
      {!request.open ? (
        <p>{t('invoiceRequest.closed', { date: until })}</p>
      ) : !shown ? (
        <>
          <p>{t('invoiceRequest.intro', { date: until })}</p>
          <form
            method="get"
            action={`${href(lang, 'thanks')}#invoice-request-title`}
            onSubmit={(event) => {
              event.preventDefault();
              setShown(true);
              setOpened(true);
            }}
          >
            <input type="hidden" name="order" value={access.id} />
            <input type="hidden" name="token" value={access.token} />
            <button type="submit" name="invoice" value="form" className="button button--outline">
              {t('invoiceRequest.start')}
            </button>
          </form>
        </>
      ) : (
        <>
          <p>{t('invoiceRequest.intro', { date: until })}</p>
          {message && (
            <p className="field__error" role="alert" id={`${ids}-error`}>
              {message}
            </p>
          )}
          <form method="post" action={orderUrl(access, '/invoice')} onSubmit={send} className="invoice-request">
            {FIELDS.map((name) => (
              <div className="field" key={name}>
                <label htmlFor={`${ids}-${name}`}>{t(`invoiceRequest.${name}`)}</label>
                {name === 'country' ? (
                  <select
                    id={`${ids}-${name}`}
                    name={`invoice.${name}`}
                    defaultValue={order.invoice?.country ?? 'PL'}
                    autoComplete={AUTOCOMPLETE[name]}
                  >
                    {countries.map(([value, label]) => (
                      <option key={value} value={value} suppressHydrationWarning>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    ref={name === 'name' ? first : undefined}
                    id={`${ids}-${name}`}
                    name={`invoice.${name}`}
                    autoComplete={AUTOCOMPLETE[name]}
                    required={name === 'name' || name === 'street' || name === 'city'}
                    aria-invalid={field === name || undefined}
                    aria-describedby={field === name ? `${ids}-error` : undefined}
                    defaultValue={name === 'name' ? (order.name ?? '') : ''}
                  />
                )}
              </div>
            ))}
            <button type="submit" className="button button--accent" disabled={sending} aria-busy={sending}>
              {t('invoiceRequest.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
