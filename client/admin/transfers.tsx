import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatList } from '../../site/format';
import type { TransferReport } from '../../site/orders';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { KeptCredits, type KeptCreditsHandle } from './credits';
import { DataTable, moneyColumn } from './data-table';
import { Button, Field, ScreenHead } from './form-kit';
import { money } from './format';
import { useApi } from './session';
import { useErrorText } from './status';
import type { TransferImport } from './types';

/**
 * A statement file's text. Polish banks write MT940 in UTF-8 or in Windows-1250: bytes that are not
 * UTF-8 are read as the latter, so the titles' Polish letters come out right either way.
 */
async function fileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/**
 * Transfers: an organiser loads the bank's MT940 statement (a file, or its text pasted), the
 * worker records every incoming transfer whose title names an order, and the screen shows what
 * became of each: paid, paid before, another amount, no place left, no order named, several named,
 * a day outside the order's life, taken back by the bank (a reversal in the same statement).
 */
export function Transfers() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<TransferImport | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const kept = useRef<KeptCreditsHandle>(null);

  // The summary is where the organiser reads on: focus moves there once a report is in.
  useEffect(() => {
    if (result) summary.current?.focus();
  }, [result]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    const pasted = String(data.get('statement') ?? '');
    const statement = file instanceof File && file.size > 0 ? await fileText(file) : pasted;
    setFailure(null);
    if (!statement.trim()) {
      setFailure(t('transfers.empty'));
      return;
    }
    setBusy(true);
    try {
      setResult(await call<TransferImport>('/api/admin/transfers/import', { method: 'POST', body: { statement } }));
      // What the statement left over (a part, an excess, no order named) joins the kept credits below.
      void kept.current?.reload();
    } catch (problem) {
      setResult(null);
      if (problem instanceof ApiFailure && problem.code === 'invalid_statement') {
        setFailure(t('transfers.invalid', { line: problem.details.line, reason: problem.details.reason }));
      } else {
        setFailure(errorText(problem));
      }
    } finally {
      setBusy(false);
    }
  };

  const paid = result?.report.filter((entry) => entry.result === 'paid').length ?? 0;
  /** What became of a line, and, when the bank took back money of a paid order, what to check. */
  const resultText = (entry: TransferReport) => {
    const text = t(`transfers.results.${entry.result}`, {
      expected: money(lang, entry.expected ?? 0),
      received: money(lang, entry.received ?? 0),
      reason: entry.reason ? t(`transfers.dateReasons.${entry.reason}`) : '',
      codes: formatList(lang, entry.codes ?? []),
      line: entry.reversedBy ?? entry.reverses ?? '',
    });
    return entry.orderPaid ? `${text}. ${t('transfers.orderPaid')}` : text;
  };
  return (
    <>
      <ScreenHead title={t('transfers.title')} intro={t('transfers.intro')} />
      <form className="console-import" onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="console-import__fields">
          <Field id="statement-file" label={t('transfers.file')}>
            <input id="statement-file" name="file" type="file" accept=".sta,.mt940,.940,.txt,text/plain" />
          </Field>
          <Field id="statement-text" label={t('transfers.paste')}>
            <textarea id="statement-text" name="statement" rows={6} spellCheck={false} />
          </Field>
          <div>
            <Button type="submit">{busy ? t('transfers.sending') : t('transfers.submit')}</Button>
          </div>
        </fieldset>
      </form>
      <div role="alert">{failure && <p className="console-alert">{failure}</p>}</div>
      {result && (
        <>
          <p className="console-ok" tabIndex={-1} ref={summary}>
            {t('transfers.summary', {
              statements: result.statements,
              credits: result.credits,
              paid,
              reversals: result.reversals,
              debits: result.debits,
            })}
          </p>
          <DataTable<TransferReport>
            caption={t('transfers.caption')}
            rows={result.report}
            rowKey={(entry) => entry.line}
            rowClassName={(entry) => `console-transfer console-transfer--${entry.result}`}
            columns={[
              { id: 'line', header: t('transfers.line'), cell: (entry) => entry.line, sortBy: (entry) => entry.line },
              {
                id: 'date',
                header: t('transfers.date'),
                cell: (entry) => entry.bookedOn,
                sortBy: (entry) => entry.bookedOn,
                className: 'console-nowrap',
              },
              moneyColumn(lang, 'amount', t('transfers.amount'), (entry) => entry.amount),
              {
                id: 'title',
                header: t('transfers.transferTitle'),
                cell: (entry) => entry.title,
                className: 'console-break',
                wide: true,
              },
              {
                id: 'order',
                header: t('transfers.order'),
                cell: (entry) =>
                  entry.orderId ? (
                    <Link href={`/orders/${entry.orderId}`}>
                      <span translate="no">{entry.code}</span>
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              { id: 'result', header: t('transfers.result'), cell: resultText, rowHeader: true },
            ]}
          />
        </>
      )}
      <KeptCredits ref={kept} />
    </>
  );
}
