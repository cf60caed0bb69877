import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_KIND_IDS, DATA_MAP, type DataKindId } from '../../site/data-map';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { useApi } from './session';
import { useErrorText } from './status';

type Found = { email: string; data: Record<DataKindId, unknown[]> };
type Outcome = { deleted?: number; anonymised?: number; kept?: number };
type Erased = {
  email: string;
  report: Partial<Record<DataKindId, Outcome>>;
  kept: { kind: DataKindId; because: string }[];
};

/**
 * Data requests (admins only, as the API): one person's data by e-mail address (GDPR arts. 15 and
 * 17). Look the address up to see what is held per kind of the data map, download it all as JSON
 * for the answer, and erase what the law lets go after a confirmation; what stays (invoices, the
 * orders' tax data) is said with the reason. docs/personal-data.md is the organisers' guide.
 */
export function DataRequests() {
  const { t } = useTranslation('admin');
  const { call, download } = useApi();
  const errorText = useErrorText();
  const ids = useId();
  const [found, setFound] = useState<Found | null>(null);
  const [erased, setErased] = useState<Erased | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const path = (email: string) => `/api/admin/personal-data?email=${encodeURIComponent(email)}`;

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setNotice(null);
    setErased(null);
    try {
      setFound(await call<Found>(path(email)));
      setFieldError(null);
    } catch (problem) {
      setFound(null);
      const fields =
        problem instanceof ApiFailure ? (problem.details.fields as Record<string, string> | undefined) : undefined;
      if (fields?.email) setFieldError(fields.email === 'too_big' ? 'too_long' : 'invalid_email');
      else setNotice({ ok: false, text: errorText(problem) });
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    if (!found || !window.confirm(t('dataRequests.confirmErase', { email: found.email }))) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await call<Erased>('/api/admin/personal-data/erase', {
        method: 'POST',
        body: { email: found.email },
      });
      setErased(result);
      setFound(null);
      setNotice({ ok: true, text: t('dataRequests.erased', { email: result.email }) });
    } catch (problem) {
      const text =
        problem instanceof ApiFailure && problem.code === 'pending_orders'
          ? t('dataRequests.pendingOrders', { orders: ((problem.details.orders as string[]) ?? []).join(', ') })
          : errorText(problem);
      setNotice({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  const total = found ? DATA_KIND_IDS.reduce((sum, kind) => sum + (found.data[kind]?.length ?? 0), 0) : 0;
  const outcome = (o: Outcome | undefined) =>
    o
      ? (['deleted', 'anonymised', 'kept'] as const)
          .filter((what) => o[what])
          .map((what) => t(`dataRequests.outcome.${what}`, { count: o[what] }))
          .join(', ')
      : '–';

  return (
    <>
      <div className="console-title">
        <h1>{t('dataRequests.title')}</h1>
      </div>
      <p className="console-muted console-lead">{t('dataRequests.intro')}</p>
      <form className="console-form console-staff-form" onSubmit={lookUp} noValidate>
        <div className="console-field">
          <label htmlFor={`${ids}-email`}>{t('dataRequests.email')}</label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${ids}-email-error` : undefined}
          />
          {fieldError && (
            <span id={`${ids}-email-error`} className="console-field__error">
              {t(`dataRequests.errors.${fieldError}` as 'dataRequests.errors.invalid_email')}
            </span>
          )}
        </div>
        <button type="submit" className="console-button" disabled={busy}>
          {t('dataRequests.lookUp')}
        </button>
      </form>
      <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>

      {found && (
        <section aria-labelledby={`${ids}-found`}>
          <h2 id={`${ids}-found`}>{t('dataRequests.found', { email: found.email, count: total })}</h2>
          <DataTable<DataKindId>
            caption={t('dataRequests.found', { email: found.email, count: total })}
            captionHidden
            rows={DATA_KIND_IDS}
            rowKey={(kind) => kind}
            empty=""
            columns={[
              {
                id: 'kind',
                header: t('dataRequests.kind'),
                rowHeader: true,
                cell: (kind) => t(`dataRequests.kinds.${kind}`),
              },
              {
                id: 'count',
                header: t('dataRequests.records'),
                numeric: true,
                cell: (kind) => found.data[kind]?.length ?? 0,
              },
              {
                id: 'erasure',
                header: t('dataRequests.onErasure'),
                cell: (kind) => t(`dataRequests.erasure.${DATA_MAP[kind].erasure}`),
              },
            ]}
          />
          <div className="console-actions">
            <button
              type="button"
              className="console-button"
              disabled={busy}
              onClick={() => download(path(found.email), 'personal-data.json')}
            >
              {t('dataRequests.download')}
            </button>
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={busy || total === 0}
              onClick={erase}
            >
              {t('dataRequests.erase')}
            </button>
          </div>
          <p className="console-hint">{t('dataRequests.keptNote')}</p>
        </section>
      )}

      {erased && (
        <section aria-labelledby={`${ids}-erased`}>
          <h2 id={`${ids}-erased`}>{t('dataRequests.done')}</h2>
          <DataTable<DataKindId>
            caption={t('dataRequests.done')}
            captionHidden
            rows={DATA_KIND_IDS.filter((kind) => erased.report[kind])}
            rowKey={(kind) => kind}
            empty={t('dataRequests.nothing')}
            columns={[
              {
                id: 'kind',
                header: t('dataRequests.kind'),
                rowHeader: true,
                cell: (kind) => t(`dataRequests.kinds.${kind}`),
              },
              { id: 'done', header: t('dataRequests.whatWasDone'), cell: (kind) => outcome(erased.report[kind]) },
            ]}
          />
          {erased.kept.length > 0 && (
            <ul className="console-list">
              {erased.kept.map(({ kind, because }) => (
                <li key={kind}>
                  {t(`dataRequests.kinds.${kind}`)}: {t(`dataRequests.because.${because as 'tax'}`)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
