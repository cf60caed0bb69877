// biome-ignore-all lint/a11y/noRedundantRoles: a phone shows rows as cards (CSS display), which takes a table's
// semantics away in some browsers (Safari): the roles written out keep them.
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LanguageCode, language } from '../../site/languages';
import { useLanguage } from '../lib/use-language';
import { Section } from './form-kit';
import { calendarDay, dateTime, money } from './format';
import { LoadState } from './status';

export type SortDirection = 'ascending' | 'descending';
export type Sort = { column: string; direction: SortDirection };

/** One column of a console table, as data. */
export type Column<Row> = {
  /** Names the column: the key of its sort and of its footer cell. */
  id: string;
  /** The header's text; on a phone, the label of the value in each row's card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: the value rows are compared by (null last, whichever the direction). */
  sortBy?: (row: Row) => string | number | null;
  /** The first click's direction: times and amounts are mostly wanted largest first. */
  firstDirection?: SortDirection;
  /** A figure: right-aligned in tabular digits. */
  numeric?: boolean;
  /** The cell that names the row (`<th scope="row">`), the title of the row's card on a phone. */
  rowHeader?: boolean;
  /** A long text (a message): on a phone its value goes under its label, at full width. */
  wide?: boolean;
  /** A header for screen readers only (a column of buttons, which say what they do themselves). */
  headerHidden?: boolean;
  /** Further classes of the column's cells (`console-break`, `console-nowrap`). */
  className?: string;
};

/**
 * A column of instants at the venue, each on one line; `sortable` sorts it, newest first at the
 * first click. `more` adds to or overrides the rest (a row header, another class).
 */
export function timeColumn<Row>(
  lang: LanguageCode,
  id: string,
  header: string,
  at: (row: Row) => string,
  { sortable = false, ...more }: Partial<Column<Row>> & { sortable?: boolean } = {},
): Column<Row> {
  const sorting: Partial<Column<Row>> = sortable
    ? { sortBy: (row) => Date.parse(at(row)), firstDirection: 'descending' }
    : {};
  return { id, header, className: 'console-nowrap', cell: (row) => dateTime(lang, at(row)), ...sorting, ...more };
}

/** A column of amounts in złoty (grosze in the row), sortable, largest first at the first click. */
export function moneyColumn<Row>(
  lang: LanguageCode,
  id: string,
  header: string,
  amount: (row: Row) => number,
): Column<Row> {
  return {
    id,
    header,
    cell: (row) => money(lang, amount(row)),
    sortBy: amount,
    firstDirection: 'descending',
    numeric: true,
  };
}

/** A column of days at the venue (`YYYY-MM-DD`), sortable, each on one line. */
export function dayColumn<Row>(lang: LanguageCode, id: string, header: string, day: (row: Row) => string): Column<Row> {
  return { id, header, cell: (row) => calendarDay(lang, day(row)), sortBy: day, className: 'console-nowrap' };
}

/** The last column: a row's buttons, which say what they do themselves (its header for screen readers only). */
export function actionsColumn<Row>(header: string, cell: (row: Row) => ReactNode): Column<Row> {
  return { id: 'actions', header, headerHidden: true, cell };
}

type Keyed<Row> = {
  /** A row's key among the others: the row's `id` unless said otherwise (a row without one must say). */
  rowKey?: (row: Row) => string | number;
};

/**
 * The rows: given, or as a screen reads them from the API (`useLoad`), with the loading text or
 * the failure and its retry in the table's place until they came.
 */
type Source<Row> = {
  rows?: readonly Row[];
  loaded?: { value: readonly Row[] | null; error: unknown; load: () => void };
};

type Named = {
  /** The table's accessible name, shown above it; a function when it says the order, which a sort changes. */
  caption: string | ((sort: Sort | null) => string);
  /** The name for screen readers only, where a heading just above already says it to the eye. */
  captionHidden?: boolean;
};

type Props<Row> = Keyed<Row> & Source<Row> & Named & Shown<Row>;

type Shown<Row> = {
  columns: readonly (Column<Row> | false | null | undefined)[];
  /** What an empty list says (the caption and headers stay, so the organiser sees what is empty). */
  empty?: string;
  /** The order shown first; none keeps the rows in the order they came in. */
  initialSort?: Sort | null;
  /**
   * A list sorted by its server (a paged list, where sorting one page would mislead): the sort is
   * the owner's, a header asks the owner to change it, and the rows are shown as they come.
   */
  sort?: Sort | null;
  onSort?: (sort: Sort) => void;
  /** A last row under the others (a total), its cells by column id. */
  footer?: Partial<Record<string, ReactNode>>;
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
};

/**
 * The console's one table: columns as data, sorting by a header's button (`aria-sort` on the sorted
 * column), an empty state, and a phone layout where each row is a card whose values carry their
 * column's header as a label (admin.css, `.data-table`), so the page never scrolls sideways.
 */
export function DataTable<Row>(props: Props<Row>) {
  const rows = props.loaded ? props.loaded.value : props.rows;
  if (!rows && props.loaded) {
    const { error, load } = props.loaded;
    return <LoadState error={error} loading={!error} retry={load} />;
  }
  const { loaded: _loaded, rows: _rows, rowKey = idOf, ...shown } = props;
  return <Table<Row> {...shown} rows={rows ?? []} rowKey={rowKey} />;
}

/**
 * A list under its own heading (an `h2`, which names the section and, for screen readers, the
 * table), with what goes before the table (`intro`) and after it (`children`).
 */
