import { type FormEvent, type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { KeptCredit } from '../../site/orders';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, DataTable, dayColumn, moneyColumn } from './data-table';
import { Button, Outcome, useAction, useFields } from './form-kit';
import { calendarDay, money } from './format';
import { RecordForm, type RowFormProps, SentFields, sentOf } from './record-form';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

type Mode = 'match' | 'return';

/** A credit's title as organisers read it: an excess has none of its own (the box office notes its order there). */
function useTitleOf() {
  const { t } = useTranslation('admin');
  return (credit: KeptCredit) => (credit.kind === 'excess' ? t('credits.excessTitle') : credit.title);
}

/** What the Transfers screen asks of the list: to read it again after a statement was imported. */
export type KeptCreditsHandle = { reload: () => Promise<void> };

/**
 * Credits a statement left over for organisers (worker/payments/statement-credits.ts): a part of an
 * order's gross waiting for the rest, the excess of an overpayment, a credit that named no order.
 * An unmatched credit can be given to a transfer order by its code (it pays it when the parts reach
 * its gross); an excess or an unmatched credit is marked returned once the money was sent back.
 */
export function KeptCredits({ ref }: { ref?: Ref<KeptCreditsHandle> }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const titleOf = useTitleOf();
  const { value: credits, error, load } = useLoad<KeptCredit[]>('/api/admin/transfers/credits', 'credits');
  const action = useAction();
  const [chosen, setChosen] = useState<{ credit: KeptCredit; mode: Mode } | null>(null);
  useImperativeHandle(ref, () => ({ reload: load }), [load]);

  const choose = (credit: KeptCredit, mode: Mode) => () => {
    action.setNotice(null);
    setChosen({ credit, mode });
  };
  const stateText = (credit: KeptCredit) =>
    credit.returned
      ? t('credits.returnedValue', {
          on: calendarDay(lang, credit.returned.on),
          reference: credit.returned.reference,
          by: credit.returned.by,
        })
      : t(`credits.states.${credit.state}`);

  return (
    <section aria-labelledby="kept-credits" className="console-section">
      <h2 id="kept-credits">{t('credits.title')}</h2>
      <p className="console-muted">{t('credits.intro')}</p>
      <Outcome notice={chosen ? null : action.notice} />
      {!credits ? (
        <LoadState error={error} loading={!error} retry={load} />
      ) : (
        <DataTable<KeptCredit>
          caption={t('credits.caption')}
          captionHidden
          rows={credits}
          rowKey={(credit) => credit.key}
          empty={t('credits.empty')}
          columns={[
            dayColumn(lang, 'date', t('transfers.date'), (credit) => credit.bookedOn),
            moneyColumn(lang, 'amount', t('transfers.amount'), (credit) => credit.amount),
            {
              id: 'kind',
              header: t('credits.kind'),
              rowHeader: true,
              cell: (credit) => t(`credits.kinds.${credit.kind}`),
            },
            {
              id: 'title',
              header: t('transfers.transferTitle'),
              cell: titleOf,
              className: 'console-break',
              wide: true,
            },
            {
              id: 'order',
              header: t('transfers.order'),
              cell: (credit) =>
                credit.orderId ? (
                  <Link href={`/orders/${credit.orderId}`}>{t('credits.openOrder')}</Link>
                ) : (
                  t('common.none')
                ),
            },
            { id: 'state', header: t('credits.state'), cell: stateText, className: 'console-break' },
            actionsColumn(t('credits.act'), (credit) =>
              credit.state === 'open' && credit.kind !== 'part' ? (
                <div className="console-actions">
                  {(credit.kind === 'unmatched' ? (['match', 'return'] as const) : (['return'] as const)).map(
                    (mode) => (
                      <Button
                        key={mode}
                        look="quiet"
                        aria-label={`${t(`credits.${mode}`)} – ${t(`credits.${mode}For`, { amount: money(lang, credit.amount), title: titleOf(credit) })}`}
                        onClick={choose(credit, mode)}
                      >
                        {t(`credits.${mode}`)}
                      </Button>
                    ),
                  )}
                </div>
              ) : null,
            ),
          ]}
        />
      )}
      {chosen && (
        <CreditForm
          key={`${chosen.credit.key}|${chosen.mode}`}
          credit={chosen.credit}
          mode={chosen.mode}
          action={action}
          onCancel={() => setChosen(null)}
          onDone={async () => {
            setChosen(null);
            await load();
          }}
        />
      )}
    </section>
  );
}

