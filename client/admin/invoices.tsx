import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useLanguage } from '../lib/use-language';
import { DataTable, type Sort } from './data-table';
import { ExportButton, useDownload } from './export-button';
import { FilterForm, filtersFrom, InputFilter, SearchFilter, SelectFilter } from './filters';
import { Button } from './form-kit';
import { calendarDay, currentMonth, money, monthName } from './format';
import { currentBuyer, InvoiceDataForm } from './invoice-data';
import { orderHref } from './order-links';
import { useApi } from './session';
import { LoadState } from './status';
import { INVOICE_KINDS, type InvoicePage, type IssuedInvoice, KSEF_STATUSES } from './types';

/** Invoices per page: a month of a busy sale runs to hundreds, a page stays quick to render. */
const PAGE_SIZE = 50;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The month the screen shows: the URL's, the current one when the URL names none, or every month
 * when the organiser cleared the field (`month=` empty), to find an invoice by number whenever it was issued.
 */
function chosenMonth(search: URLSearchParams): string | null {
  if (!search.has('month')) return currentMonth();
  const month = search.get('month') ?? '';
  return MONTH.test(month) ? month : null;
}

/** The API query of the console's URL (without cursor and limit). */
function apiQuery(search: URLSearchParams, month: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (month) query.set('month', month);
  const kind = search.get('kind');
  if (kind && (INVOICE_KINDS as readonly string[]).includes(kind)) query.set('kind', kind);
  const ksef = search.get('ksef');
  if (ksef && (KSEF_STATUSES as readonly string[]).includes(ksef)) query.set('ksef', ksef);
  const q = search.get('q')?.trim();
  if (q) query.set('q', q);
  return query;
}

/**
 * The invoices and corrections the box office has issued: filters in the URL (month, kind, KSeF
 * state, text), "more" follows the API's cursor, each row downloads its PDF and FA(3) XML, and the
 * month goes to the accountant as CSV or as a zip of its XML files.
 */
