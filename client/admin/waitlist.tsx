import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductId } from '../../site/tickets';
import { OFFER_HOURS_RANGE, type WaitlistEntryView } from '../../site/waitlist';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { dateTime } from './format';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';
import { useLoad } from './use-load';

/**
 * The waiting list (site/waitlist.ts): each person waiting for a sold-out product or a full
 * workshop (a holder waiting for a seat for their ticket), their state
 * (unconfirmed, waiting with their place in the queue, offered until when, bought, declined, run
 * out, removed) and their offers; an organiser takes an entry off, sets how long an offer keeps
 * its place, and offers free places at once after adding places.
 */
export function Waitlist() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const ids = useId();
  const productName = useProductName();
  const { call } = useApi();
  const errorText = useErrorText();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [hoursError, setHoursError] = useState(false);
  const { value: entries, error, load } = useLoad<WaitlistEntryView[]>('/api/admin/waitlist', 'entries');
  const { value: hours, load: loadHours } = useLoad<number>('/api/admin/waitlist', 'offerHours');

  const remove = async (entry: WaitlistEntryView) => {
    if (!window.confirm(t('waitlist.confirmRemove', { email: entry.email }))) return;
    setBusy(entry.id);
    try {
      await call(`/api/admin/waitlist/${entry.id}/remove`, { method: 'POST' });
      setNotice({ ok: true, text: t('waitlist.removed', { email: entry.email }) });
    } catch (problem) {
      setNotice({ ok: false, text: errorText(problem) });
    } finally {
      setBusy(null);
      await load();
    }
  };

  const offerNow = async () => {
    setBusy('offer');
    try {
      await call('/api/admin/waitlist/offer', { method: 'POST' });
      setNotice({ ok: true, text: t('waitlist.offered') });
    } catch (problem) {
      setNotice({ ok: false, text: errorText(problem) });
    } finally {
      setBusy(null);
      await load();
    }
  };

  const saveHours = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('hours'));
    if (!Number.isInteger(value) || value < OFFER_HOURS_RANGE.min || value > OFFER_HOURS_RANGE.max) {
      setHoursError(true);
      return;
    }
    setHoursError(false);
    setBusy('hours');
    try {
      await call('/api/admin/waitlist/settings', { method: 'PUT', body: { offerHours: value } });
      setNotice({ ok: true, text: t('waitlist.hoursSaved', { count: value }) });
    } catch (problem) {
      if (problem instanceof ApiFailure && problem.status === 422) setHoursError(true);
      else setNotice({ ok: false, text: errorText(problem) });
    } finally {
      setBusy(null);
      await loadHours();
    }
  };

  const stateText = (entry: WaitlistEntryView) => {
    const open = entry.offers.find((offer) => offer.state === 'open');
    if (entry.state === 'waiting' && entry.position)
      return t('waitlist.states.waitingAt', { position: entry.position });
    if (entry.state === 'offered' && open)
      return t('waitlist.states.offeredUntil', { until: dateTime(lang, open.expiresAt) });
    if (entry.state === 'bought' && entry.workshop) return t('waitlist.states.took');
    return t(`waitlist.states.${entry.state}`);
  };
  const live = (entry: WaitlistEntryView) => ['unconfirmed', 'waiting', 'offered'].includes(entry.state);

  return (
    <>
      <div className="console-title">
        <h1>{t('waitlist.title')}</h1>
      </div>
      <p className="console-muted console-lead">{t('waitlist.intro')}</p>
      <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>

      <section aria-labelledby={`${ids}-settings`}>
        <h2 id={`${ids}-settings`}>{t('waitlist.settings')}</h2>
        {hours !== null && (
          <form className="console-form console-waitlist-settings" onSubmit={saveHours} noValidate>
            <div className="console-field">
              <label htmlFor={`${ids}-hours`}>{t('waitlist.hours')}</label>
              <input
                id={`${ids}-hours`}
                name="hours"
                type="number"
                inputMode="numeric"
                min={OFFER_HOURS_RANGE.min}
                max={OFFER_HOURS_RANGE.max}
                defaultValue={hours}
                aria-invalid={hoursError || undefined}
                aria-describedby={`${ids}-hours-hint${hoursError ? ` ${ids}-hours-error` : ''}`}
              />
              <span id={`${ids}-hours-hint`} className="console-hint">
                {t('waitlist.hoursHint', { min: OFFER_HOURS_RANGE.min, max: OFFER_HOURS_RANGE.max })}
              </span>
              {hoursError && (
                <span id={`${ids}-hours-error`} className="console-field__error">
                  {t('waitlist.hoursInvalid', { min: OFFER_HOURS_RANGE.min, max: OFFER_HOURS_RANGE.max })}
                </span>
              )}
            </div>
            <button type="submit" className="console-button" disabled={busy !== null}>
              {t('waitlist.saveHours')}
            </button>
          </form>
        )}
        <p className="console-muted console-waitlist-hint">{t('waitlist.offerNowHint')}</p>
        <button
          type="button"
          className="console-button console-button--quiet"
          disabled={busy !== null}
          onClick={offerNow}
        >
          {t('waitlist.offerNow')}
        </button>
      </section>

      <section aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`}>{t('waitlist.list')}</h2>
        <LoadState error={error} loading={!entries && !error} retry={load} />
        {entries && (
          <DataTable<WaitlistEntryView>
            caption={t('waitlist.list')}
            captionHidden
            rows={entries}
            rowKey={(entry) => entry.id}
            empty={t('waitlist.empty')}
            initialSort={{ column: 'joined', direction: 'ascending' }}
            columns={[
              {
                id: 'person',
                header: t('waitlist.person'),
                rowHeader: true,
                className: 'console-break',
                sortBy: (entry) => entry.email,
                cell: (entry) => `${entry.name ? `${entry.name} · ` : ''}${entry.email}`,
              },
              {
                id: 'product',
                header: t('waitlist.product'),
                sortBy: (entry) => entry.workshop ?? entry.product,
                cell: (entry) =>
                  entry.workshop
                    ? t('waitlist.workshop', { workshop: entry.workshopTitle ?? entry.workshop })
                    : productName(entry.product as ProductId),
              },
              {
                id: 'joined',
                header: t('waitlist.joined'),
                sortBy: (entry) => entry.createdAt,
                cell: (entry) => dateTime(lang, entry.createdAt),
              },
              { id: 'state', header: t('waitlist.state'), cell: stateText },
              {
                id: 'offers',
                header: t('waitlist.offers'),
                cell: (entry) =>
                  entry.offers.length === 0
                    ? t('common.none')
                    : entry.offers.map((offer) => (
                        <span key={offer.id} className="console-block">
                          {t(
                            offer.state === 'bought' && offer.workshop
                              ? 'waitlist.offerStates.taken'
                              : `waitlist.offerStates.${offer.state}`,
                          )}{' '}
                          · {dateTime(lang, offer.offeredAt)}
                          {offer.orderId && (
                            <>
                              {' · '}
                              <Link href={`/orders/${offer.orderId}`}>{t('waitlist.order')}</Link>
                            </>
                          )}
                        </span>
                      )),
              },
              {
                id: 'actions',
                header: t('waitlist.actions'),
                headerHidden: true,
                cell: (entry) =>
                  live(entry) ? (
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      disabled={busy !== null}
                      onClick={() => remove(entry)}
                    >
                      {t('waitlist.remove', { email: entry.email })}
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
      </section>
    </>
  );
}
