import { type FormEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { venueDay } from '../../site/format';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { fieldErrorsOf, type Notice, useAction, useFields } from './form-kit';
import { calendarDay, money } from './format';
import { useApi } from './session';
import { LoadState } from './status';
import type { KeptCredit } from './types';
import { useLoad } from './use-load';

const today = () => venueDay(Date.now());

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
            {
              id: 'date',
              header: t('transfers.date'),
              cell: (credit) => calendarDay(lang, credit.bookedOn),
              sortBy: (credit) => credit.bookedOn,
              className: 'console-nowrap',
            },
            {
              id: 'amount',
              header: t('transfers.amount'),
              cell: (credit) => money(lang, credit.amount),
              sortBy: (credit) => credit.amount,
              firstDirection: 'descending',
              numeric: true,
            },
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
            {
              id: 'act',
              header: t('credits.act'),
              headerHidden: true,
              cell: (credit) =>
                credit.state === 'open' && credit.kind !== 'part' ? (
                  <div className="console-actions">
                    {credit.kind === 'unmatched' && (
                      <button
                        type="button"
                        className="console-button console-button--quiet"
                        aria-label={`${t('credits.match')} – ${t('credits.matchFor', { amount: money(lang, credit.amount), title: titleOf(credit) })}`}
                        onClick={choose(credit, 'match')}
                      >
                        {t('credits.match')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      aria-label={`${t('credits.return')} – ${t('credits.returnFor', { amount: money(lang, credit.amount), title: titleOf(credit) })}`}
                      onClick={choose(credit, 'return')}
                    >
                      {t('credits.return')}
                    </button>
                  </div>
                ) : null,
            },
          ]}
        />
      )}
      {chosen && (
        <CreditForm
          key={`${chosen.credit.key}|${chosen.mode}`}
          credit={chosen.credit}
          mode={chosen.mode}
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
    </section>
  );
}

/** The last action's outcome, announced; shown in an open form, where the organiser is, else above the list. */
export function Outcome({ notice }: { notice: Notice }) {
  return (
    <div role="status">{notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}</div>
  );
}

/** Matching a credit to an order (its code), or recording that it was sent back (day, reference). */
function CreditForm({
  credit,
  mode,
  busy,
  notice,
  run,
  onCancel,
  onDone,
}: {
  credit: KeptCredit;
  mode: Mode;
  busy: boolean;
  notice: Notice;
  run: ReturnType<typeof useAction>['run'];
  onCancel: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const titleOf = useTitleOf();
  const { call } = useApi();
  const fields = useFields('credits', mode === 'match' ? ['order'] : ['on', 'reference']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
    const on = String(data.get('on') ?? '');
    const reference = String(data.get('reference') ?? '').trim();
    if (!on) found.on = 'required';
    else if (on > today()) found.on = 'in_future';
    else if (on < credit.bookedOn) found.on = 'before_credit';
    if (!reference) found.reference = 'required';
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
    const errors = fieldErrorsOf(problem);
    if (errors) {
      fields.show(errors);
      return null;
    }
    if (!(problem instanceof ApiFailure)) return undefined;
    if (problem.code === 'not_found' && field === 'order') {
      fields.show({ order: 'not_found' });
      return null;
    }
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
    <form className="console-panel console-record" aria-labelledby={`${fields.ids}-title`} onSubmit={submit} noValidate>
      <h3 id={`${fields.ids}-title`} tabIndex={-1} ref={heading}>
        {mode === 'match' ? t('credits.matchTitle', { amount }) : t('credits.returnTitle', { amount })}
      </h3>
      <p className="console-hint console-break">
        {t('credits.formIntro', { day: calendarDay(lang, credit.bookedOn), title: titleOf(credit) })}
      </p>
      <Outcome notice={notice} />
      <fieldset className="console-mark-paid__fields">
        {mode === 'match' ? (
          fields.field(
            'order',
            t('credits.order'),
            <input
              name="order"
              autoComplete="off"
              spellCheck={false}
              onInput={fields.clear('order')}
              {...fields.described('order', true)}
            />,
            t('credits.orderHint'),
          )
        ) : (
          <>
            {fields.field(
              'on',
              t('credits.on'),
              <input
                name="on"
                type="date"
                defaultValue={today()}
                min={credit.bookedOn}
                max={today()}
                onInput={fields.clear('on')}
                {...fields.described('on')}
              />,
            )}
            {fields.field(
              'reference',
              t('credits.reference'),
              <input
                name="reference"
                maxLength={140}
                autoComplete="off"
                onInput={fields.clear('reference')}
                {...fields.described('reference')}
              />,
            )}
          </>
        )}
        <div className="console-actions">
          <button type="submit" className="console-button" disabled={busy}>
            {busy ? t('credits.sending') : mode === 'match' ? t('credits.matchSubmit') : t('credits.returnSubmit')}
          </button>
          <button type="button" className="console-button console-button--quiet" onClick={onCancel}>
            {t('credits.close')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
