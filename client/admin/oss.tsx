import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { venueDay } from '../../site/format';
import { language } from '../../site/languages';
import {
  OSS_CHECK_NOTE_MAX,
  type OssEvidenceCheck,
  type OssRate,
  type OssReport,
  type OssReportRow,
  quarterLastDay,
  rateMicros,
} from '../../site/oss-report';
import type { CountryEvidence } from '../../site/tax-rules';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, DataTable } from './data-table';
import { ExportButton } from './export-button';
import { Button, Field, fieldErrorsOf, Outcome, ScreenHead, Select, useAction, useFields } from './form-kit';
import { calendarDay, dateTime, money } from './format';
import { orderHref } from './order-links';
import { RecordForm, type RowFormProps } from './record-form';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

/** An amount in euro cents as the return writes it, with its currency. */
const euro = (lang: Parameters<typeof money>[0], cents: number) =>
  new Intl.NumberFormat(language(lang).intl, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A rate as the ECB writes it (`4.2675`), every digit kept, with the language's decimal sign. */
const localRate = (lang: Parameters<typeof money>[0], rate: string) => {
  const sign = new Intl.NumberFormat(language(lang).intl).formatToParts(1.5).find((p) => p.type === 'decimal');
  return rate.replace('.', sign?.value ?? '.');
};

/** The day `n` days after a day (`YYYY-MM-DD`). */
const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

/** The quarter a day is in: `2027-Q1`. */
const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarters to choose from: this one and the eleven before it, newest first. */
function recentQuarters(now = venueDay(Date.now())): string[] {
  const year = Number(now.slice(0, 4));
  const current = Number(quarterOf(now).slice(-1));
  return Array.from({ length: 12 }, (_, i) => {
    const back = current - 1 - i;
    const y = year + Math.floor(back / 4);
    return `${y}-Q${(((back % 4) + 4) % 4) + 1}`;
  });
}

/**
 * The One Stop Shop report for the accountant (worker/routes/reports.ts): per quarter, per member
 * state and rate, the online plans sold to consumers there with that state's VAT, refunds taken off,
 * and what the quarter's invoices say of the same; the CSV is what goes to the accountant.
 */
export function OssReportScreen() {
  const { t } = useTranslation('admin');
  const quarters = recentQuarters();
  // The quarter just ended is the one whose return is due: it is the first shown.
  const [quarter, setQuarter] = useState(quarters[1] ?? quarters[0] ?? '');
  return (
    <>
      <ScreenHead title={t('oss.title')} intro={t('oss.intro')} />
      <div className="console-filters">
        <Field id="oss-quarter" label={t('oss.quarter')}>
          <Select
            id="oss-quarter"
            value={quarter}
            onChange={(event) => setQuarter(event.target.value)}
            options={quarters.map((q) => [q, q])}
          />
        </Field>
        <ExportButton
          path={`/api/admin/reports/oss?quarter=${encodeURIComponent(quarter)}&format=csv`}
          filename={`oss-${quarter}.csv`}
          label={t('oss.csv')}
        />
      </div>
      <Report key={quarter} quarter={quarter} />
    </>
  );
}

function Report({ quarter }: { quarter: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const {
    value: report,
    error,
    load,
  } = useLoad<OssReport>(`/api/admin/reports/oss?quarter=${encodeURIComponent(quarter)}`);
  if (!report) return <LoadState error={error} loading={!error} retry={load} />;
  const amount = (value: number) => money(lang, value);
  // The member state by name in the console's language, with its code as the return writes it.
  const regions = new Intl.DisplayNames([language(lang).intl], { type: 'region' });
  const state = (code: string) => `${regions.of(code) ?? code} (${code})`;
  const inEuro = (cents: number | undefined | null) =>
    cents === undefined || cents === null ? '–' : euro(lang, cents);
  return (
    <>
      {!report.oss && <p className="console-note">{t('oss.off')}</p>}
      <EuroRate report={report} onChange={load} />
      <DataTable<OssReportRow>
        caption={t('oss.caption', { quarter: report.quarter })}
        rows={report.rows}
        rowKey={(row) => `${row.country}|${row.rate}`}
        empty={t('oss.empty')}
        columns={[
          {
            id: 'country',
            header: t('oss.country'),
            rowHeader: true,
            cell: (row) => state(row.country),
            sortBy: (row) => row.country,
          },
          {
            id: 'rate',
            header: t('oss.rate'),
            cell: (row) => `${row.rate}%`,
            sortBy: (row) => row.rate,
            numeric: true,
          },
          {
            id: 'sales',
            header: t('oss.sales'),
            cell: (row) =>
              t('oss.amounts', { count: row.sales.tickets, net: amount(row.sales.net), vat: amount(row.sales.vat) }),
          },
          {
            id: 'refunds',
            header: t('oss.refunds'),
            cell: (row) =>
              t('oss.amounts', {
                count: row.refunds.tickets,
                net: amount(row.refunds.net),
                vat: amount(row.refunds.vat),
              }),
          },
          { id: 'net', header: t('oss.net'), cell: (row) => amount(row.net), sortBy: (row) => row.net, numeric: true },
          { id: 'vat', header: t('oss.vat'), cell: (row) => amount(row.vat), sortBy: (row) => row.vat, numeric: true },
          {
            id: 'eurNet',
            header: t('oss.eurNet'),
            cell: (row) => inEuro(row.eur?.net),
            sortBy: (row) => row.net,
            numeric: true,
          },
          {
            id: 'eurVat',
            header: t('oss.eurVat'),
            cell: (row) => inEuro(row.eur?.vat),
            sortBy: (row) => row.vat,
            numeric: true,
          },
          {
            id: 'invoiced',
            header: t('oss.invoiced'),
            cell: (row) => t('oss.invoicedValue', { net: amount(row.invoiced.net), vat: amount(row.invoiced.vat) }),
          },
        ]}
        footer={
          report.rows.length > 0
            ? {
                country: t('oss.total'),
                net: amount(report.totals.net),
                vat: amount(report.totals.vat),
                eurNet: inEuro(report.euro?.totals.net),
                eurVat: inEuro(report.euro?.totals.vat),
              }
            : undefined
        }
      />
      {report.rows.length > 0 && <p className="console-hint">{t('oss.rounding')}</p>}
      <EvidenceChecks checks={report.toCheck} state={state} onChange={load} />
    </>
  );
}

/**
 * The quarter's euro rate: which, of which day, from where; and the form to enter or override it
 * (an ended quarter only: before its last day there is no rate of that day).
 */
function EuroRate({ report, onChange }: { report: OssReport; onChange: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const { busy, notice, run } = useAction();
  const fields = useFields('oss.rateForm', ['rate', 'day']);
  const rate = report.euro?.rate ?? null;
  const last = quarterLastDay(report.quarter);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = String(data.get('rate') ?? '').trim();
    // A decimal comma is how a Polish organiser types it; the ECB writes a point.
    const value = typed.replace(',', '.');
    const day = String(data.get('day') ?? '');
    if (!typed) return fields.show({ rate: 'required' });
    if (rateMicros(value) === null) return fields.show({ rate: 'invalid_rate' });
    if (day && (day < last || day > addDays(last, 14))) return fields.show({ day: 'out_of_range' });
    fields.setErrors({});
    void run(
      async () => {
        await call<OssRate>('/api/admin/reports/oss/rate', {
          method: 'PUT',
          body: { quarter: report.quarter, rate: value, ...(day ? { day } : {}) },
        });
        await onChange();
        return t('oss.rateForm.saved');
      },
      (problem) => {
        const found = fieldErrorsOf(problem);
        if (!found) return undefined;
        fields.show(found);
        return null;
      },
    );
  };

  return (
    <section aria-labelledby="oss-rate" className="console-panel console-rate">
      <h2 id="oss-rate">{t('oss.rateTitle')}</h2>
      {rate ? (
        <p>
          {t('oss.rateValue', { rate: localRate(lang, rate.rate), day: calendarDay(lang, rate.day) })}
          <br />
          <span className="console-muted">
            {rate.source === 'ecb'
              ? t('oss.rateEcb', { at: dateTime(lang, rate.at) })
              : t('oss.rateManual', { by: rate.by ?? '', at: dateTime(lang, rate.at) })}
          </span>
        </p>
      ) : (
        <p className="console-note">{t(report.missing === 'open' ? 'oss.rateOpen' : 'oss.rateUnavailable')}</p>
      )}
      <p className="console-hint">{t('oss.rateRule')}</p>
      {report.missing !== 'open' && (
        <form onSubmit={submit} noValidate aria-labelledby="oss-rate-form">
          <h3 id="oss-rate-form">{t(rate ? 'oss.rateForm.override' : 'oss.rateForm.enter')}</h3>
          <div role="status">
            {notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}
          </div>
          <fieldset disabled={busy} className="console-filters console-fieldset">
            {fields.field(
              'rate',
              t('oss.rateForm.rate'),
              <input
                {...fields.described('rate', true)}
                name="rate"
                inputMode="decimal"
                autoComplete="off"
                maxLength={14}
                onInput={fields.clear('rate')}
              />,
              t('oss.rateForm.rateHint'),
            )}
            {fields.field(
              'day',
              t('oss.rateForm.day'),
              <input
                {...fields.described('day', true)}
                name="day"
                type="date"
                defaultValue={last}
                min={last}
                max={addDays(last, 14)}
                onInput={fields.clear('day')}
              />,
              t('oss.rateForm.dayHint'),
            )}
            <button type="submit" className="console-button">
              {t('oss.rateForm.submit')}
            </button>
          </fieldset>
        </form>
      )}
    </section>
  );
}

/**
 * The quarter's OSS sales whose evidence of the consumer's country does not back the billing
 * country (site/tax-evidence.ts): declared under the billing country until an organiser, having
 * asked the buyer, corrects them.
 */
function EvidenceChecks({
  checks,
  state,
  onChange,
}: {
  checks: OssEvidenceCheck[];
  state: (code: string) => string;
  onChange: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const action = useAction();
  const [chosen, setChosen] = useState<OssEvidenceCheck | null>(null);
  return (
    <section aria-labelledby="oss-checks">
      <h2 id="oss-checks">{t('oss.checks.title')}</h2>
      <p className="console-hint">{t('oss.checks.intro')}</p>
      <Outcome notice={chosen ? null : action.notice} />
      <DataTable<OssEvidenceCheck>
        caption={t('oss.checks.caption')}
        captionHidden
        rows={checks}
        rowKey={(check) => check.orderId}
        empty={t('oss.checks.empty')}
        columns={[
          {
            id: 'order',
            header: t('oss.checks.order'),
            rowHeader: true,
            cell: (check) => <Link href={orderHref(check.orderId)}>{check.code}</Link>,
            sortBy: (check) => check.code,
          },
          { id: 'country', header: t('oss.checks.country'), cell: (check) => state(check.country) },
          { id: 'evidence', header: t('oss.checks.evidence'), cell: (check) => evidenceText(t, check) },
          {
            id: 'vat',
            header: t('oss.vat'),
            cell: (check) => money(lang, check.vat),
            sortBy: (check) => check.vat,
            numeric: true,
          },
          {
            id: 'checked',
            header: t('oss.checks.checked'),
            className: 'console-break',
            cell: (check) =>
              check.checked
                ? t('oss.checks.checkedValue', {
                    note: check.checked.note,
                    by: check.checked.by,
                    at: dateTime(lang, check.checked.at),
                  })
                : t('oss.checks.waiting'),
          },
          actionsColumn(t('oss.checks.act'), (check) =>
            check.checked ? null : (
              <Button
                look="quiet"
                aria-label={t('oss.checks.markFor', { code: check.code })}
                onClick={() => {
                  action.setNotice(null);
                  setChosen(check);
                }}
              >
                {t('oss.checks.mark')}
              </Button>
            ),
          ),
        ]}
      />
      {chosen && (
        <CheckForm
          key={chosen.orderId}
          check={chosen}
          action={action}
          onCancel={() => setChosen(null)}
          onDone={async () => {
            setChosen(null);
            await onChange();
          }}
        />
      )}
    </section>
  );
}

/** What the organiser found, for one sale of the list: in their words, kept with their name. */
function CheckForm({
  check,
  action: { busy, notice, run },
  onCancel,
  onDone,
}: RowFormProps & { check: OssEvidenceCheck }) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const fields = useFields('oss.checks', ['note']);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    if (!note) return fields.show({ note: 'required' });
    if (note.length > OSS_CHECK_NOTE_MAX) return fields.show({ note: 'too_long' });
    void run(
      async () => {
        await call('/api/admin/reports/oss/checks', { method: 'POST', body: { orderId: check.orderId, note } });
        await onDone();
        return t('oss.checks.done', { code: check.code });
      },
      (problem) => {
        if (fields.refused(problem) === null) return null;
        if (problem instanceof ApiFailure && ['already_checked', 'not_to_check', 'not_found'].includes(problem.code)) {
          void onDone();
          return t(`oss.checks.errors.${problem.code as 'already_checked'}`, { code: check.code });
        }
        return undefined;
      },
    );
  };
  return (
    <RecordForm
      fields={fields}
      heading={t('oss.checks.formTitle', { code: check.code })}
      level="h3"
      intro={<p className="console-hint">{evidenceText(t, check)}</p>}
      notice={notice}
      busy={busy}
      submit={{ label: t('oss.checks.submit'), busy: t('oss.checks.sending') }}
      close={t('oss.checks.close')}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.field(
        'note',
        t('oss.checks.note'),
        <textarea rows={3} maxLength={OSS_CHECK_NOTE_MAX} {...fields.control('note', true)} />,
        t('oss.checks.noteHint'),
      )}
    </RecordForm>
  );
}

/** "Evidence conflicts: billing DE, card AT, request PL", or that nothing backs the billing country. */
export function evidenceText(
  t: ReturnType<typeof useTranslation<'admin'>>['t'],
  check: { finding: OssEvidenceCheck['finding']; evidence: CountryEvidence },
): string {
  const { billing, card, edge, confirmed } = check.evidence;
  const none = t('oss.checks.none');
  return t(check.finding === 'conflict' ? 'oss.checks.conflict' : 'oss.checks.single', {
    billing,
    card: card ?? none,
    edge: edge ?? none,
    confirmed: confirmed ? t('oss.checks.confirmed') : '',
  });
}
