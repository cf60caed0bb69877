import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { language } from '../../site/languages';
import type { RefundOwed } from '../../site/orders';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, DataTable, moneyColumn, timeColumn } from './data-table';
import { Button, ScreenHead, useAction, useFields } from './form-kit';
import { calendarDay, money } from './format';
import { groszeOf } from './mark-paid';
import { RecordForm, type RowFormProps, SentFields, sentOf } from './record-form';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

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
              moneyColumn(lang, 'amount', t('refunds.amount'), (refund) => refund.amount),
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
              actionsColumn(t('refunds.act'), (refund) =>
                refund.state === 'owed' ? (
                  <Button
                    look="quiet"
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
                  </Button>
                ) : null,
              ),
            ]}
          />
          {chosen && (
            <RecordRefund
              key={chosen.id}
              refund={chosen}
              action={action}
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
  action: { busy, notice, run },
  onCancel,
  onDone,
}: RowFormProps & {
  refund: RefundOwed;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const fields = useFields('refunds', ['amount', 'on', 'reference']);
  const prefilled = new Intl.NumberFormat(language(lang).intl, { minimumFractionDigits: 2, useGrouping: false }).format(
    refund.amount / 100,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = String(data.get('amount') ?? '').trim();
    const amount = groszeOf(typed);
    const found: Record<string, string> = {};
    if (!typed) found.amount = 'required';
    else if (!amount) found.amount = 'invalid';
    const { on, reference } = sentOf(data, found);
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
        if (fields.refused(problem) === null) return null;
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
    <RecordForm
      fields={fields}
      heading={t('refunds.formTitle', { code: refund.orderCode })}
      level="h2"
      intro={<p className="console-hint">{t('refunds.formIntro', { amount: money(lang, refund.amount) })}</p>}
      notice={notice}
      busy={busy}
      submit={{ label: t('refunds.submit'), busy: t('refunds.sending') }}
      close={t('refunds.close')}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.field(
        'amount',
        t('refunds.amountField'),
        <input defaultValue={prefilled} inputMode="decimal" autoComplete="off" {...fields.control('amount')} />,
      )}
      <SentFields fields={fields} texts="refunds" />
    </RecordForm>
  );
}
