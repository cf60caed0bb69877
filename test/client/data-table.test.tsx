import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../client/admin/api';
import { type Column, DataTable, moneyColumn, SectionTable, type Sort } from '../../client/admin/data-table';
import { FilterForm, InputFilter, SearchFilter, SelectFilter } from '../../client/admin/filters';
import { Button } from '../../client/admin/form-kit';
import { createI18n } from '../../client/lib/i18n';
import admin from '../../locales/pl/admin.json';

type Row = { id: string; name: string; amount: number; paidAt: string | null };

const ROWS: Row[] = [
  { id: 'a', name: 'Bartek', amount: 300, paidAt: '2027-03-02T10:00:00Z' },
  { id: 'b', name: 'Ala', amount: 1200, paidAt: null },
  { id: 'c', name: 'Celina', amount: 50, paidAt: '2027-03-01T10:00:00Z' },
];

const COLUMNS: Column<Row>[] = [
  { id: 'name', header: 'Imię', rowHeader: true, cell: (row) => <a href={`#${row.id}`}>{row.name}</a> },
  {
    id: 'amount',
    header: 'Kwota',
    numeric: true,
    cell: (row) => `${row.amount} zł`,
    sortBy: (row) => row.amount,
    firstDirection: 'descending',
  },
  {
    id: 'paid',
    header: 'Opłacone',
    cell: (row) => row.paidAt ?? '',
    sortBy: (row) => (row.paidAt ? Date.parse(row.paidAt) : null),
  },
];

/** The console's table in Polish, as the console renders it. */
function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const i18n = createI18n('pl');
  i18n.addResourceBundle('pl', 'admin', admin);
  return render(
    <I18nextProvider i18n={i18n}>
      <DataTable<Row> caption="Wpłaty" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} {...props} />
    </I18nextProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Wpłaty' });
/** The names in the order the rows show them. */
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name });

