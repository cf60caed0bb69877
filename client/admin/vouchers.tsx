import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS, type ProductId } from '../../site/tickets';
import { VOUCHER_KINDS, type VoucherKind, type VoucherView } from '../../site/vouchers';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { actionsColumn, DataTable, timeColumn } from './data-table';
import { Button, ScreenHead, Section, Select, useAction, useFields } from './form-kit';
import { count, dateTime, money } from './format';
import { useApi } from './session';
import { useLoad } from './use-load';
import { warsawInstant } from './warsaw-time';

const FIELDS = ['code', 'kind', 'value', 'products', 'uses', 'from', 'until', 'tag', 'reserve'] as const;

/** A price typed in złoty ("49,50") as grosze; NaN when it is not one. */
const grosze = (typed: string) =>
  /^\d+([.,]\d{1,2})?$/.test(typed) ? Math.round(Number(typed.replace(',', '.')) * 100) : Number.NaN;

/**
 * Discount codes (role finance, as the API: worker/routes/vouchers.ts): a new code with its kind,
 * value in złoty or percent, products, uses, validity, tag and whether it reserves its places;
 * the API's refusals at their fields; the list with uses taken and left; ending a code.
 */
export function Vouchers() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const { busy, notice, run } = useAction();
  const { ids, errors, setErrors, show, clear, described, control, refused, error, field } = useFields(
    'vouchers',
    FIELDS,
  );
  const [kind, setKind] = useState<VoucherKind>('percent');
  const vouchers = useLoad<VoucherView[]>('/api/admin/vouchers', 'vouchers');
  const { load } = vouchers;

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const typed = (name: string) => String(data.get(name) ?? '').trim();
    const found: Record<string, string> = {};
    const value = kind === 'free' ? undefined : kind === 'percent' ? Number(typed('value')) : grosze(typed('value'));
    if (kind !== 'free' && !typed('value')) found.value = 'required';
    else if (value !== undefined && !Number.isInteger(value)) found.value = 'invalid';
    const instant = (name: 'from' | 'until') => {
      if (!typed(name)) return undefined;
      const at = warsawInstant(typed(name));
      if (!at) found[name] = 'invalid';
      return at ?? undefined;
    };
    const products = data.getAll('products').map(String) as ProductId[];
    const body = {
      code: typed('code'),
      kind,
      ...(value === undefined ? {} : { value }),
      ...(products.length ? { products } : {}),
      uses: typed('uses') ? Number(typed('uses')) : undefined,
      from: instant('from'),
      until: instant('until'),
      ...(typed('tag') ? { tag: typed('tag') } : {}),
      reserve: data.get('reserve') !== null,
    };
    if (Object.keys(found).length) return show(found);
    await run(
      async () => {
        const made = await call<VoucherView>('/api/admin/vouchers', { method: 'POST', body });
        setErrors({});
        form.reset();
        setKind('percent');
        await load();
        return t('vouchers.created', { code: made.code });
      },
      (problem) => refused(problem, { voucher_exists: 'code' }),
    );
  };

  const end = async (voucher: VoucherView) => {
    if (!window.confirm(t('vouchers.confirmEnd', { code: voucher.code }))) return;
    await run(async () => {
      try {
        await call(`/api/admin/vouchers/${encodeURIComponent(voucher.code)}/end`, { method: 'POST' });
      } finally {
        await load();
      }
      return t('vouchers.ended', { code: voucher.code });
    });
  };

  const terms = (voucher: VoucherView) =>
    voucher.kind === 'free'
      ? t('vouchers.kinds.free')
      : voucher.kind === 'percent'
        ? t('vouchers.percentOff', { value: voucher.value })
        : t(`vouchers.${voucher.kind === 'amount' ? 'amountOff' : 'priceSet'}`, {
            value: money(lang, voucher.value ?? 0),
          });
  const state = (voucher: VoucherView) =>
    voucher.endedAt
      ? t('vouchers.state.ended')
      : voucher.until && Date.parse(voucher.until) <= Date.now()
        ? t('vouchers.state.expired')
        : voucher.left === 0
          ? t('vouchers.state.usedUp')
          : t('vouchers.state.active');

  return (
    <>
      <ScreenHead title={t('vouchers.title')} intro={t('vouchers.intro')} notice={notice} />

      <Section title={t('vouchers.new')}>
        <form className="console-form console-voucher-form" onSubmit={create} noValidate>
          {field(
            'code',
            t('vouchers.code'),
            <input
              {...control('code', true)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
            />,
            t('vouchers.codeHint'),
          )}
          {field(
            'kind',
            t('vouchers.kind'),
            <Select
              {...described('kind')}
              name="kind"
              value={kind}
              onChange={(event) => {
                setKind(event.currentTarget.value as VoucherKind);
                clear('value')();
              }}
              options={VOUCHER_KINDS.map((item) => [item, t(`vouchers.kinds.${item}`)])}
            />,
          )}
          {kind !== 'free' &&
            field(
              'value',
              t(kind === 'percent' ? 'vouchers.valuePercent' : 'vouchers.valueZl'),
              <input
                {...control('value', true)}
                inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
                autoComplete="off"
              />,
              t(kind === 'percent' ? 'vouchers.valuePercentHint' : 'vouchers.valueZlHint'),
            )}
          <fieldset
            className="console-field console-voucher-products"
            aria-describedby={`${ids}-products-hint${errors.products ? ` ${ids}-products-error` : ''}`}
          >
            <legend id={`${ids}-products`} tabIndex={-1}>
              {t('vouchers.products')}
            </legend>
            {PRODUCTS.map((product) => (
              <label key={product.id} className="console-check">
                <input type="checkbox" name="products" value={product.id} onChange={clear('products')} />
                {productName(product.id)}
              </label>
            ))}
            <span id={`${ids}-products-hint`} className="console-hint">
              {t('vouchers.productsHint')}
            </span>
            {error('products')}
          </fieldset>
          {field('uses', t('vouchers.uses'), <input {...control('uses')} inputMode="numeric" autoComplete="off" />)}
          {field('from', t('vouchers.from'), <input {...control('from')} type="datetime-local" />)}
          {field('until', t('vouchers.until'), <input {...control('until')} type="datetime-local" />)}
          {field('tag', t('vouchers.tag'), <input {...control('tag')} autoComplete="off" maxLength={60} />)}
          <div className="console-field console-check">
            <input {...described('reserve', true)} type="checkbox" name="reserve" onChange={clear('products')} />
            <label htmlFor={`${ids}-reserve`}>{t('vouchers.reserve')}</label>
            <span id={`${ids}-reserve-hint`} className="console-hint">
              {t('vouchers.reserveHint')}
            </span>
            {error('reserve')}
          </div>
          <Button type="submit" disabled={busy}>
            {t('vouchers.create')}
          </Button>
        </form>
      </Section>

      <DataTable<VoucherView>
        caption={t('vouchers.list')}
        loaded={vouchers}
        rowKey={(voucher) => voucher.code}
        empty={t('vouchers.empty')}
        columns={[
          {
            id: 'code',
            header: t('vouchers.code'),
            rowHeader: true,
            sortBy: (voucher) => voucher.code,
            cell: (voucher) => <span translate="no">{voucher.code}</span>,
          },
          { id: 'terms', header: t('vouchers.kind'), cell: terms },
          {
            id: 'products',
            header: t('vouchers.products'),
            className: 'console-break',
            cell: (voucher) =>
              voucher.products
                ? voucher.products.map((id) => productName(id as ProductId)).join(', ')
                : t('vouchers.allProducts'),
          },
          {
            id: 'taken',
            header: t('vouchers.taken'),
            numeric: true,
            sortBy: (voucher) => voucher.taken,
            firstDirection: 'descending',
            cell: (voucher) => `${count(lang, voucher.taken)} / ${count(lang, voucher.uses)}`,
          },
          {
            id: 'left',
            header: t('vouchers.left'),
            numeric: true,
            sortBy: (voucher) => voucher.left,
            cell: (voucher) => count(lang, voucher.left),
          },
          {
            id: 'valid',
            header: t('vouchers.valid'),
            className: 'console-nowrap',
            cell: (voucher) =>
              voucher.from || voucher.until
                ? `${voucher.from ? dateTime(lang, voucher.from) : '…'} – ${voucher.until ? dateTime(lang, voucher.until) : '…'}`
                : t('vouchers.always'),
          },
          {
            id: 'tag',
            header: t('vouchers.tag'),
            sortBy: (voucher) => voucher.tag,
            cell: (voucher) => voucher.tag ?? '',
          },
          {
            id: 'reserve',
            header: t('vouchers.reserveColumn'),
            cell: (voucher) => (voucher.reserve ? t('vouchers.yes') : t('vouchers.no')),
          },
          { id: 'state', header: t('vouchers.stateColumn'), cell: state },
          timeColumn<VoucherView>(lang, 'created', t('vouchers.created_at'), (voucher) => voucher.createdAt, {
            sortable: true,
          }),
          actionsColumn(t('vouchers.actions'), (voucher) =>
            voucher.endedAt ? null : (
              <Button look="quiet" disabled={busy} onClick={() => end(voucher)}>
                {t('vouchers.end', { code: voucher.code })}
              </Button>
            ),
          ),
        ]}
      />
    </>
  );
}
