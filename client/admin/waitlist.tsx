import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductId } from '../../site/tickets';
import { OFFER_HOURS_RANGE, type WaitlistEntryView } from '../../site/waitlist';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, SectionTable } from './data-table';
import { Button, Field, ScreenHead, useAction } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
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
  const { busy, notice, run } = useAction();
  const [hoursError, setHoursError] = useState(false);
  const entries = useLoad<WaitlistEntryView[]>('/api/admin/waitlist', 'entries');
  const { value: hours, load: loadHours } = useLoad<number>('/api/admin/waitlist', 'offerHours');

  /** An action on the list, read again afterwards whatever came of it. */
  const onList = (work: () => Promise<unknown>, done: string) =>
    run(async () => {
      try {
        await work();
      } finally {
        await entries.load();
      }
      return done;
    });

  const remove = async (entry: WaitlistEntryView) => {
    if (!window.confirm(t('waitlist.confirmRemove', { email: entry.email }))) return;
    await onList(
      () => call(`/api/admin/waitlist/${entry.id}/remove`, { method: 'POST' }),
      t('waitlist.removed', { email: entry.email }),
    );
  };

  const offerNow = () => onList(() => call('/api/admin/waitlist/offer', { method: 'POST' }), t('waitlist.offered'));

  const saveHours = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('hours'));
    if (!Number.isInteger(value) || value < OFFER_HOURS_RANGE.min || value > OFFER_HOURS_RANGE.max) {
      setHoursError(true);
      return;
    }
    setHoursError(false);
    await run(
      async () => {
        try {
          await call('/api/admin/waitlist/settings', { method: 'PUT', body: { offerHours: value } });
        } finally {
          await loadHours();
        }
        return t('waitlist.hoursSaved', { count: value });
      },
      (problem) => {
        if (!(problem instanceof ApiFailure && problem.status === 422)) return undefined;
        setHoursError(true);
        return null;
      },
    );
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
      <ScreenHead title={t('waitlist.title')} intro={t('waitlist.intro')} notice={notice} />

      <section aria-labelledby={`${ids}-settings`}>
        <h2 id={`${ids}-settings`}>{t('waitlist.settings')}</h2>
        {hours !== null && (
          <form className="console-form console-waitlist-settings" onSubmit={saveHours} noValidate>
            <Field
              id={`${ids}-hours`}
              label={t('waitlist.hours')}
              hint={t('waitlist.hoursHint', { min: OFFER_HOURS_RANGE.min, max: OFFER_HOURS_RANGE.max })}
              error={
                hoursError && t('waitlist.hoursInvalid', { min: OFFER_HOURS_RANGE.min, max: OFFER_HOURS_RANGE.max })
              }
            >
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
            </Field>
            <Button type="submit" disabled={busy}>
              {t('waitlist.saveHours')}
            </Button>
          </form>
        )}
        <p className="console-muted console-waitlist-hint">{t('waitlist.offerNowHint')}</p>
        <Button look="quiet" disabled={busy} onClick={offerNow}>
          {t('waitlist.offerNow')}
        </Button>
      </section>

      <SectionTable<WaitlistEntryView>
        title={t('waitlist.list')}
        loaded={entries}
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
          actionsColumn(t('waitlist.actions'), (entry) =>
            live(entry) ? (
              <Button look="quiet" disabled={busy} onClick={() => remove(entry)}>
                {t('waitlist.remove', { email: entry.email })}
              </Button>
            ) : null,
          ),
        ]}
      />
    </>
  );
}
