import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { venueDay } from '../../site/format';
import { language } from '../../site/languages';
import type { RefundOwed } from '../../site/orders';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { Outcome } from './credits';
import { DataTable, timeColumn } from './data-table';
import { fieldErrorsOf, type Notice, ScreenHead, useAction, useFields } from './form-kit';
import { calendarDay, money } from './format';
import { groszeOf } from './mark-paid';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

/** Today at the venue, as a date field holds it: the day money left is the box office's day. */
const today = () => venueDay(Date.now());

/**
 * Refunds owed by transfer: a transfer order (or one ticket of it) cancelled after it was paid has
 * its money sent back to the account it came from by the organisers, outside the system. The list
 * shows what is owed and what was recorded; "Record as sent" opens a form under the list for the
 * amount, the day and the bank's reference, recorded once (a second record is refused).
 */
export function Refunds() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { value: refunds, error, load } = useLoad<RefundOwed[]>('/api/admin/refunds', 'refunds');
  const action = useAction();
  const [chosen, setChosen] = useState<RefundOwed | null>(null);
  const owed = refunds?.filter((refund) => refund.state === 'owed') ?? [];

  return (
    <>
      {/* The outcome is shown where the organiser is: in the open form, else under the title. */}
      <ScreenHead title={t('refunds.title')} intro={t('refunds.intro')} notice={chosen ? null : action.notice} />
      {!refunds ? (
        <LoadState error={error} loading={!error} retry={load} />
      ) : (
        <>
          <p className="console-muted">
            {t('refunds.owedCount', {
              count: owed.length,
              amount: money(
                lang,
                owed.reduce((s, r) => s + r.amount, 0),
              ),
            })}
          </p>
          <DataTable<RefundOwed>
            caption={t('refunds.caption')}
            rows={refunds}
            rowKey={(refund) => refund.id}
            empty={t('refunds.empty')}
            columns={[
              {
                id: 'order',
                header: t('refunds.order'),
                rowHeader: true,
                cell: (refund) => (
                  <Link href={`/orders/${refund.orderId}`}>
                    <span translate="no">{refund.orderCode}</span>
                  </Link>
                ),
                sortBy: (refund) => refund.orderCode,
              },
              {
                id: 'what',
                header: t('refunds.what'),
                cell: (refund) => (refund.ticketId ? t('refunds.ticket') : t('refunds.wholeOrder')),
              },
              {
                id: 'amount',
                header: t('refunds.amount'),
                cell: (refund) => money(lang, refund.amount),
                sortBy: (refund) => refund.amount,
                firstDirection: 'descending',
                numeric: true,
              },
              timeColumn(lang, 'owedAt', t('refunds.owedAt'), (refund) => refund.owedAt, { sortable: true }),
              {
                id: 'state',
                header: t('refunds.state'),
                className: 'console-break',
                cell: (refund) =>
                  refund.recorded
                    ? t('refunds.recordedValue', {
                        amount: money(lang, refund.recorded.amount),
                        on: calendarDay(lang, refund.recorded.on),
                        reference: refund.recorded.reference,
                        by: refund.recorded.by,
                      })
                    : t('refunds.owed'),
              },
              {
                id: 'act',
                header: t('refunds.act'),
                headerHidden: true,
                cell: (refund) =>
                  refund.state === 'owed' ? (
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      aria-label={`${t('refunds.record')} – ${t('refunds.recordFor', {
                        code: refund.orderCode,
                        amount: money(lang, refund.amount),
                      })}`}
                      aria-expanded={chosen?.id === refund.id}
                      onClick={() => {
                        action.setNotice(null);
                        setChosen(refund);
                      }}
                    >
                      {t('refunds.record')}
                    </button>
                  ) : null,
              },
            ]}
          />
          {chosen && (
            <RecordRefund
              key={chosen.id}
              refund={chosen}
              busy={action.busy}
              notice={action.notice}
              run={action.run}
              onCancel={() => setChosen(null)}
              onDone={async () => {
                setChosen(null);
                await load();
              }}
            />
          )}
        </>
      )}
    </>
  );
}

/** The form for one owed refund: the amount (prefilled), the day it was sent, the bank's reference. */
function RecordRefund({
  refund,
  busy,
  notice,
  run,
  onCancel,
  onDone,
}: {
  refund: RefundOwed;
  busy: boolean;
  notice: Notice;
  run: ReturnType<typeof useAction>['run'];
  onCancel: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const fields = useFields('refunds', ['amount', 'on', 'reference']);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens under the list: the focus goes to it, so a keyboard or screen reader is there too.
  useEffect(() => heading.current?.focus(), []);
  const prefilled = new Intl.NumberFormat(language(lang).intl, { minimumFractionDigits: 2, useGrouping: false }).format(
    refund.amount / 100,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = String(data.get('amount') ?? '').trim();
    const amount = groszeOf(typed);
    const on = String(data.get('on') ?? '');
    const reference = String(data.get('reference') ?? '').trim();
    const found: Record<string, string> = {};
    if (!typed) found.amount = 'required';
    else if (!amount) found.amount = 'invalid';
    if (!on) found.on = 'required';
    else if (on > today()) found.on = 'in_future';
    if (!reference) found.reference = 'required';
    fields.show(found);
    if (Object.keys(found).length > 0) return;
    void run(
      async () => {
        await call(`/api/admin/refunds/${encodeURIComponent(refund.id)}`, {
          method: 'POST',
          body: { amount, on, reference },
        });
        await onDone();
        return t('refunds.done', { code: refund.orderCode, amount: money(lang, amount ?? 0) });
      },
      (problem) => {
        const errors = fieldErrorsOf(problem);
        if (errors) {
          fields.show(errors);
          return null;
        }
        if (problem instanceof ApiFailure && problem.code === 'amount_mismatch') {
          return t('refunds.mismatch', { expected: money(lang, Number(problem.details.expected ?? 0)) });
        }
        if (problem instanceof ApiFailure && problem.code === 'already_recorded') {
          void onDone();
          return t('refunds.alreadyRecorded');
        }
        return undefined;
      },
    );
  };

  return (
    <form className="console-panel console-record" aria-labelledby={`${fields.ids}-title`} onSubmit={submit} noValidate>
      <h2 id={`${fields.ids}-title`} tabIndex={-1} ref={heading}>
        {t('refunds.formTitle', { code: refund.orderCode })}
      </h2>
      <p className="console-hint">{t('refunds.formIntro', { amount: money(lang, refund.amount) })}</p>
      <Outcome notice={notice} />
      <fieldset className="console-mark-paid__fields">
        {fields.field(
          'amount',
          t('refunds.amountField'),
          <input
            name="amount"
            defaultValue={prefilled}
            inputMode="decimal"
            autoComplete="off"
            onInput={fields.clear('amount')}
            {...fields.described('amount')}
          />,
        )}
        {fields.field(
          'on',
          t('refunds.on'),
          <input
            name="on"
            type="date"
            defaultValue={today()}
            max={today()}
            onInput={fields.clear('on')}
            {...fields.described('on')}
          />,
        )}
        {fields.field(
          'reference',
          t('refunds.reference'),
          <input
            name="reference"
            maxLength={140}
            autoComplete="off"
            onInput={fields.clear('reference')}
            {...fields.described('reference')}
          />,
        )}
        <div className="console-actions">
          <button type="submit" className="console-button" disabled={busy}>
            {busy ? t('refunds.sending') : t('refunds.submit')}
          </button>
          <button type="button" className="console-button console-button--quiet" onClick={onCancel}>
            {t('refunds.close')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
