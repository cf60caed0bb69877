import { useTranslation } from 'react-i18next';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { BarChart } from './bar-chart';
import { count, money } from './format';
import { LoadState, UpdatedAt } from './status';
import type { SalesStats } from './types';
import { useStats } from './use-stats';

/** Sales at a glance: per product, totals, sales per day and check-ins per hour, refreshed live. */
export function Dashboard() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const stats = useStats();
  const data = stats.data;
  return (
    <>
      <div className="console-title">
        <h1>{t('dashboard.title')}</h1>
        <UpdatedAt at={stats.updatedAt} paused={stats.paused} />
      </div>
      <LoadState error={stats.error} loading={!data} retry={stats.refresh} />
      {data && (
        <>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption>{t('dashboard.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.product')}</th>
                  <th scope="col" className="num">
                    {t('dashboard.sold')}
                  </th>
                  <th scope="col" className="num">
                    {t('dashboard.pending')}
                  </th>
                  <th scope="col" className="num">
                    {t('dashboard.remaining')}
                  </th>
                  <th scope="col" className="num">
                    {t('dashboard.net')}
                  </th>
                  <th scope="col" className="num">
                    {t('dashboard.vat')}
                  </th>
                  <th scope="col" className="num">
                    {t('dashboard.gross')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.products.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{productName(p.id)}</th>
                    <td className="num">{count(lang, p.sold)}</td>
                    <td className="num">{count(lang, p.pending)}</td>
                    <td className="num">
                      {p.remaining === null ? t('dashboard.unlimited') : count(lang, p.remaining)}
                    </td>
                    <td className="num">{money(lang, p.revenue.net)}</td>
                    <td className="num">{money(lang, p.revenue.vat)}</td>
                    <td className="num">{money(lang, p.revenue.gross)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('dashboard.total')}</th>
                  <td className="num">{count(lang, data.totals.sold)}</td>
                  <td className="num">{count(lang, data.totals.pending)}</td>
                  <td className="num" />
                  <td className="num">{money(lang, data.totals.revenue.net)}</td>
                  <td className="num">{money(lang, data.totals.revenue.vat)}</td>
                  <td className="num">{money(lang, data.totals.revenue.gross)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
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
  if (days.length === 0)
    return <EmptyChart title={t('dashboard.salesPerDay')} text={t('dashboard.salesPerDayEmpty')} />;
  const max = Math.max(...days.map((d) => d.count));
  return (
    <BarChart
      title={t('dashboard.salesPerDay')}
      summary={t('dashboard.salesPerDaySummary', { days: days.length, max })}
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
  const hours = stats.checkInsPerHour;
  if (hours.length === 0)
    return <EmptyChart title={t('dashboard.checkInsPerHour')} text={t('dashboard.checkInsEmpty')} />;
  const total = hours.reduce((sum, h) => sum + h.count, 0);
  const max = Math.max(...hours.map((h) => h.count));
  return (
    <BarChart
      title={t('dashboard.checkInsPerHour')}
      summary={t('dashboard.checkInsSummary', { total, max })}
      bars={hours.map((h) => ({
        key: h.hour,
        label: h.hour.slice(11),
        value: h.count,
        title: t('dashboard.barLabel', { label: h.hour.replace('T', ' '), count: h.count }),
      }))}
    />
  );
}

function EmptyChart({ title, text }: { title: string; text: string }) {
  return (
    <figure className="console-chart">
      <figcaption>{title}</figcaption>
      <p className="console-muted">{text}</p>
    </figure>
  );
}
