import {
  type FormEvent,
  Fragment,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, otherCountries } from '../../site/countries';
import { formatDateTime, formatPrice } from '../../site/format';
import { type InvoiceData, isEuCountry } from '../../site/invoices';
import { MAX_TICKETS, TRANSFER_HOLD_DAYS, transferClosesAt } from '../../site/orders';
import { href } from '../../site/pages';
import { cartFieldErrors, PURCHASE_LIMITS } from '../../site/purchase-rules';
import { priceWith, type VatTreatment, vatTreatment } from '../../site/tax-rules';
import { findProduct, PRODUCTS, type ProductId, priceAt, priceBreakdown, VAT_RATE_PERCENT } from '../../site/tickets';
import { VOUCHER_CODE, type VoucherQuote } from '../../site/vouchers';
import { botCheckCode, lazyBotCheck } from '../lib/bot-check';
import {
  type CartRequest,
  checkVoucher,
  loadVatRules,
  PurchaseError,
  placeCart,
  type VatRules,
} from '../lib/purchase-api';
import { PURCHASE_DIALOG_ID, PURCHASE_EMAIL_KEY } from '../lib/purchase-keys';
import { useLanguage } from '../lib/use-language';
import { priceSteps } from './price-steps';

/** Each product's full name in the page's language ("Pro (on site)"), by id: the page's words, as props. */
export type ProductLabels = Record<ProductId, string>;

type Props = {
  labels: ProductLabels;
  /** Where a successful purchase goes; the browser's own navigation by default. */
  navigate?: (url: string) => void;
};

/** A field's error, by the field's name (the API's path: `email`, `items.2.name`, `accepted`). */
type Errors = Record<string, string>;

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** The tickets of the form, in its order, as the API takes them. */
function itemsOf(data: FormData, count: number): CartRequest['items'] {
  return Array.from({ length: count }, (_, i) => {
    const product = findProduct(text(data, `items.${i}.product`) || text(data, 'product'))?.id as ProductId;
    const name = text(data, `items.${i}.name`);
    const email = text(data, `items.${i}.email`);
    // The holder's accessibility answers (on-site tickets), only those given.
    const note = text(data, `items.${i}.access.note`);
    const access = {
      ...(data.get(`items.${i}.access.assistance`) !== null ? { assistance: true as const } : {}),
      ...(data.get(`items.${i}.access.wheelchair`) !== null ? { wheelchair: true as const } : {}),
      ...(note ? { note } : {}),
    };
    return {
      product,
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
      ...(Object.keys(access).length ? { access } : {}),
    };
  });
}

/** The invoice data of the form as the API takes it (no tax number for a private person), if wanted. */
function invoiceOf(data: FormData): InvoiceData | undefined {
  if (data.get('invoice') === null) return undefined;
  const taxId = data.get('invoice.kind') === 'person' ? '' : text(data, 'invoice.taxId');
  return {
    name: text(data, 'invoice.name'),
    ...(taxId ? { taxId } : {}),
    street: text(data, 'invoice.street'),
    postalCode: text(data, 'invoice.postalCode'),
    city: text(data, 'invoice.city'),
    country: text(data, 'invoice.country') || 'PL',
  };
}

/**
 * Every field the buyer must fix, at once: the worker's own rules (site/purchase-rules.ts), then
 * what only the form knows: a product chosen, a business's tax number, the terms accepted.
 */
function check(data: FormData, items: CartRequest['items']): Errors {
  const invoice = invoiceOf(data);
  const errors: Errors = cartFieldErrors({ email: text(data, 'email'), items, invoice });
  for (const [i, item] of items.entries()) if (!item.product) errors[`items.${i}.product`] = 'required';
  // A business in Poland or another EU country gives its number (a private person says so above).
  if (invoice && !invoice.taxId && isEuCountry(invoice.country) && data.get('invoice.kind') !== 'person') {
    errors['invoice.taxId'] ??= 'required';
  }
  const voucher = text(data, 'voucher');
  if (voucher && !VOUCHER_CODE.test(voucher)) errors.voucher = 'invalid';
  if (data.get('accepted') === null) errors.accepted = 'required';
  // In the form's order: the first of them gets focus.
  const order = [
    'email',
    ...items.flatMap((_, i) => [`items.${i}.product`, `items.${i}.name`, `items.${i}.email`, `items.${i}.access.note`]),
    ...['name', 'taxId', 'street', 'postalCode', 'city', 'country'].map((field) => `invoice.${field}`),
    'voucher',
    'accepted',
  ];
  return Object.fromEntries(order.filter((name) => errors[name]).map((name) => [name, errors[name] as string]));
}