/** Matching a credit to an order (its code), or recording that it was sent back (day, reference). */
function CreditForm({
  credit,
  mode,
  action: { busy, notice, run },
  onCancel,
  onDone,
}: RowFormProps & {
  credit: KeptCredit;
  mode: Mode;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const titleOf = useTitleOf();
  const { call } = useApi();
  const fields = useFields('credits', mode === 'match' ? ['order'] : ['on', 'reference']);
  const amount = money(lang, credit.amount);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    if (mode === 'match') {
      // Organisers copy the code from the order page or the buyer's e-mail: case and spaces do not matter.
      const order = String(data.get('order') ?? '')
        .replace(/\s+/g, '')
        .toUpperCase();
      if (!order) found.order = 'required';
      else if (order.length < 4 || order.length > 40) found.order = 'invalid';
      fields.show(found);
      if (found.order) return;
      void run(
        async () => {
          const answer = await call<{ result: string; order?: string; expected?: number; received?: number }>(
            '/api/admin/transfers/credits/match',
            { method: 'POST', body: { key: credit.key, order } },
          );
          await onDone();
          return answer.result === 'paid'
            ? t('credits.matchedPaid', { code: answer.order ?? order, amount })
            : t('credits.matchedKept', {
                code: order,
                expected: money(lang, answer.expected ?? 0),
                received: money(lang, answer.received ?? 0),
              });
        },
        (problem) => refusal(problem, 'order'),
      );
      return;
    }
    const { on, reference } = sentOf(data, found, credit.bookedOn);
    fields.show(found);
    if (Object.keys(found).length > 0) return;
    void run(
      async () => {
        await call('/api/admin/transfers/credits/return', {
          method: 'POST',
          body: { key: credit.key, on, reference },
        });
        await onDone();
        return t('credits.returnedDone', { amount });
      },
      (problem) => refusal(problem, 'on'),
    );
  };

  /** A refusal at its field (422, an unknown order code), else in words above the list. */
  const refusal = (problem: unknown, field: string) => {
    if (fields.refused(problem, field === 'order' ? { not_found: 'order' } : {}) === null) return null;
    if (!(problem instanceof ApiFailure)) return undefined;
    if (['credit_not_found', 'credit_not_open'].includes(problem.code)) {
      void onDone();
      return t(`credits.errors.${problem.code as 'credit_not_open'}`);
    }
    if (['not_transfer', 'already_paid', 'not_payable', 'no_place', 'invalid_date'].includes(problem.code)) {
      return t(`credits.errors.${problem.code as 'not_transfer'}`);
    }
    return undefined;
  };

  return (
    <RecordForm
      fields={fields}
      heading={mode === 'match' ? t('credits.matchTitle', { amount }) : t('credits.returnTitle', { amount })}
      level="h3"
      intro={
        <p className="console-hint console-break">
          {t('credits.formIntro', { day: calendarDay(lang, credit.bookedOn), title: titleOf(credit) })}
        </p>
      }
      notice={notice}
      busy={busy}
      submit={{
        label: mode === 'match' ? t('credits.matchSubmit') : t('credits.returnSubmit'),
        busy: t('credits.sending'),
      }}
      close={t('credits.close')}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {mode === 'match' ? (
        fields.field(
          'order',
          t('credits.order'),
          <input autoComplete="off" spellCheck={false} {...fields.control('order', true)} />,
          t('credits.orderHint'),
        )
      ) : (
        <SentFields fields={fields} texts="credits" after={credit.bookedOn} />
      )}
    </RecordForm>
  );
}
