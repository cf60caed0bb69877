import type { FormEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from './form-kit';

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
      {children}
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
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The filters' search field, wide, with its hint read after the label. */
export function SearchFilter({
  id,
  hint,
  ...input
}: { id: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation('admin');
  return (
    <div className="console-field console-field--wide">
      <label htmlFor={id}>{t('orders.search')}</label>
      <input id={id} name="q" type="search" aria-describedby={`${id}-hint`} {...input} />
      <span id={`${id}-hint`} className="console-hint">
        {hint}
      </span>
    </div>
  );
}

/** A select of the filters: `any` (any value) first, then each option as [value, label]. */
export function SelectFilter({
  id,
  label,
  any,
  options,
  ...select
}: {
  id: string;
  label: string;
  any: string;
  options: readonly (readonly [string, string])[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} {...select}>
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
