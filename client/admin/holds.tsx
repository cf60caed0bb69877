import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductHolds } from '../../site/holds';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { count, dateTime } from './format';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';

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
  const errorText = useErrorText();
  const [products, setProducts] = useState<ProductHolds[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setProducts((await call<{ products: ProductHolds[] }>('/api/admin/holds')).products);
      setError(null);
    } catch (problem) {
      setError(problem);
    }
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const release = async (orderId: string, code: string) => {
    if (!window.confirm(t('holds.confirm', { code }))) return;
    setBusy(orderId);
    try {
      await call(`/api/admin/orders/${orderId}/release`, { method: 'POST' });
      setNotice({ ok: true, text: t('holds.released', { code }) });
    } catch (problem) {
      const text =
        problem instanceof ApiFailure && problem.code === 'not_pending'
          ? t('holds.notPending', { code })
          : errorText(problem);
      setNotice({ ok: false, text });
    } finally {
      setBusy(null);
      await load();
    }
  };

  const shown = products?.filter((p) => p.held > 0 || p.scarcity) ?? [];
  return (
    <>
      <div className="console-title">
        <h1>{t('holds.title')}</h1>
      </div>
      <p className="console-muted console-lead">{t('holds.intro')}</p>
      <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>
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
            <div className="console-table-wrap">
              <table className="console-table">
                <caption className="visually-hidden">{t('holds.caption', { product: productName(p.id) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('holds.order')}</th>
                    <th scope="col">{t('holds.buyer')}</th>
                    <th scope="col" className="num">
                      {t('holds.places')}
                    </th>
                    <th scope="col">{t('holds.payment')}</th>
                    <th scope="col">{t('holds.until')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('holds.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.holds.map((hold) => (
                    <tr key={hold.orderId}>
                      <th scope="row" translate="no">
                        <Link href={`/orders/${hold.orderId}`}>{hold.code}</Link>
                      </th>
                      <td className="console-break">
                        {hold.buyer ? `${hold.buyer} · ` : ''}
                        {hold.email}
                      </td>
                      <td className="num">{count(lang, hold.places)}</td>
                      <td>{hold.provider === 'transfer' ? t('holds.transfer') : t('holds.card')}</td>
                      <td>{dateTime(lang, hold.holdUntil)}</td>
                      <td>
                        <button
                          type="button"
                          className="console-button console-button--quiet"
                          disabled={busy !== null}
                          onClick={() => release(hold.orderId, hold.code)}
                        >
                          {busy === hold.orderId ? t('holds.releasing') : t('holds.release', { code: hold.code })}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </>
  );
}