/** The cart's distinct products, sorted (what a voucher is checked for). */
const productsOf = (products: (ProductId | undefined)[]) =>
  [...new Set(products)].filter((id): id is ProductId => Boolean(id)).sort();

/** The id of a field's element, by its name. */
const fieldId = (ids: string, name: string) => `${ids}-${name.replaceAll('.', '-')}`;

/**
 * The purchase dialog (spec section 4; issue 30: a cart), prerendered once per page and opened by
 * the browser: a product's button carries `commandfor`/`command="show-modal"` and `data-product`,
 * and the page script (client/boot.ts `selectProduct`) names the product in the dialog's title and
 * its first ticket, so the dialog opens at the first tap, React or not. The buyer adds tickets of
 * any product (1 to MAX_TICKETS), each with its holder's name (required on site) and an optional
 * e-mail, and sees the total. React sends the form, reading every field from the form itself when
 * it is sent (nothing typed or autofilled before React is lost): every invalid field is marked at
 * once, beside it, and sends nothing; while the request runs every control is disabled; success
 * goes to the payment URL; a refusal is said above the form. Closing keeps what was typed.
 */
export function PurchaseDialog({ labels, navigate = (url) => window.location.assign(url) }: Props) {
  const { t } = useTranslation('cart');
  const lang = useLanguage();
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [loading, setLoading] = useState(false);
  const [rows, setRows] = useState<{ key: number; product?: string }[]>([{ key: 0 }]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The cart's products as the form holds them, read again at every change (React or not typed them).
  const [cart, setCart] = useState<ProductId[] | null>(null);
  // Who the invoice is for, as the form holds it: its labels and fields follow.
  const [buyer, setBuyer] = useState({ wanted: false, person: false, country: 'PL', taxId: '', residence: '' });
  // The seller's VAT rules (`GET /api/vat`): OSS or not, the day's rates, the edge's country.
  const [vatRules, setVatRules] = useState<VatRules | null>(null);
  // The box office asked which country is right (the one given and the request's disagree).
  const [conflict, setConflict] = useState<{ country: string; edgeCountry: string } | null>(null);
  const countryConfirmed = useRef(false);
  // The other countries of the country list, named by the browser once an invoice is wanted.
  const [countries, setCountries] = useState<[string, string][] | null>(null);
  // A checked voucher: its code and one ticket's price with it per product of the cart it covers
  // (a product it does not cover is absent: its tickets keep their price).
  const [voucher, setVoucher] = useState<{
    code: string;
    quotes: Partial<Record<ProductId, VoucherQuote>>;
    /** The cart's products it was checked for: another product in the cart checks it again. */
    products: string;
  } | null>(null);
  const [checking, setChecking] = useState(false);
  const [voucherOpen, setVoucherOpen] = useState(false);
  // The tickets (by row key) whose accessibility question was unfolded: its fields exist from then
  // on, so twenty tickets cost twenty summaries, not eighty fields.
  const [accessOpen, setAccessOpen] = useState<ReadonlySet<number>>(new Set());
  // Turnstile's widget (when on), loaded at the form's first focus, never with the page.
  const botBox = useRef<HTMLDivElement>(null);
  const [botCheck] = useState(() => lazyBotCheck(() => botBox.current, lang));

  const read = () => {
    const data = new FormData(form.current ?? undefined);
    setCart(itemsOf(data, rows.length).map((item) => item.product));
    const next = {
      wanted: data.get('invoice') !== null,
      person: data.get('invoice.kind') === 'person',
      country: text(data, 'invoice.country') || 'PL',
      taxId: data.get('invoice.kind') === 'person' ? '' : text(data, 'invoice.taxId'),
      residence: text(data, 'country'),
    };
    // Another country or other invoice data: a question asked before no longer stands.
    if (next.wanted !== buyer.wanted || next.country !== buyer.country || next.residence !== buyer.residence) {
      setConflict(null);
      countryConfirmed.current = false;
    }
    setBuyer(next);
  };
  // Once React is there, the summary counts the cart as the form holds it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(read, []);
  // An online plan without invoice data asks for the buyer's country (VAT depends on it).
  const online = cart?.some((id) => findProduct(id)?.mode === 'online') ?? false;
  const asksCountry = online && !buyer.wanted;
  // The seller's VAT rules are asked for once an online plan's buyer is outside Poland (a Polish
  // buyer pays 23% whatever they say), so most purchases make no request before they are sent.
  const abroad = online && (buyer.wanted ? buyer.country : buyer.residence || 'PL') !== 'PL';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when first needed
  useEffect(() => {
    if (abroad && !vatRules) loadVatRules().then(setVatRules);
  }, [abroad]);
  // The page comes with Poland alone in the list (a name the server and every browser agree on):
  // the rest is made after the box is ticked (or the country asked), in the page's language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when an invoice or the country is first wanted
  useEffect(() => {
    if ((buyer.wanted || asksCountry) && !countries) setCountries(otherCountries(lang));
  }, [buyer.wanted, asksCountry]);

  // The question about the country, once asked, has the focus: its button is the answer.
  useEffect(() => {
    if (conflict) document.getElementById(`${ids}-confirm-country`)?.focus();
  }, [conflict, ids]);

  const addTicket = () => {
    const data = new FormData(form.current ?? undefined);
    const last = itemsOf(data, rows.length).at(-1)?.product;
    const key = Math.max(...rows.map((row) => row.key)) + 1;
    setRows([...rows, { key, product: last }]);
    setCart([...itemsOf(data, rows.length).map((item) => item.product), last as ProductId]);
    // The new ticket's name field is where the buyer goes next.
    requestAnimationFrame(() => document.getElementById(fieldId(ids, `items.${rows.length}.name`))?.focus());
  };

  const removeTicket = (index: number) => {
    const data = new FormData(form.current ?? undefined);
    const items = itemsOf(data, rows.length);
    setRows(
      rows.filter((_, i) => i !== index).map((row, i) => ({ ...row, product: items[i < index ? i : i + 1]?.product })),
    );
    setCart(items.filter((_, i) => i !== index).map((item) => item.product));
    setErrors({});
  };

  /**
   * Checks the typed code for each product of the cart (`/api/vouchers/check`, nothing held): a
   * code that covers at least one of them is applied and the summary shows its discount; else the
   * reason is said at the field (the first product's, as the box office would say it).
   */
  const applyVoucher = async () => {
    const data = new FormData(form.current ?? undefined);
    const code = text(data, 'voucher');
    setVoucher(null);
    if (!VOUCHER_CODE.test(code)) {
      setErrors({ ...errors, voucher: code ? 'invalid' : 'required' });
      return;
    }
    const products = productsOf(itemsOf(data, rows.length).map((item) => item.product));
    setChecking(true);
    clear('voucher');
    const answers = await Promise.all(
      products.map((product) =>
        checkVoucher(code, product).then(
          (quote) => ({ product, quote }),
          (error: unknown) => ({ product, error }),
        ),
      ),
    );
    setChecking(false);
    const quotes: Partial<Record<ProductId, VoucherQuote>> = {};
    for (const answer of answers) if ('quote' in answer) quotes[answer.product] = answer.quote;
    const first = Object.values(quotes)[0];
    if (first) {
      setVoucher({ code: first.code, quotes, products: products.join() });
      return;
    }
    // Refused for every product: the most telling reason (a refusal other than "not for this ticket").
    const reasons = answers.map((answer) =>
      'error' in answer && answer.error instanceof PurchaseError
        ? (answer.error.fields?.voucher ?? answer.error.reason)
        : 'failed',
    );
    setErrors((current) => ({
      ...current,
      voucher: reasons.find((reason) => reason !== 'not_for_product') ?? reasons[0] ?? 'not_for_product',
    }));
  };

  // A product added to the cart after the code was checked is checked too (its price may change).
  const cartProducts = productsOf(cart ?? []).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the cart's products change
  useEffect(() => {
    if (voucher && !checking && voucher.products !== cartProducts) applyVoucher();
  }, [cartProducts]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const items = itemsOf(data, rows.length);
    const found = check(data, items);
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      if (first === 'voucher') setVoucherOpen(true);
      requestAnimationFrame(() => document.getElementById(fieldId(ids, first))?.focus());
      document.getElementById(fieldId(ids, first))?.focus();
      return;
    }
    const email = text(data, 'email');
    setLoading(true);
    let token: string | null = null;
    try {
      token = await botCheck.token();
    } catch (error) {
      setLoading(false);
      // A widget that failed or gave no token: a new challenge, as the message says.
      botCheck.reset();
      setErrors({ turnstile: botCheckCode(error) });
      requestAnimationFrame(() => document.getElementById(fieldId(ids, 'turnstile'))?.focus());
      return;
    }
    try {
      try {
        sessionStorage.setItem(PURCHASE_EMAIL_KEY, email);
      } catch {
        // Storage may be off: the field keeps the e-mail for this page anyway.
      }
      const invoice = invoiceOf(data);
      const transfer = invoice && data.get('payment') === 'transfer';
      const code = text(data, 'voucher');
      // Poland is the API's default: only another country is sent (the address says it with invoice data).
      const chosen = invoice ? '' : text(data, 'country');
      const country = chosen === 'PL' ? '' : chosen;
      navigate(
        await placeCart({
          email,
          lang,
          items,
          ...(invoice ? { invoice } : {}),
          ...(transfer ? { payment: 'transfer' } : {}),
          ...(code ? { voucher: code } : {}),
          ...(country ? { country } : {}),
          ...(countryConfirmed.current ? { countryConfirmed: true } : {}),
          ...(token ? { turnstile: token } : {}),
        }),
      );
    } catch (error) {
      // The token is spent (or refused): the widget makes a new one for the next attempt.
      if (token) botCheck.reset();
      console.error('Purchase failed', error);
      if (error instanceof PurchaseError && error.conflict) {
        // Its answer gets the focus once the form is enabled again (the effect below).
        setConflict(error.conflict);
      } else if (error instanceof PurchaseError && error.fields) {
        setErrors(error.fields);
        const named = Object.keys(error.fields)[0];
        if (named === 'voucher') {
          setVoucher(null);
          setVoucherOpen(true);
        }
        if (named) requestAnimationFrame(() => document.getElementById(fieldId(ids, named))?.focus());
      } else {
        const reason = error instanceof PurchaseError && error.reason !== 'invalid' ? error.reason : 'failed';
        const products = error instanceof PurchaseError ? error.products : [];
        const limits = error instanceof PurchaseError ? error.limits : {};
        setFailure(
          t(`errors.${reason}`, {
            // A hold limit names each product with the places one buyer may hold unpaid.
            products: products.map((id) => (limits[id] ? `${labels[id]} (${limits[id]})` : labels[id])).join(', '),
            max: MAX_TICKETS,
            date: formatDateTime(lang, new Date(transferClosesAt()).toISOString()),
          }),
        );
      }
    } finally {
      setLoading(false);
    }
  };

  const errorOf = (name: string) => {
    const code = errors[name];
    if (!code) return null;
    const field = name.replace(/^items\.\d+\./, 'ticket.');
    // An EU VAT number starts with its country's prefix (Greece's is EL).
    const prefix = buyer.country === 'GR' ? 'EL' : buyer.country;
    return t(`errors.fields.${field}.${code}`, { prefix, defaultValue: t('errors.fields.invalid') });
  };
  /** A field's error, beside it, and the attributes that tie it to the field. */
  const described = (name: string) => {
    const message = errorOf(name);
    const id = fieldId(ids, name);
    return {
      attributes: {
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
      },
      error: message && (
        <p id={`${id}-error`} className="field__error">
          {message}
        </p>
      ),
    };
  };
  const clear = (...names: string[]) => {
    if (names.some((name) => errors[name])) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name))));
    }
  };

  const now = Date.now();
  // Each ticket's VAT as site/tax-rules.ts gives it for this buyer (the worker charges the same): an
  // EU business's VAT number is taken as VIES will confirm it (if VIES cannot, the checkout says 23%).
  const taxBuyer = {
    invoice: buyer.wanted ? { taxId: buyer.taxId, country: buyer.country } : null,
    country: buyer.residence || vatRules?.country || 'PL',
    vatConfirmed: true,
  };
  const taxConfig = { oss: vatRules?.oss ?? false, rate: (country: string) => vatRules?.rates[country] ?? null };
  // The VAT of the cart by its kind and rate: one summary line each.
  const vatLines = new Map<string, { treatment: VatTreatment; vat: number }>();
  // With a checked voucher, a ticket it covers costs the net the box office quoted.
  const total = cart?.reduce(
    (sum, id) => {
      const item = findProduct(id);
      const listNet = item ? priceAt(item, now).net : 0;
      const quote = voucher?.quotes[id];
      const treatment = vatTreatment(item?.mode ?? 'onsite', taxBuyer, taxConfig);
      const price = priceWith(quote?.net ?? listNet, treatment);
      const key = `${treatment.kind}:${treatment.rate}`;
      vatLines.set(key, { treatment, vat: (vatLines.get(key)?.vat ?? 0) + price.vat });
      return {
        listNet: sum.listNet + (quote?.listNet ?? listNet),
        net: sum.net + price.net,
        vat: sum.vat + price.vat,
        gross: sum.gross + price.gross,
        listGross: sum.listGross + priceWith(quote?.listNet ?? listNet, treatment).gross,
      };
    },
    { listNet: 0, net: 0, vat: 0, gross: 0, listGross: 0 },
  );
  const vatLabel = (treatment: VatTreatment) =>
    treatment.kind === 'reverse_charge'
      ? t('dialog.reverseCharge')
      : treatment.kind === 'outside'
        ? t('dialog.outsideVat')
        : treatment.kind === 'oss'
          ? t('dialog.vatIn', {
              rate: treatment.rate.toLocaleString(lang),
              country: countryName(lang, treatment.country),
            })
          : t('dialog.vat', { rate: VAT_RATE_PERCENT });
  const residence = described('country');
  const residenceDefault = buyer.residence || vatRules?.country || 'PL';
  // The ~250 countries are made once per list, not at every keystroke of a twenty-ticket cart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default matters only before the list
  const residenceOptions = useMemo(
    () => (
      <>
        <option value="PL">{countryName(lang, 'PL')}</option>
        {(countries ?? [[residenceDefault, countryName(lang, residenceDefault)]])
          .filter(([value]) => value !== 'PL')
          .map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
      </>
    ),
    [countries, lang, countries ? null : residenceDefault],
  );
  const discounted = voucher && total && total.listNet > total.net;
  const email = described('email');
  const accepted = described('accepted');
  const bot = described('turnstile');
  const code = described('voucher');
  // What the code does, said in the live region under it: the discount and the new total, or why not.
  const voucherNote = code.error
    ? null
    : checking
      ? t('voucher.checking')
      : voucher && total
        ? discounted
          ? t('voucher.applied', {
              code: voucher.code,
              discount: formatPrice(lang, total.listGross - total.gross, true),
              total: formatPrice(lang, total.gross, true),
            })
          : t('voucher.noDiscount', { code: voucher.code })
        : null;

  return (
    <dialog
      id={PURCHASE_DIALOG_ID}
      className="purchase"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onCancel={(event) => {
        if (loading) event.preventDefault();
      }}
    >
      <form
        ref={form}
        className="purchase__form"
        onSubmit={submit}
        onChange={read}
        onFocus={() => botCheck.start()}
        aria-busy={loading}
        noValidate
        data-cart={cart ? rows.length : undefined}
      >
        {/* Written by the page script from the button that opened the dialog: the first ticket's product. */}
        <input type="hidden" name="product" />
        <h2 id={`${ids}-title`}>
          {PRODUCTS.map((product) => (
            <span key={product.id} data-for-product={product.id} hidden>
              {t('dialog.title', { name: labels[product.id] })}
            </span>
          ))}
        </h2>
        <p id={`${ids}-description`} className="purchase__description">
          {t('dialog.description')}
        </p>
        <div role="alert" className="purchase__failure">
          {failure && <p className="field__error">{failure}</p>}
        </div>
        <fieldset className="purchase__fields" disabled={loading}>
          <div className={`field${email.error ? ' field--invalid' : ''}`}>
            <label htmlFor={email.attributes.id}>{t('dialog.email')}</label>
            <input
              {...email.attributes}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              onInput={() => clear('email')}
            />
            {email.error}
          </div>
          <ol className="purchase__tickets">
            {rows.map((row, index) => {
              const product = described(`items.${index}.product`);
              const name = described(`items.${index}.name`);
              const mail = described(`items.${index}.email`);
              const note = described(`items.${index}.access.note`);
              const chosen = cart?.[index] ?? row.product;
              const onsite = !chosen || findProduct(chosen)?.mode === 'onsite';
              return (
                <li key={row.key} className="purchase__ticket">
                  <fieldset>
                    <legend>{t('dialog.ticket', { position: index + 1 })}</legend>
                    <div className="field">
                      <label htmlFor={product.attributes.id}>{t('dialog.product')}</label>
                      {/* The first ticket's product comes from the button that opened the dialog. */}
                      {/* The first ticket's product is set by the page script (no defaultValue: hydrating
                          one would put back the prerendered choice over the buyer's). */}
                      <select
                        {...product.attributes}
                        name={`items.${index}.product`}
                        {...(index === 0 ? { 'data-first-ticket': '' } : { defaultValue: row.product })}
                      >
                        {PRODUCTS.map((item) => (
                          <option key={item.id} value={item.id}>
                            {labels[item.id]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className={`field${name.error ? ' field--invalid' : ''}`}>
                      <label htmlFor={name.attributes.id}>
                        {onsite ? t('dialog.holderName') : t('dialog.holderNameOptional')}
                      </label>
                      <input
                        {...name.attributes}
                        name={`items.${index}.name`}
                        autoComplete={index === 0 ? 'name' : 'off'}
                        maxLength={120}
                        onInput={() => clear(`items.${index}.name`)}
                      />
                      {name.error}
                    </div>
                    <div className={`field${mail.error ? ' field--invalid' : ''}`}>
                      <label htmlFor={mail.attributes.id}>{t('dialog.holderEmail')}</label>
                      <input
                        {...mail.attributes}
                        type="email"
                        name={`items.${index}.email`}
                        autoComplete="off"
                        inputMode="email"
                        maxLength={254}
                        onInput={() => clear(`items.${index}.email`)}
                      />
                      {mail.error}
                    </div>
                    {onsite && (
                      // Optional, folded: what the organisers arrange at the venue for this holder.
                      <details
                        className="purchase__access"
                        open={note.error ? true : undefined}
                        onToggle={(event) => {
                          // Once unfolded, the fields stay (folding it again keeps the answers).
                          if (event.currentTarget.open) setAccessOpen((keys) => new Set(keys).add(row.key));
                        }}
                      >
                        <summary>{t('dialog.access.summary')}</summary>
                        {(accessOpen.has(row.key) || note.error) && (
                          <>
                            <p className="purchase__access-hint">{t('dialog.access.hint')}</p>
                            <label className="purchase__check">
                              <input type="checkbox" name={`items.${index}.access.assistance`} />
                              {t('dialog.access.assistance')}
                            </label>
                            <label className="purchase__check">
                              <input type="checkbox" name={`items.${index}.access.wheelchair`} />
                              {t('dialog.access.wheelchair')}
                            </label>
                            <div className={`field${note.error ? ' field--invalid' : ''}`}>
                              <label htmlFor={note.attributes.id}>
                                {t('dialog.access.note', { max: PURCHASE_LIMITS.accessNote })}
                              </label>
                              <input
                                {...note.attributes}
                                name={`items.${index}.access.note`}
                                autoComplete="off"
                                maxLength={PURCHASE_LIMITS.accessNote}
                                onInput={() => clear(`items.${index}.access.note`)}
                              />
                              {note.error}
                            </div>
                          </>
                        )}
                      </details>
                    )}
                    {rows.length > 1 && (
                      <button type="button" className="button button--ghost-dark" onClick={() => removeTicket(index)}>
                        {t('dialog.remove', { position: index + 1 })}
                      </button>
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {rows.length < MAX_TICKETS ? (
            <button type="button" className="button button--outline purchase__add" onClick={addTicket}>
              {t('dialog.add')}
            </button>
          ) : (
            <p className="purchase__limit">{t('dialog.limit', { max: MAX_TICKETS })}</p>
          )}
          <label className="purchase__check">
            <input type="checkbox" name="invoice" />
            {t('dialog.invoice')}
          </label>
          {/* Shown by the stylesheet while the box above is ticked. */}
          <InvoiceFields buyer={buyer} countries={countries} described={described} clear={clear} />
          {/* An online plan's VAT follows where its buyer lives: without invoice data, one select asks. */}
          {asksCountry && (
            <div className={`field${residence.error ? ' field--invalid' : ''}`}>
              <label htmlFor={residence.attributes.id}>{t('dialog.residence')}</label>
              <select
                {...residence.attributes}
                aria-describedby={[residence.attributes['aria-describedby'], `${residence.attributes.id}-hint`]
                  .filter(Boolean)
                  .join(' ')}
                key={vatRules?.country ?? 'none'}
                name="country"
                autoComplete="country"
                defaultValue={residenceDefault}
                onChange={() => clear('country')}
              >
                {residenceOptions}
              </select>
              <p id={`${residence.attributes.id}-hint`} className="purchase__hint">
                {t('dialog.residenceHint')}
              </p>
              {residence.error}
            </div>
          )}
          {conflict && (
            <fieldset className="purchase__confirm">
              <legend>
                {t('dialog.confirmCountry', {
                  country: countryName(lang, conflict.country),
                  edge: countryName(lang, conflict.edgeCountry),
                })}
              </legend>
              <button
                type="button"
                id={`${ids}-confirm-country`}
                className="button button--outline"
                onClick={() => {
                  countryConfirmed.current = true;
                  form.current?.requestSubmit();
                }}
              >
                {t('dialog.confirmCountryYes', { country: countryName(lang, conflict.country) })}
              </button>
            </fieldset>
          )}
          {/* With the invoice's fields (the same rule shows it): a transfer is only for buyers who give invoice data. */}
          <fieldset className="purchase__invoice purchase__payment" aria-describedby={`${ids}-transfer`}>
            <legend>{t('dialog.payment')}</legend>
            <label className="purchase__check">
              <input type="radio" name="payment" value="card" defaultChecked />
              {t('dialog.payOnline')}
            </label>
            <label className="purchase__check">
              <input type="radio" name="payment" value="transfer" id={fieldId(ids, 'payment')} />
              {t('dialog.payTransfer')}
            </label>
            <p id={`${ids}-transfer`} className="purchase__hint">
              {t('dialog.transferHint', { days: TRANSFER_HOLD_DAYS })}
            </p>
            {errorOf('payment') && <p className="field__error">{errorOf('payment')}</p>}
          </fieldset>
          <details
            className="purchase__voucher"
            open={voucherOpen}
            onToggle={(event) => setVoucherOpen(event.currentTarget.open)}
          >
            <summary>{t('voucher.question')}</summary>
            <div className={`field${code.error ? ' field--invalid' : ''}`}>
              <label htmlFor={code.attributes.id}>{t('voucher.label')}</label>
              <div className="purchase__voucher-row">
                <input
                  {...code.attributes}
                  aria-describedby={`${code.attributes.id}-status`}
                  name="voucher"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  onInput={() => {
                    clear('voucher');
                    setVoucher(null);
                  }}
                  onKeyDown={(event) => {
                    // Enter checks the code rather than sending the whole order.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      applyVoucher();
                    }
                  }}
                />
                <button type="button" className="button button--outline" onClick={applyVoucher} disabled={checking}>
                  {t('voucher.apply')}
                </button>
              </div>
              {/* One live region for the answer: the discount or the reason, read out as it comes. */}
              <p
                id={`${code.attributes.id}-status`}
                className={code.error ? 'field__error' : 'purchase__hint'}
                role="status"
              >
                {code.error
                  ? t(`voucher.errors.${errors.voucher}`, { defaultValue: t('voucher.errors.failed') })
                  : voucherNote}
              </p>
            </div>
          </details>
          {/* Before React, the price of the product chosen (every step of every product; the one in
              force is shown); once React counts the cart, its total. The server charges the price of
              the moment it takes the order. */}
          {total ? (
            <dl className="purchase__summary" aria-live="polite">
              <dt>{t('dialog.count')}</dt>
              <dd>{cart?.length}</dd>
              {discounted && (
                <>
                  <dt>{t('voucher.listNet')}</dt>
                  <dd>{formatPrice(lang, total.listNet, true)}</dd>
                  <dt>{t('voucher.discount', { code: voucher.code })}</dt>
                  <dd>−{formatPrice(lang, total.listNet - total.net, true)}</dd>
                </>
              )}
              <dt>{t('dialog.net')}</dt>
              <dd>{formatPrice(lang, total.net, true)}</dd>
              {[...vatLines.entries()].map(([key, line]) => (
                <Fragment key={key}>
                  <dt>{vatLabel(line.treatment)}</dt>
                  <dd>{formatPrice(lang, line.vat, true)}</dd>
                </Fragment>
              ))}
              <dt className="purchase__total">{t('dialog.gross')}</dt>
              <dd className="purchase__total">{formatPrice(lang, total.gross, true)}</dd>
            </dl>
          ) : (
            PRODUCTS.flatMap((product) =>
              priceSteps(product.id).map(({ key, price: step, attributes }) => {
                const price = priceBreakdown(step.net);
                return (
                  <dl
                    key={`${product.id}${key}`}
                    className="purchase__summary"
                    data-for-product={product.id}
                    hidden
                    {...attributes}
                  >
                    <dt>{t('dialog.net')}</dt>
                    <dd>{formatPrice(lang, price.net, true)}</dd>
                    <dt>{t('dialog.vat', { rate: VAT_RATE_PERCENT })}</dt>
                    <dd>{formatPrice(lang, price.vat, true)}</dd>
                    <dt className="purchase__total">{t('dialog.gross')}</dt>
                    <dd className="purchase__total">{formatPrice(lang, price.gross, true)}</dd>
                  </dl>
                );
              }),
            )
          )}
          <div className={`field${accepted.error ? ' field--invalid' : ''}`}>
            <label className="purchase__check">
              <input
                type="checkbox"
                name="accepted"
                id={accepted.attributes.id}
                aria-invalid={accepted.attributes['aria-invalid']}
                aria-describedby={accepted.attributes['aria-describedby']}
                onInput={() => clear('accepted')}
              />
              <span>
                {t('dialog.acceptBefore')}{' '}
                <a href={href(lang, 'terms')} target="_blank" rel="noopener">
                  {t('dialog.terms')}
                </a>{' '}
                {t('dialog.acceptMiddle')}{' '}
                <a href={href(lang, 'privacy')} target="_blank" rel="noopener">
                  {t('dialog.privacy')}
                </a>
              </span>
            </label>
            {accepted.error}
          </div>
          {/* Turnstile's widget, when it is on; its refusal is said under it. */}
          <div className={`field${bot.error ? ' field--invalid' : ''}`}>
            <div
              ref={botBox}
              id={bot.attributes.id}
              className="bot-check"
              tabIndex={-1}
              aria-describedby={bot.attributes['aria-describedby']}
            />
            {bot.error}
          </div>
          <div className="purchase__actions">
            <button type="button" className="button button--ghost-dark" commandfor={PURCHASE_DIALOG_ID} command="close">
              {t('dialog.cancel')}
            </button>
            <button type="submit" className="button button--accent">
              {loading ? t('dialog.processing') : t('dialog.confirm')}
            </button>
          </div>
        </fieldset>
      </form>
    </dialog>
  );
}

type Described = (name: string) => {
  attributes: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
  error: ReactNode;
};

/**
 * Who the invoice is made out to: a company or a private person, the name, the country (Poland
 * first), the tax number under the name it has in that country (none for a private person), and
 * the address. Before React the page shows it for a Polish company; the stylesheet hides the tax
 * number for a private person with or without script.
 */
function InvoiceFields({
  buyer,
  countries,
  described,
  clear,
}: {
  buyer: { person: boolean; country: string };
  countries: [string, string][] | null;
  described: Described;
  clear: (...names: string[]) => void;
}) {
  const { t } = useTranslation('cart');
  const lang = useLanguage();
  // The tax number's field is the one a private person does not see.
  const input = (name: string, label: string, props: InputHTMLAttributes<HTMLInputElement>) => {
    const field = described(`invoice.${name}`);
    const tax = name === 'taxId';
    return (
      <div
        className={`field${field.error ? ' field--invalid' : ''}${tax ? ' purchase__tax' : ''}`}
        hidden={tax && buyer.person}
      >
        <label htmlFor={field.attributes.id}>{label}</label>
        <input {...field.attributes} {...props} name={`invoice.${name}`} onInput={() => clear(`invoice.${name}`)} />
        {field.error}
      </div>
    );
  };
  const country = described('invoice.country');
  const taxLabel = buyer.country === 'PL' ? 'nip' : isEuCountry(buyer.country) ? 'vatId' : 'taxIdOptional';
  return (
    <fieldset className="purchase__invoice">
      <legend className="visually-hidden">{t('dialog.invoice')}</legend>
      <fieldset className="purchase__kind">
        <legend>{t('dialog.invoiceFor')}</legend>
        {(['company', 'person'] as const).map((kind) => (
          <label key={kind} className="purchase__check">
            <input
              type="radio"
              name="invoice.kind"
              value={kind}
              defaultChecked={kind === 'company'}
              onChange={() => clear('invoice.taxId')}
            />
            {t(`dialog.${kind}`)}
          </label>
        ))}
      </fieldset>
      {input('name', t(buyer.person ? 'dialog.personName' : 'dialog.companyName'), {
        autoComplete: buyer.person ? 'name' : 'organization',
        maxLength: 200,
      })}
      <div className={`field${country.error ? ' field--invalid' : ''}`}>
        <label htmlFor={country.attributes.id}>{t('dialog.country')}</label>
        <select
          {...country.attributes}
          name="invoice.country"
          autoComplete="country"
          onChange={() => clear('invoice.country', 'invoice.taxId', 'invoice.postalCode')}
        >
          <option value="PL" suppressHydrationWarning>
            {countryName(lang, 'PL')}
          </option>
          {countries?.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {country.error}
      </div>
      {input('taxId', t(`dialog.${taxLabel}`), { autoComplete: 'off', maxLength: 30 })}
      {input('street', t('dialog.street'), { autoComplete: 'address-line1', maxLength: 200 })}
      {input('postalCode', t('dialog.postalCode'), { autoComplete: 'postal-code', maxLength: 20 })}
      {input('city', t('dialog.city'), { autoComplete: 'address-level2', maxLength: 100 })}
    </fieldset>
  );
}

/** The purchase dialog as an island (client/islands.ts): the product names come with its props. */
export function PurchaseIsland({ labels }: { labels: ProductLabels }) {
  return <PurchaseDialog labels={labels} />;
}
