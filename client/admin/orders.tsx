import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PRODUCT_IDS } from '../../site/tickets';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { type Column, DataTable, type Sort, timeColumn } from './data-table';
import { ExportButton } from './export-button';
import { FilterForm, filtersFrom, InputFilter, SearchFilter, SelectFilter } from './filters';
import { Button } from './form-kit';
import { buyerName, dayEnd, dayStart, money, summary } from './format';
import { orderHref, rememberOrdersSearch } from './order-links';
import { useApi } from './session';
import { LoadState } from './status';
import { ORDER_STATUSES, type Order, type OrderPage } from './types';

/** Orders per page: a screenful on a laptop, and few enough for a phone to render at once. */
const PAGE_SIZE = 50;
const FILTERS = ['q', 'product', 'status', 'from', 'to'] as const;

/**
 * The list's order, in the URL: newest first unless the organiser asks otherwise (on event day the
 * order just placed at the desk is the one looked for). The box office sorts, as the list is paged.
 */
const oldestFirst = (search: URLSearchParams) => search.get('sort') === 'oldest';

/** The API query of the filters in the console's URL (days become instants of this browser). */
function apiQuery(search: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  const q = search.get('q')?.trim();
  if (q) query.set('q', q);
  for (const name of ['product', 'status'] as const) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const from = dayStart(search.get('from') ?? '');
  const to = dayEnd(search.get('to') ?? '');
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query;
}

/**
 * The order table: search and filters live in the URL (so the way back from an order keeps them),
 * pages follow the API's cursor, and the export holds every order the filters match.
 */
export function Orders() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const search = new URLSearchParams(useSearch());
  rememberOrdersSearch(search.toString());
  const [, navigate] = useLocation();
  const filters = apiQuery(search).toString();
  const oldest = oldestFirst(search);
  // The list asks for its order too; the export takes the filters only, so its file stays in the
  // order the orders were placed, whichever way the screen shows them.
  const query = `${filters ? `${filters}&` : ''}sort=${oldest ? 'oldest' : 'newest'}`;
  // Cursors of the pages seen so far under this query: the first page has none.
  const [paging, setPaging] = useState<{ query: string; cursors: (string | null)[] }>({ query, cursors: [null] });
  const cursors = paging.query === query ? paging.cursors : [null];
  const setCursors = (next: (list: (string | null)[]) => (string | null)[]) =>
    setPaging({ query, cursors: next(cursors) });
  const [page, setPage] = useState<OrderPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const cursor = cursors.at(-1) ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the same page.
  useEffect(() => {
    let current = true;
    setPage(null);
    setError(null);
    const params = new URLSearchParams(query);
    params.set('limit', String(PAGE_SIZE));
    if (cursor) params.set('cursor', cursor);
    call<OrderPage>(`/api/admin/orders?${params}`).then(
      (result) => current && setPage(result),
      (failure) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [call, query, cursor, attempt]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    const next = filtersFrom(event, FILTERS);
    if (oldest) next.set('sort', 'oldest');
    navigate(next.size ? `/orders?${next}` : '/orders');
  };
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const sortBy = (sort: Sort) => {
    const next = new URLSearchParams(search);
    if (sort.direction === 'ascending') next.set('sort', 'oldest');
    else next.delete('sort');
    navigate(next.size ? `/orders?${next}` : '/orders');
  };
  const columns: Column<Order>[] = [
    {
      id: 'code',
      header: t('orders.code'),
      rowHeader: true,
      cell: (order) => (
        <Link href={orderHref(order.id)} className="console-code">
          {order.code}
        </Link>
      ),
    },
    timeColumn(lang, 'created', t('orders.created'), (order) => order.createdAt, { sortable: true }),
    { id: 'product', header: t('orders.product'), cell: (order) => summary(order, productName) },
    {
      id: 'status',
      header: t('orders.status'),
      cell: (order) => (
        <span className={`console-status console-status--${order.status}`}>{t(`status.${order.status}`)}</span>
      ),
    },
    { id: 'email', header: t('orders.email'), cell: (order) => order.email, className: 'console-break' },
    { id: 'name', header: t('orders.buyer'), cell: (order) => buyerName(order) },
    { id: 'gross', header: t('orders.gross'), cell: (order) => money(lang, order.gross), numeric: true },
  ];

  return (
    <>
      <div className="console-title">
        <h1>{t('orders.title')}</h1>
        <div className="console-title__tools">
          <ExportButton path={`/api/admin/orders?${filters ? `${filters}&` : ''}format=csv`} filename="orders.csv" />
          <ExportButton
            path={`/api/admin/orders?${filters ? `${filters}&` : ''}format=csv&rows=tickets`}
            filename="tickets.csv"
            label={t('orders.exportTickets')}
          />
        </div>
      </div>
      <FilterForm search={search} apply={apply} reset="/orders">
        <SearchFilter hint={t('orders.searchHint')} maxLength={200} />
        <SelectFilter
          name="product"
          label={t('orders.product')}
          options={PRODUCT_IDS.map((id) => [id, productName(id)])}
        />
        <SelectFilter
          name="status"
          label={t('orders.status')}
          options={ORDER_STATUSES.map((status) => [status, t(`status.${status}`)])}
        />
        <InputFilter name="from" type="date" label={t('orders.from')} />
        <InputFilter name="to" type="date" label={t('orders.to')} />
      </FilterForm>
      <LoadState error={error} loading={!page && !error} retry={retry} />
      {page && (
        <DataTable
          caption={t(oldest ? 'orders.captionOldest' : 'orders.caption', { page: cursors.length })}
          columns={columns}
          rows={page.orders}
          rowKey={(order) => order.id}
          empty={t('orders.empty')}
          sort={{ column: 'created', direction: oldest ? 'ascending' : 'descending' }}
          onSort={sortBy}
        />
      )}
      <nav className="console-pager" aria-label={t('orders.pages')}>
        <Button look="quiet" disabled={cursors.length === 1} onClick={() => setCursors((list) => list.slice(0, -1))}>
          {t('orders.previous')}
        </Button>
        <Button
          look="quiet"
          disabled={!page?.cursor}
          onClick={() => page?.cursor && setCursors((list) => [...list, page.cursor])}
        >
          {t('orders.next')}
        </Button>
      </nav>
    </>
  );
}