export function SectionTable<Row>({
  title,
  intro,
  children,
  ...table
}: { title: string; intro?: ReactNode; children?: ReactNode } & Keyed<Row> & Source<Row> & Shown<Row>) {
  return (
    <Section title={title}>
      {intro}
      <DataTable<Row> {...table} caption={title} captionHidden />
      {children}
    </Section>
  );
}

function Table<Row>({
  caption,
  captionHidden = false,
  columns: given,
  rows,
  rowKey,
  empty,
  initialSort = null,
  sort: ownerSort,
  onSort,
  footer,
  rowClassName,
  className,
}: Named & Shown<Row> & { rows: readonly Row[]; rowKey: (row: Row) => string | number }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const columns = given.filter((column): column is Column<Row> => Boolean(column));
  const controlled = onSort !== undefined;
  const [ownSort, setOwnSort] = useState<Sort | null>(initialSort);
  const sort = controlled ? (ownerSort ?? null) : ownSort;
  const sortable = columns.filter((column) => column.sortBy);
  const choose = (next: Sort) => (controlled ? onSort(next) : setOwnSort(next));

  const shown = sortRows(rows, columns, controlled ? null : sort, language(lang).intl);
  const headerClick = (column: Column<Row>) =>
    choose({
      column: column.id,
      direction:
        sort?.column === column.id
          ? sort.direction === 'ascending'
            ? 'descending'
            : 'ascending'
          : (column.firstDirection ?? 'ascending'),
    });
  const canSort = sortable.length > 0 && shown.length > 1;

  const cellOf = (column: Column<Row>, content: ReactNode, key: string) => {
    const classes = [column.numeric && 'num', column.wide && 'data-table__wide', column.className]
      .filter(Boolean)
      .join(' ');
    // The label shows only in a phone's card, where the header row is hidden (and so out of the
    // accessibility tree): there it names the value, for the eye and for a screen reader alike.
    const inner = (
      <>
        {!column.rowHeader && !column.headerHidden && <span className="data-table__label">{column.header}</span>}
        <span className="data-table__value">{content}</span>
      </>
    );
    return column.rowHeader ? (
      <th key={key} scope="row" role="rowheader" className={classes || undefined}>
        {inner}
      </th>
    ) : (
      <td key={key} role="cell" className={classes || undefined}>
        {inner}
      </td>
    );
  };

  return (
    <div className={['console-table-wrap', 'data-table-wrap', className].filter(Boolean).join(' ')}>
      {/* The table's name, outside it: a phone's sort choice goes between the name and the rows. */}
      <p id={`${id}-caption`} className={captionHidden ? 'visually-hidden' : 'data-table__caption'}>
        {typeof caption === 'string' ? caption : caption(sort)}
      </p>
      {canSort && (
        <div className="data-table__sorter console-field">
          <label htmlFor={`${id}-sort`}>{t('table.sortBy')}</label>
          <select
            id={`${id}-sort`}
            value={sort ? `${sort.column}:${sort.direction}` : ''}
            onChange={(event) => {
              const [column = '', direction] = event.target.value.split(':');
              if (direction === 'ascending' || direction === 'descending') choose({ column, direction });
              else setOwnSort(null);
            }}
          >
            {!controlled && !initialSort && <option value="">{t('table.listOrder')}</option>}
            {sortable.flatMap((column) =>
              (['ascending', 'descending'] as const).map((direction) => (
                <option key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
                  {t(`table.${direction}`, { column: column.header })}
                </option>
              )),
            )}
          </select>
        </div>
      )}
      <table
        role="table"
        className="console-table data-table"
        aria-labelledby={`${id}-caption`}
        aria-describedby={canSort ? `${id}-hint` : undefined}
      >
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const active = sort?.column === column.id;
              return (
                <th
                  key={column.id}
                  scope="col"
                  role="columnheader"
                  className={column.numeric ? 'num' : undefined}
                  aria-sort={active && canSort ? sort.direction : undefined}
                >
                  {canSort && column.sortBy ? (
                    <button type="button" className="data-table__sort" onClick={() => headerClick(column)}>
                      {column.header}
                      <span aria-hidden="true" className={`data-table__arrow${active ? ' data-table__arrow--on' : ''}`}>
                        {active ? (sort.direction === 'ascending' ? '↑' : '↓') : '↕'}
                      </span>
                    </button>
                  ) : column.headerHidden ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {shown.map((row) => (
            <tr key={rowKey(row)} role="row" className={rowClassName?.(row)}>
              {columns.map((column) => cellOf(column, column.cell(row), column.id))}
            </tr>
          ))}
        </tbody>
        {footer && shown.length > 0 && (
          <tfoot role="rowgroup">
            <tr role="row">{columns.map((column) => cellOf(column, footer[column.id] ?? null, column.id))}</tr>
          </tfoot>
        )}
      </table>
      {shown.length === 0 && <p className="console-muted data-table__empty">{empty ?? t('table.empty')}</p>}
      {canSort && (
        <p id={`${id}-hint`} hidden>
          {t('table.sortHint')}
        </p>
      )}
    </div>
  );
}

/** The key of a row that has an `id` (most of the API's records). */
const idOf = (row: unknown) => (row as { id: string | number }).id;

/** The rows in the order of a sort (a stable sort of a copy: equal rows keep the order they came in). */
function sortRows<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  sort: Sort | null,
  locale: string,
): readonly Row[] {
  const value = columns.find((column) => column.id === sort?.column)?.sortBy;
  if (!sort || !value) return rows;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.toSorted((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  });
}
