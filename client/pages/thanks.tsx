import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ORGANISER } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { formatPrice } from '../../site/format';
import { href } from '../../site/pages';
import { CANCELLATION_DAYS } from '../../site/terms';
import type { PlanType } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';

type OrderView = {
  code: string;
  plan: PlanType;
  status: 'pending' | 'paid' | 'expired' | 'cancelled';
  gross: number;
};

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'loaded'; order: OrderView };

/** How often a pending order is checked again (the payment webhook may arrive a moment later). */
const POLL_MS = 3000;

/** The buyer's thank-you page: the order code and its live status, read with the order's secret. */
export default function Thanks() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('order');
    const token = params.get('token');
    if (!id || !token) {
      setState({ kind: 'missing' });
      return;
    }
    const controller = new AbortController();
    let timer: number | undefined;
    const load = async () => {
      try {
        const response = await fetch(`/api/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, {
          signal: controller.signal,
        });
        if (response.status === 404) return setState({ kind: 'missing' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const order = (await response.json()) as OrderView;
        setState({ kind: 'loaded', order });
        if (order.status === 'pending') timer = window.setTimeout(load, POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Order status unavailable', error);
        timer = window.setTimeout(load, POLL_MS);
      }
    };
    load();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, []);

  return (
    <section className="thanks container">
      <h1>{t('thanks.title')}</h1>
      {state.kind === 'loading' && <p aria-live="polite">{t('thanks.loading')}</p>}
      {state.kind === 'missing' && <p role="alert">{t('thanks.notFound')}</p>}
      {state.kind === 'loaded' && (
        <div aria-live="polite" className="thanks__order">
          <p className="lead">{t('thanks.lead')}</p>
          <dl className="thanks__details">
            <dt>{t('thanks.orderCode')}</dt>
            <dd className="thanks__code">{state.order.code}</dd>
            <dt>{t('thanks.plan')}</dt>
            <dd>{t(`plans.names.${state.order.plan}`)}</dd>
            <dt>{t('thanks.amount')}</dt>
            <dd>{formatPrice(lang, state.order.gross)}</dd>
            <dt>{t('thanks.statusLabel')}</dt>
            <dd>
              <span className={`status status--${state.order.status}`}>{t(`thanks.status.${state.order.status}`)}</span>
            </dd>
          </dl>
          <p>
            {state.order.status === 'paid'
              ? t('thanks.paidText', { date: siteFacts(lang).date })
              : state.order.status === 'pending'
                ? t('thanks.pendingText')
                : t('thanks.closedText')}
          </p>
          <p className="thanks__note">
            {t('thanks.cancellation', {
              days: CANCELLATION_DAYS,
              date: siteFacts(lang).date,
              email: ORGANISER.email,
            })}
          </p>
        </div>
      )}
      <p>
        <Link href={href(lang, 'tickets')} className="button button--outline">
          {t('thanks.back')}
        </Link>
      </p>
    </section>
  );
}
