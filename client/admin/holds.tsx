import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Hold, ProductHolds } from '../../site/holds';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, DataTable } from './data-table';
import { Button, ScreenHead, useAction } from './form-kit';
import { count, dateTime } from './format';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

/**
 * Holds: the places unpaid orders keep (site/holds.ts), per product with its bounds (one buyer's
 * share, all transfers' share), and for each order who holds how many, until when, by card or
 * transfer. An organiser releases a hold: the order expires, its places return, nothing is charged.
 */
export function Holds() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const { busy, doing, notice, run } = useAction();

  const { value: products, error, load } = useLoad<ProductHolds[]>('/api/admin/holds', 'products');

  const release = async (orderId: string, code: string) => {
    if (!window.confirm(t('holds.confirm', { code }))) return;
    await run(
      async () => {
        try {
          await call(`/api/admin/orders/${orderId}/release`, { method: 'POST' });
        } finally {
          await load();
        }
        return t('holds.released', { code });
      },
      (problem) =>
        problem instanceof ApiFailure && problem.code === 'not_pending' ? t('holds.notPending', { code }) : undefined,
      orderId,
    );
  };

  const shown = products?.filter((p) => p.held > 0 || p.scarcity) ?? [];
  return (
    <>
      <ScreenHead title={t('holds.title')} intro={t('holds.intro')} notice={notice} />
      <LoadState error={error} loading={!products && !error} retry={load} />
      {shown.map((p) => (
        <section key={p.id} aria-labelledby={`holds-${p.id}`}>
          <h2 id={`holds-${p.id}`}>{productName(p.id)}</h2>
          <p className="console-muted">
            {t('holds.summary', {
              held: count(lang, p.held),
              transfer: count(lang, p.heldByTransfer),
              left: p.remaining === null ? t('holds.unlimited') : count(lang, p.remaining),
            })}{' '}
            {p.scarcity
              ? t('holds.bounds', { perBuyer: p.scarcity.perBuyer, transfers: p.scarcity.transfers })
              : t('holds.unbounded')}
          </p>
          {p.holds.length > 0 && (
            <DataTable<Hold>
              caption={t('holds.caption', { product: productName(p.id) })}
              captionHidden
              rows={p.holds}
              rowKey={(hold) => hold.orderId}
              initialSort={{ column: 'until', direction: 'ascending' }}
              columns={[
                {
                  id: 'order',
                  header: t('holds.order'),
                  rowHeader: true,
                  cell: (hold) => (
                    <Link href={`/orders/${hold.orderId}`} translate="no">
                      {hold.code}
                    </Link>
                  ),
                },
                {
                  id: 'buyer',
                  header: t('holds.buyer'),
                  className: 'console-break',
                  sortBy: (hold) => hold.email,
                  cell: (hold) => `${hold.buyer ? `${hold.buyer} · ` : ''}${hold.email}`,
                },
                {
                  id: 'places',
                  header: t('holds.places'),
                  numeric: true,
                  sortBy: (hold) => hold.places,
                  firstDirection: 'descending',
                  cell: (hold) => count(lang, hold.places),
                },
                {
                  id: 'payment',
                  header: t('holds.payment'),
                  cell: (hold) => (hold.provider === 'transfer' ? t('holds.transfer') : t('holds.card')),
                },
                {
                  id: 'until',
                  header: t('holds.until'),
                  sortBy: (hold) => hold.holdUntil,
                  cell: (hold) => dateTime(lang, hold.holdUntil),
                },
                actionsColumn(t('holds.actions'), (hold) => (
                  <Button look="quiet" disabled={busy} onClick={() => release(hold.orderId, hold.code)}>
                    {doing === hold.orderId ? t('holds.releasing') : t('holds.release', { code: hold.code })}
                  </Button>
                )),
              ]}
            />
          )}
        </section>
      ))}
    </>
  );
}