export function Invoices() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const month = chosenMonth(search);
  const query = apiQuery(search, month).toString();
  const [list, setList] = useState<{ query: string; invoices: IssuedInvoice[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const shown = list?.query === query ? list : null;

  const page = useCallback(
    (cursor: string | null) => {
      const params = new URLSearchParams(query);
      params.set('limit', String(PAGE_SIZE));
      if (cursor) params.set('cursor', cursor);
      return call<InvoicePage>(`/api/admin/invoices?${params}`);
    },
    [call, query],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the first page again.
  useEffect(() => {
    let current = true;
    setError(null);
    page(null).then(
      (result) => current && setList({ query, ...result }),
      (failure) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [page, query, attempt]);

  const more = async () => {
    if (!shown?.cursor) return;
    setLoadingMore(true);
    setError(null);
    try {
      const next = await page(shown.cursor);
      setList((before) =>
        before?.query === query
          ? { query, invoices: [...before.invoices, ...next.invoices], cursor: next.cursor }
          : before,
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    const chosen = String(new FormData(event.currentTarget).get('month') ?? '').trim();
    // The current month is the default, so it stays out of the URL; no month at all is said as `month=`.
    const next = filtersFrom(
      event,
      ['kind', 'ksef', 'q'],
      chosen === currentMonth() ? undefined : new URLSearchParams({ month: chosen }),
    );
    navigate(next.size ? `/invoices?${next}` : '/invoices');
  };
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const waiting = shown?.invoices.some((invoice) => invoice.ksef.status === 'waiting') ?? false;

  return (
    <>
      <div className="console-title">
        <h1>{t('invoices.title')}</h1>
        {month && (
          <div className="console-title__tools">
            <ExportButton
              path={`/api/admin/invoices/export.csv?month=${month}`}
              filename={`faktury-${month}.csv`}
              label={t('invoices.exportCsv', { month: monthName(lang, month) })}
            />
            <ExportButton
              path={`/api/admin/invoices/export.zip?month=${month}`}
              filename={`faktury-${month}.zip`}
              label={t('invoices.exportZip', { month: monthName(lang, month) })}
            />
          </div>
        )}
      </div>
      <FilterForm search={search} apply={apply} reset="/invoices">
        <SearchFilter hint={t('invoices.searchHint')} maxLength={100} />
        <InputFilter name="month" type="month" label={t('invoices.month')} defaultValue={month ?? ''} />
        <SelectFilter
          name="kind"
          label={t('invoices.kind')}
          options={INVOICE_KINDS.map((kind) => [kind, t(`invoices.kinds.${kind}`)])}
        />
        <SelectFilter
          name="ksef"
          label={t('invoices.ksef')}
          options={KSEF_STATUSES.map((status) => [status, t(`invoices.ksefStates.${status}`)])}
        />
      </FilterForm>
      {waiting && <p className="console-note">{t('invoices.waitingNote')}</p>}
      <LoadState error={error} loading={!shown && !error} retry={retry} />
      {shown && (
        <>
          <InvoiceTable
            invoices={shown.invoices}
            // The list comes in order of issue; sorted by a column, the caption stops saying so.
            caption={(sort) =>
              month
                ? t(sort ? 'invoices.sortedCaption' : 'invoices.caption', { month: monthName(lang, month) })
                : t(sort ? 'invoices.sortedCaptionAll' : 'invoices.captionAll')
            }
            empty={t('invoices.empty')}
            withOrder
          />
          {shown.cursor && (
            <div className="console-pager">
              <Button look="quiet" onClick={more} disabled={loadingMore}>
                {loadingMore ? t('common.loading') : t('invoices.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/**
 * The invoices of one order (found by its code, kept only if they are this order's), with their
 * downloads: a panel of the order's screen. `revision` changes when the order may have a new one.
 */
export function OrderInvoices({
  orderId,
  code,
  revision,
  onChange,
}: {
  orderId: string;
  code: string;
  revision: number;
  /** After a correction of the buyer's data: the order's data and history changed too. */
  onChange?: () => void;
}) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [invoices, setInvoices] = useState<IssuedInvoice[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `revision` of the order reads its invoices again.
  const load = useCallback(async () => {
    setError(null);
    try {
      const page = await call<InvoicePage>(`/api/admin/invoices?${new URLSearchParams({ q: code, limit: '200' })}`);
      // The search also reads buyers' names: a name that happens to contain the code is someone else's.
      setInvoices(page.invoices.filter((invoice) => invoice.orderId === orderId));
    } catch (failure) {
      setError(failure);
    }
  }, [call, code, orderId, revision]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="order-invoices">
      <h2 id="order-invoices">{t('invoices.title')}</h2>
      <LoadState error={error} loading={!invoices && !error} retry={load} />
      {invoices &&
        (invoices.length === 0 ? (
          <p className="console-muted">{t('invoices.noneForOrder')}</p>
        ) : (
          <>
            {invoices.some((invoice) => invoice.ksef.status === 'waiting') && (
              <p className="console-note">{t('invoices.waitingNote')}</p>
            )}
            <InvoiceTable invoices={invoices} caption={t('invoices.orderCaption', { code })} />
            {/* The buyer's data put right on an invoice: a correction of their data (no amounts), or
                for a new tax number a correction to zero and a new invoice. One replaced is done with. */}
            {invoices
              .filter((invoice) => !invoice.correction)
              .map((invoice) => {
                const zero = invoices.find(
                  (item) => item.correction?.of.id === invoice.id && item.correction.replacedBy,
                );
                if (zero?.correction?.replacedBy) {
                  return (
                    <p className="console-hint" key={invoice.id}>
                      {t('invoiceData.replacedNote', {
                        number: invoice.number,
                        correction: zero.number,
                        replacement: zero.correction.replacedBy.number,
                      })}
                    </p>
                  );
                }
                return (
                  <details className="console-disclosure" key={invoice.id}>
                    <summary className="console-button console-button--quiet">
                      {t('invoiceData.correct', { number: invoice.number })}
                    </summary>
                    <p className="console-hint">{t('invoiceData.correctIntro')}</p>
                    <InvoiceDataForm
                      url={`/api/admin/invoices/${encodeURIComponent(invoice.id)}/buyer-correction`}
                      initial={currentBuyer(invoices, invoice)}
                      submit={t('invoiceData.correctSubmit')}
                      replaces={invoice.number}
                      onDone={(correction, replacement) => {
                        setDone(
                          replacement
                            ? t('invoiceData.replaced', { correction: correction.number, number: replacement.number })
                            : t('invoiceData.corrected', { number: correction.number }),
                        );
                        void load();
                        onChange?.();
                      }}
                    />
                  </details>
                );
              })}
            <div role="status">{done && <p className="console-ok">{done}</p>}</div>
          </>
        ))}
    </section>
  );
}

function InvoiceTable({
  invoices,
  caption,
  empty,
  withOrder = false,
}: {
  invoices: IssuedInvoice[];
  caption: string | ((sort: Sort | null) => string);
  empty?: string;
  withOrder?: boolean;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <DataTable<IssuedInvoice>
      caption={caption}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      empty={empty}
      className="console-table--invoices"
      columns={[
        {
          id: 'number',
          header: t('invoices.number'),
          rowHeader: true,
          className: 'console-nowrap',
          cell: (invoice) => <span translate="no">{invoice.number}</span>,
          sortBy: (invoice) => invoice.number,
        },
        {
          id: 'kind',
          header: t('invoices.kind'),
          cell: (invoice) => (
            <>
              {t(`invoices.kinds.${invoice.kind}`)}
              {invoice.correction && (
                <span className="console-hint console-block">
                  {t('invoices.corrects', { number: invoice.correction.of.number })}
                </span>
              )}
            </>
          ),
          sortBy: (invoice) => t(`invoices.kinds.${invoice.kind}`),
        },
        {
          id: 'issuedOn',
          header: t('invoices.issuedOn'),
          className: 'console-nowrap',
          cell: (invoice) => calendarDay(lang, invoice.issuedOn),
          sortBy: (invoice) => invoice.issuedOn,
          firstDirection: 'descending',
        },
        {
          id: 'buyer',
          header: t('invoices.buyer'),
          cell: (invoice) => (
            <>
              {invoice.buyer.name}
              <span className="console-hint console-block">
                {invoice.buyer.taxId
                  ? t(invoice.buyer.country === 'PL' ? 'invoices.nip' : 'invoices.taxNumber', {
                      taxId: invoice.buyer.taxId,
                    })
                  : t('order.invoicePerson')}
              </span>
            </>
          ),
          sortBy: (invoice) => invoice.buyer.name,
        },
        {
          id: 'gross',
          header: t('orders.gross'),
          numeric: true,
          cell: (invoice) => money(lang, invoice.totals.gross),
          sortBy: (invoice) => invoice.totals.gross,
          firstDirection: 'descending',
        },
        {
          id: 'ksef',
          header: t('invoices.ksef'),
          cell: (invoice) => <KsefCell invoice={invoice} />,
          sortBy: (invoice) => t(`invoices.ksefStates.${invoice.ksef.status}`),
        },
        withOrder && {
          id: 'order',
          header: t('invoices.order'),
          cell: (invoice: IssuedInvoice) => (
            <Link href={orderHref(invoice.orderId)} className="console-code">
              {invoice.orderCode}
            </Link>
          ),
        },
        { id: 'files', header: t('invoices.files'), cell: (invoice) => <InvoiceFiles invoice={invoice} /> },
      ]}
    />
  );
}

/** Where the invoice stands with KSeF, in words: its KSeF number once accepted, KSeF's reason if rejected. */
function KsefCell({ invoice }: { invoice: IssuedInvoice }) {
  const { t } = useTranslation('admin');
  const { ksef } = invoice;
  return (
    <>
      <span className={`console-status console-ksef--${ksef.status}`}>{t(`invoices.ksefStates.${ksef.status}`)}</span>
      {ksef.status === 'accepted' && (
        <span className="console-hint console-block console-break" translate="no">
          {ksef.number}
        </span>
      )}
      {ksef.status === 'rejected' && <span className="console-block console-alert-text">{ksef.error}</span>}
      {ksef.status === 'queued' && ksef.error && (
        <span className="console-hint console-block">{t('invoices.lastError', { error: ksef.error })}</span>
      )}
    </>
  );
}

/** The invoice's PDF and FA(3) XML, fetched with the token; each button names the invoice for a screen reader. */
function InvoiceFiles({ invoice }: { invoice: IssuedInvoice }) {
  const { t } = useTranslation('admin');
  const { busy, failed, get } = useDownload();
  // The server names the file (`FV-2027-00042.pdf`); this name is only a fallback.
  const fetchFile = (extension: 'pdf' | 'xml') =>
    get(`/api/admin/invoices/${invoice.id}.${extension}`, `${invoice.number.replaceAll('/', '-')}.${extension}`);
  return (
    <div className="console-files">
      {(['pdf', 'xml'] as const).map((extension) => (
        <Button key={extension} look="quiet" small disabled={busy} onClick={() => void fetchFile(extension)}>
          {extension.toUpperCase()}
          <span className="visually-hidden"> {t('invoices.fileOf', { number: invoice.number })}</span>
        </Button>
      ))}
      {failed && (
        <p className="console-alert" role="alert">
          {t('invoices.downloadFailed')}
        </p>
      )}
    </div>
  );
}
