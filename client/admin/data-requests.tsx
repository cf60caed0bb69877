import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_KIND_IDS, DATA_MAP, type DataKindId } from '../../site/data-map';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { Button, Field, fieldErrorsOf, Outcome, ScreenHead, useAction } from './form-kit';
import { useApi } from './session';

type Found = { email: string; data: Record<DataKindId, unknown[]> };
type ErasureOutcome = { deleted?: number; anonymised?: number; kept?: number };
type Erased = {
  email: string;
  report: Partial<Record<DataKindId, ErasureOutcome>>;
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
  const ids = useId();
  const [found, setFound] = useState<Found | null>(null);
  const [erased, setErased] = useState<Erased | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, notice, run } = useAction();
  const path = (email: string) => `/api/admin/personal-data?email=${encodeURIComponent(email)}`;

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setErased(null);
    await run(
      async () => {
        setFound(await call<Found>(path(email)));
        setFieldError(null);
        return undefined;
      },
      (problem) => {
        setFound(null);
        const fields = fieldErrorsOf(problem);
        if (!fields?.email) return undefined;
        setFieldError(fields.email === 'too_big' ? 'too_long' : 'invalid_email');
        return null;
      },
    );
  };

  const erase = async () => {
    if (!found || !window.confirm(t('dataRequests.confirmErase', { email: found.email }))) return;
    await run(
      async () => {
        const result = await call<Erased>('/api/admin/personal-data/erase', {
          method: 'POST',
          body: { email: found.email },
        });
        setErased(result);
        setFound(null);
        return t('dataRequests.erased', { email: result.email });
      },
      (problem) =>
        problem instanceof ApiFailure && problem.code === 'pending_orders'
          ? t('dataRequests.pendingOrders', { orders: ((problem.details.orders as string[]) ?? []).join(', ') })
          : undefined,
    );
  };

  const total = found ? DATA_KIND_IDS.reduce((sum, kind) => sum + (found.data[kind]?.length ?? 0), 0) : 0;
  const outcome = (o: ErasureOutcome | undefined) =>
    o
      ? (['deleted', 'anonymised', 'kept'] as const)
          .filter((what) => o[what])
          .map((what) => t(`dataRequests.outcome.${what}`, { count: o[what] }))
          .join(', ')
      : '–';

  return (
    <>
      <ScreenHead title={t('dataRequests.title')} intro={t('dataRequests.intro')} />
      <form className="console-form console-staff-form" onSubmit={lookUp} noValidate>
        <Field
          id={`${ids}-email`}
          label={t('dataRequests.email')}
          error={fieldError && t(`dataRequests.errors.${fieldError}` as 'dataRequests.errors.invalid_email')}
        >
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
        </Field>
        <Button type="submit" disabled={busy}>
          {t('dataRequests.lookUp')}
        </Button>
      </form>
      <Outcome notice={notice} />

      {found && (
        <section aria-labelledby={`${ids}-found`}>
          <h2 id={`${ids}-found`}>{t('dataRequests.found', { email: found.email, count: total })}</h2>
          <DataTable<DataKindId>
            caption={t('dataRequests.found', { email: found.email, count: total })}
            captionHidden
            rows={DATA_KIND_IDS}
            rowKey={String}
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
            <Button disabled={busy} onClick={() => download(path(found.email), 'personal-data.json')}>
              {t('dataRequests.download')}
            </Button>
            <Button look="danger" disabled={busy || total === 0} onClick={erase}>
              {t('dataRequests.erase')}
            </Button>
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
            rowKey={String}
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
