import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../site/languages';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { BarChart } from './bar-chart';
import { DataTable } from './data-table';
import { ScreenHead } from './form-kit';
import { count, money } from './format';
import { LoadState, UpdatedAt } from './status';
import type { SalesStats } from './types';
import { useStats } from './use-stats';

type Product = SalesStats['products'][number];

/** Sales at a glance: per product, totals, sales per day and check-ins per hour, refreshed live. */
export function Dashboard() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const stats = useStats();
  const data = stats.data;
  /** A column of figures: written in the language's way, sorted largest first. */
  const figure = (value: (p: Product) => number, write: (lang: LanguageCode, n: number) => string) => ({
    cell: (p: Product) => write(lang, value(p)),
    sortBy: value,
    firstDirection: 'descending' as const,
  });
  return (
    <>
      <ScreenHead title={t('dashboard.title')}>
        <UpdatedAt at={stats.updatedAt} paused={stats.paused} />
      </ScreenHead>
      <LoadState error={stats.error} loading={!data} retry={stats.refresh} />
      {data && (
        <>
          <DataTable<Product>
            caption={t('dashboard.caption')}
            rows={data.products}
            rowKey={(p) => p.id}
            columns={[
              {
                id: 'product',
                header: t('dashboard.product'),
                rowHeader: true,
                cell: (p) => productName(p.id),
                sortBy: (p) => productName(p.id),
              },
              { id: 'sold', header: t('dashboard.sold'), numeric: true, ...figure((p) => p.sold, count) },
              // Free tickets take places but bring no revenue: a column of their own, never in `sold`.
              { id: 'free', header: t('dashboard.free'), numeric: true, ...figure((p) => p.free, count) },
              { id: 'pending', header: t('dashboard.pending'), numeric: true, ...figure((p) => p.pending, count) },
              {
                id: 'remaining',
                header: t('dashboard.remaining'),
                numeric: true,
                cell: (p) => (p.remaining === null ? t('dashboard.unlimited') : count(lang, p.remaining)),
                // Unlimited is more than any number left.
                sortBy: (p) => p.remaining ?? Number.POSITIVE_INFINITY,
                firstDirection: 'descending',
              },
              { id: 'net', header: t('dashboard.net'), numeric: true, ...figure((p) => p.revenue.net, money) },
              { id: 'vat', header: t('dashboard.vat'), numeric: true, ...figure((p) => p.revenue.vat, money) },
              { id: 'gross', header: t('dashboard.gross'), numeric: true, ...figure((p) => p.revenue.gross, money) },
            ]}
            footer={{
              product: t('dashboard.total'),
              sold: count(lang, data.totals.sold),
              free: count(lang, data.totals.free),
              pending: count(lang, data.totals.pending),
              net: money(lang, data.totals.revenue.net),
              vat: money(lang, data.totals.revenue.vat),
              gross: money(lang, data.totals.revenue.gross),
            }}
          />
          <div className="console-charts">
            <SalesChart stats={data} />
            <CheckInChart stats={data} />
          </div>
        </>
      )}
    </>
  );
}

function SalesChart({ stats }: { stats: SalesStats }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const days = stats.salesPerDay;
  const max = Math.max(...days.map((d) => d.count));
  return (
    <BarChart
      title={t('dashboard.salesPerDay')}
      empty={t('dashboard.salesPerDayEmpty')}
      summary={t('dashboard.summaryJoin', {
        first: t('dashboard.salesDays', { count: days.length, n: count(lang, days.length) }),
        second: t('dashboard.salesMax', { count: max, n: count(lang, max) }),
      })}
      bars={days.map((d) => ({
        key: d.day,
        label: d.day.slice(5),
        value: d.count,
        title: `${t('dashboard.barLabel', { label: d.day, count: d.count })} · ${money(lang, d.gross)}`,
      }))}
    />
  );
}

function CheckInChart({ stats }: { stats: SalesStats }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const hours = stats.checkInsPerHour;
  const total = hours.reduce((sum, h) => sum + h.count, 0);
  const max = Math.max(...hours.map((h) => h.count));
  return (
    <BarChart
      title={t('dashboard.checkInsPerHour')}
      empty={t('dashboard.checkInsEmpty')}
      summary={t('dashboard.summaryJoin', {
        first: t('dashboard.checkIns', { count: total, n: count(lang, total) }),
        second: t('dashboard.checkInsMax', { n: count(lang, max) }),
      })}
      bars={hours.map((h) => ({
        key: h.hour,
        label: h.hour.slice(11),
        value: h.count,
        title: t('dashboard.barLabel', { label: h.hour.replace('T', ' '), count: h.count }),
      }))}
    />
  );
}
