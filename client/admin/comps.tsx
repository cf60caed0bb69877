import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AllotmentView,
  COMP_REASONS,
  type CompBatch,
  type CompReason,
  type CompRowReport,
  parseCompRows,
} from '../../site/comps';
import { LANGUAGES } from '../../site/languages';
import { PARTNER_PACKAGES } from '../../site/partners';
import { PRODUCT_IDS, type ProductId } from '../../site/tickets';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { DataTable, SectionTable, timeColumn } from './data-table';
import { Button, type Choice, ScreenHead, Section, Select, useAction, useFields } from './form-kit';
import { count } from './format';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

type Check = { ok: boolean; count: number; rows: CompRowReport[]; remaining: Record<string, number | null> };

/**
 * Free tickets (site/comps.ts): the organiser pastes lines or loads a CSV, checks every row (the bad
 * ones listed by line with their reasons; nothing is issued while any is bad), then issues the
 * batch, once (its Idempotency-Key is made with the check). Below: the batches issued, and the
 * partners' allotments with their places used and unused.
 */
export function Comps() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { ids, field } = useFields('comps', []);
  const productName = useProductName();
  const { call } = useApi();
  const { busy, notice, setNotice, run } = useAction();
  const [text, setText] = useState('');
  const [reason, setReason] = useState<CompReason>('speaker');
  const [product, setProduct] = useState<ProductId>('onsite-standard');
  const [note, setNote] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  const [key, setKey] = useState('');
  const batches = useLoad<CompBatch[]>('/api/admin/comps', 'batches');
  const allotments = useLoad<AllotmentView[]>('/api/admin/allotments', 'allotments');

  const body = () => ({ reason, product, ...(note.trim() ? { note: note.trim() } : {}), rows: parseCompRows(text) });
  const edited = () => {
    setCheck(null);
    setNotice(null);
  };
  /** A choice of the batch (its reason, its product): changed, the batch is to be checked again. */
  const choice = <V extends string>(
    name: 'reason' | 'product',
    value: V,
    set: (value: V) => void,
    options: readonly Choice[],
  ) =>
    field(
      name,
      t(`comps.${name}`),
      <Select
        id={`${ids}-${name}`}
        value={value}
        onChange={(event) => {
          set(event.target.value as V);
          edited();
        }}
        options={options}
      />,
    );
  const soldOutText = (problem: ApiFailure) =>
    t('comps.soldOut', {
      left: Object.entries((problem.details.remaining ?? {}) as Record<string, number>)
        .map(([id, n]) => `${productName(id as ProductId)}: ${count(lang, n)}`)
        .join(', '),
    });

  const runCheck = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      setCheck(await call<Check>('/api/admin/comps?check=1', { method: 'POST', body: body() }));
      setKey(crypto.randomUUID());
      return undefined;
    });
  };

  const issue = () =>
    run(
      async () => {
        const batch = await call<CompBatch>('/api/admin/comps', {
          method: 'POST',
          body: body(),
          headers: { 'Idempotency-Key': key },
        });
        setText('');
        setCheck(null);
        await batches.load();
        return t('comps.issued', { count: batch.orders.length });
      },
      (problem) => {
        if (problem instanceof ApiFailure && problem.code === 'invalid_rows') {
          setCheck({ ok: false, count: 0, rows: problem.details.rows as CompRowReport[], remaining: {} });
          return null;
        }
        return problem instanceof ApiFailure && problem.code === 'sold_out' ? soldOutText(problem) : undefined;
      },
    );

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setText(await file.text());
    edited();
  };

  const createAllotment = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    await run(async () => {
      const made = await call<AllotmentView>('/api/admin/allotments', { method: 'POST', body: data });
      form.reset();
      await allotments.load();
      return t('comps.created', { email: made.email });
    });
  };

  return (
    <>
      <ScreenHead title={t('comps.title')} intro={t('comps.intro')} notice={notice} />

      <form className="console-form" onSubmit={runCheck}>
        {choice(
          'reason',
          reason,
          setReason,
          COMP_REASONS.map((r) => [r, t(`comps.reasons.${r}`)]),
        )}
        {choice(
          'product',
          product,
          setProduct,
          PRODUCT_IDS.map((id) => [id, productName(id)]),
        )}
        {field(
          'note',
          t('comps.note'),
          <input id={`${ids}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />,
        )}
        {field(
          'file',
          t('comps.file'),
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => void loadFile(e.target.files?.[0])}
          />,
        )}
        {field(
          'rows',
          t('comps.rows'),
          <textarea
            id={`${ids}-rows`}
            rows={8}
            value={text}
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              edited();
            }}
          />,
        )}
        <Button type="submit" disabled={busy || !text.trim()}>
          {t('comps.check')}
        </Button>
      </form>

      {check && (
        <section aria-live="polite">
          {check.ok ? (
            <>
              <p className="console-ok">
                {t('comps.checked', { count: check.count })}{' '}
                {Object.entries(check.remaining).map(([id, n]) => (
                  <span key={id}>
                    {productName(id as ProductId)}:{' '}
                    {t('comps.left', { remaining: n === null ? t('comps.unlimited') : count(lang, n) })}{' '}
                  </span>
                ))}
              </p>
              <Button disabled={busy} onClick={() => void issue()}>
                {t('comps.issue')}
              </Button>
            </>
          ) : (
            <>
              <p className="console-alert">{t('comps.bad')}</p>
              <ul>
                {check.rows.map((row) => (
                  <li key={row.line}>
                    {t('comps.line', { line: row.line })}:{' '}
                    {row.problems.map((p) => t(`comps.problems.${p}`)).join(', ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      <SectionTable<CompBatch>
        title={t('comps.batches')}
        loaded={batches}
        empty={t('comps.none')}
        columns={[
          timeColumn(lang, 'at', t('comps.at'), (b) => b.createdAt),
          { id: 'reason', header: t('comps.reason'), cell: (b) => t(`comps.reasons.${b.reason}`) },
          { id: 'product', header: t('comps.product'), cell: (b) => productName(b.product) },
          { id: 'count', header: t('comps.batchCount'), cell: (b) => count(lang, b.orders.length) },
          { id: 'by', header: t('comps.by'), cell: (b) => b.by },
        ]}
      />

      <Section title={t('comps.allotments')}>
        <form className="console-form" onSubmit={createAllotment}>
          {field(
            'partner',
            t('comps.partner'),
            <input id={`${ids}-partner`} name="partner" required maxLength={120} autoComplete="organization" />,
          )}
          {field(
            'contact',
            t('comps.contact'),
            <input id={`${ids}-contact`} name="email" type="email" required maxLength={254} autoComplete="off" />,
          )}
          {field(
            'tier',
            t('comps.package'),
            <Select
              id={`${ids}-tier`}
              name="tier"
              defaultValue="gold"
              options={PARTNER_PACKAGES.map((p) => [p.tier, t(`comps.tiers.${p.tier}`)])}
            />,
          )}
          {field(
            'lang',
            t('comps.lang'),
            <Select
              id={`${ids}-lang`}
              name="lang"
              defaultValue="pl"
              options={LANGUAGES.map((l) => [l.code, l.label])}
            />,
          )}
          <Button type="submit" disabled={busy}>
            {t('comps.create')}
          </Button>
        </form>
        <LoadState error={allotments.error} loading={!allotments.value && !allotments.error} retry={allotments.load} />
        {allotments.value && allotments.value.length > 0 && (
          <DataTable<AllotmentView & { place: AllotmentView['places'][number] }>
            caption={t('comps.allotments')}
            captionHidden
            rows={allotments.value.flatMap((a) => a.places.map((place) => ({ ...a, place })))}
            rowKey={(row) => `${row.id}-${row.place.product}`}
            columns={[
              {
                id: 'partner',
                header: t('comps.partner'),
                rowHeader: true,
                cell: (row) => (
                  <>
                    {row.partner} <span className="console-muted">{row.email}</span>
                  </>
                ),
              },
              { id: 'package', header: t('comps.package'), cell: (row) => t(`comps.tiers.${row.tier}`) },
              { id: 'product', header: t('comps.product'), cell: (row) => productName(row.place.product) },
              { id: 'used', header: t('comps.used'), cell: (row) => count(lang, row.place.used) },
              { id: 'unused', header: t('comps.unused'), cell: (row) => count(lang, row.place.size - row.place.used) },
            ]}
          />
        )}
      </Section>
    </>
  );
}
