import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueDay } from '../../site/format';
import { language } from '../../site/languages';
import type { OssReport, OssReportRow } from '../../site/oss-report';
import { useLanguage } from '../lib/use-language';
import { DataTable } from './data-table';
import { ExportButton } from './export-button';
import { Field, ScreenHead, Select } from './form-kit';
import { money } from './format';
import { LoadState } from './status';
import { useLoad } from './use-load';

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
  return (
    <>
      {!report.oss && <p className="console-note">{t('oss.off')}</p>}
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
            id: 'invoiced',
            header: t('oss.invoiced'),
            cell: (row) => t('oss.invoicedValue', { net: amount(row.invoiced.net), vat: amount(row.invoiced.vat) }),
          },
        ]}
        footer={
          report.rows.length > 0
            ? { country: t('oss.total'), net: amount(report.totals.net), vat: amount(report.totals.vat) }
            : undefined
        }
      />
    </>
  );
}
