import {
  createContext,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useContext,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, type Choice, Field, Select } from './form-kit';

// The filters above a console list (orders, invoices, messages): labelled fields that the list's
// URL fills, a search with its hint, selects whose first option takes any value, apply and reset.

/** The form's named filters that hold something (trimmed), added to `into`: the list's next URL query. */
export function filtersFrom(
  event: FormEvent<HTMLFormElement>,
  names: readonly string[],
  into = new URLSearchParams(),
): URLSearchParams {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  for (const name of names) {
    const value = String(form.get(name) ?? '').trim();
    if (value) into.set(name, value);
  }
  return into;
}

/** The list a filters' form belongs to (its path's name, the prefix of its fields' ids) and its URL's query. */
const FilterList = createContext<{ list: string; search: URLSearchParams } | null>(null);

/** What a filter named `name` takes from its form: its id, its name, and the value the list's URL holds. */
function useFilter(name: string | undefined) {
  const form = useContext(FilterList);
  return form && name ? { id: `${form.list}-${name}`, name, defaultValue: form.search.get(name) ?? '' } : {};
}

/** The filters' form: sent, it puts them into the list's URL; remade when the URL changes. */
export function FilterForm({
  search,
  apply,
  reset,
  children,
}: {
  search: URLSearchParams;
  apply: (event: FormEvent<HTMLFormElement>) => void;
  /** The list's own path, without filters. */
  reset: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form className="console-filters" onSubmit={apply} aria-label={t('orders.filters')} key={search.toString()}>
      <FilterList value={{ list: reset.replace(/^\//, ''), search }}>{children}</FilterList>
      <div className="console-filters__actions">
        <Button type="submit">{t('orders.apply')}</Button>
        <Link href={reset} className="console-button console-button--quiet">
          {t('orders.reset')}
        </Link>
      </div>
    </form>
  );
}

/** One labelled field of the filters. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Field id={id} label={label}>
      {children}
    </Field>
  );
}

/** A typed filter of the form (a day, a month), filled from the list's URL. */
export function InputFilter({
  name,
  label,
  ...input
}: { name: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const own = useFilter(name);
  return (
    <FilterField id={own.id ?? name} label={label}>
      <input {...own} {...input} />
    </FilterField>
  );
}

/** The filters' search field (`q`), wide, with its hint read after the label. */
export function SearchFilter({ hint, ...input }: { hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation('admin');
  const own = useFilter('q');
  const id = input.id ?? own.id ?? 'q';
  return (
    <Field id={id} label={t('orders.search')} hint={hint} className="console-field--wide">
      <input name="q" {...own} id={id} type="search" aria-describedby={`${id}-hint`} {...input} />
    </Field>
  );
}

/**
 * A select of the filters: `any` (any value; "any" unless said) first, then each option as
 * [value, label]; in a filters' form its id and value come from its name and the list's URL.
 */
export function SelectFilter({
  label,
  any,
  options,
  ...select
}: {
  label: string;
  any?: string;
  options: readonly Choice[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation('admin');
  const own = useFilter(select.name);
  const id = select.id ?? own.id ?? '';
  return (
    <FilterField id={id} label={label}>
      <Select {...own} {...select} id={id} any={any ?? t('orders.any')} options={options} />
    </FilterField>
  );
}