describe('the console table', () => {
  it('renders its cells from the column definitions, the naming cell as a row header', () => {
    renderTable();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Imię', 'Kwota↕', 'Opłacone↕']);
    expect(names()).toEqual(['Bartek', 'Ala', 'Celina']);
    const first = within(table()).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Bartek' }).getAttribute('href')).toBe('#a');
    const amount = within(first).getAllByRole('cell')[0] as HTMLElement;
    expect(amount.className).toBe('num');
    // The header's text labels the value for a phone's card.
    expect(amount.textContent).toBe('Kwota300 zł');
  });

  it('sorts by a column header button, saying so with aria-sort, and turns the order round on a second click', () => {
    renderTable();
    expect(header('Kwota').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header('Kwota')).getByRole('button', { name: 'Kwota' }));
    expect(header('Kwota').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Ala', 'Bartek', 'Celina']);
    fireEvent.click(within(header('Kwota')).getByRole('button', { name: 'Kwota' }));
    expect(header('Kwota').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Celina', 'Bartek', 'Ala']);
    // Only the sorted column says it is sorted; a column without a sort value has no button.
    expect(header('Opłacone').getAttribute('aria-sort')).toBeNull();
    expect(within(header('Imię')).queryByRole('button')).toBeNull();
    expect(table().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('keeps rows without a value last, whichever the direction', () => {
    renderTable({ initialSort: { column: 'paid', direction: 'ascending' } });
    expect(header('Opłacone').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Celina', 'Bartek', 'Ala']);
    fireEvent.click(within(header('Opłacone')).getByRole('button'));
    expect(names()).toEqual(['Bartek', 'Celina', 'Ala']);
  });

  it('sorts from the choice a phone shows instead of the header row, and back to the list order', () => {
    renderTable();
    const choice = screen.getByRole('combobox', { name: 'Sortuj według' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kolejność listy', 'Kwota – rosnąco', 'Kwota – malejąco', 'Opłacone – rosnąco', 'Opłacone – malejąco']);
    fireEvent.change(choice, { target: { value: 'amount:ascending' } });
    expect(names()).toEqual(['Celina', 'Bartek', 'Ala']);
    expect(header('Kwota').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.change(choice, { target: { value: '' } });
    expect(names()).toEqual(['Bartek', 'Ala', 'Celina']);
  });

  it('leaves a list its server sorts as it came, and asks the owner for another order', () => {
    const onSort = vi.fn<(sort: Sort) => void>();
    renderTable({ sort: { column: 'paid', direction: 'descending' }, onSort });
    expect(header('Opłacone').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Opłacone')).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith({ column: 'paid', direction: 'ascending' });
    expect(names()).toEqual(['Bartek', 'Ala', 'Celina']);
  });

  it('says what the order is in a caption that follows the sort', () => {
    renderTable({ caption: (sort) => (sort ? `Wpłaty według: ${sort.column}` : 'Wpłaty w kolejności wpływu') });
    expect(screen.getByRole('table', { name: 'Wpłaty w kolejności wpływu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kwota' }));
    expect(screen.getByRole('table', { name: 'Wpłaty według: amount' })).toBeTruthy();
  });

  it('shows the empty state under its caption and headers, with nothing to sort', () => {
    renderTable({ rows: [], empty: 'Żadna wpłata nie pasuje do filtrów.' });
    expect(screen.getByText('Żadna wpłata nie pasuje do filtrów.')).toBeTruthy();
    expect(within(table()).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(table()).queryAllByRole('rowheader')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says a list is empty in the console’s words when the list has none of its own', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nie ma tu nic do pokazania.')).toBeTruthy();
  });

  it('puts a footer of totals under the rows, its naming cell a row header', () => {
    renderTable({ footer: { name: 'Razem', amount: '1550 zł' } });
    const rows = within(table()).getAllByRole('row');
    const total = rows.at(-1) as HTMLElement;
    expect(within(total).getByRole('rowheader').textContent).toBe('Razem');
    expect(within(total).getAllByRole('cell')[0]?.textContent).toBe('Kwota1550 zł');
  });
});

describe('the table of rows read from the API', () => {
  const wrap = (node: React.ReactNode) => {
    const i18n = createI18n('pl');
    i18n.addResourceBundle('pl', 'admin', admin);
    return <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
  };

  it('says it is loading until the rows came, then shows them keyed by their ids', () => {
    const load = vi.fn();
    const { rerender } = render(
      wrap(<DataTable<Row> caption="Wpłaty" columns={COLUMNS} loaded={{ value: null, error: null, load }} />),
    );
    expect(screen.getByText('Wczytywanie…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(wrap(<DataTable<Row> caption="Wpłaty" columns={COLUMNS} loaded={{ value: ROWS, error: null, load }} />));
    expect(screen.queryByText('Wczytywanie…')).toBeNull();
    expect(
      within(table())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Bartek', 'Ala', 'Celina']);
  });

  it('shows a failed read in the table’s place, with a retry that reads again', () => {
    const load = vi.fn();
    const error = new ApiFailure(500, 'error', {});
    render(wrap(<DataTable<Row> caption="Wpłaty" columns={COLUMNS} loaded={{ value: null, error, load }} />));
    expect(screen.getByRole('alert').textContent).toContain('Nie udało się wczytać danych.');
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(load).toHaveBeenCalledOnce();
  });

  it('puts a list under its heading, which names the section and the table', () => {
    render(wrap(<SectionTable<Row> title="Wpłaty z wyciągu" columns={COLUMNS} rows={ROWS} />));
    expect(screen.getByRole('region', { name: 'Wpłaty z wyciągu' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Wpłaty z wyciągu' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Wpłaty z wyciągu' })).toBeTruthy();
  });

  it('shows an amount column in złoty, sortable with the largest first', () => {
    render(
      wrap(
        <DataTable<Row>
          caption="Wpłaty"
          columns={[COLUMNS[0] as Column<Row>, moneyColumn('pl', 'paid', 'Zapłacono', (row) => row.amount)]}
          rows={ROWS}
        />,
      ),
    );
    fireEvent.click(within(table()).getByRole('button', { name: /Zapłacono/ }));
    expect(
      within(table())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ala', 'Bartek', 'Celina']);
    expect(within(table()).getAllByRole('cell')[0]?.textContent).toMatch(/^Zapłacono12,00\sz/);
  });
});

describe('the console’s button', () => {
  it('sends no form unless it is the submit', () => {
    const sent = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={sent}>
        <Button look="quiet">Podgląd</Button>
        <Button type="submit">Zapisz</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Podgląd' }));
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Podgląd' }).className).toBe('console-button console-button--quiet');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(sent).toHaveBeenCalledOnce();
  });
});

describe('the filters above a list', () => {
  it('fill their fields from the list’s URL, named and labelled by the list', () => {
    const i18n = createI18n('pl');
    i18n.addResourceBundle('pl', 'admin', admin);
    render(
      <I18nextProvider i18n={i18n}>
        <FilterForm search={new URLSearchParams('q=Kowalska&status=paid')} apply={vi.fn()} reset="/orders">
          <SearchFilter hint="Kod lub e-mail" />
          <SelectFilter
            name="status"
            label="Status"
            options={[
              ['pending', 'Oczekuje'],
              ['paid', 'Opłacone'],
            ]}
          />
          <InputFilter name="from" type="date" label="Od" />
        </FilterForm>
      </I18nextProvider>,
    );
    const search = screen.getByRole('searchbox') as HTMLInputElement;
    expect([search.id, search.name, search.value]).toEqual(['orders-q', 'q', 'Kowalska']);
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([status.id, status.name, status.value]).toEqual(['orders-status', 'status', 'paid']);
    expect(within(status).getAllByRole('option')[0]?.textContent).toBe(admin.orders.any);
    const from = screen.getByLabelText('Od') as HTMLInputElement;
    expect([from.id, from.name, from.value]).toEqual(['orders-from', 'from', '']);
  });
});
