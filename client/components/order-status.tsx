import type { i18n as I18n } from 'i18next';
import { type ComponentProps, Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../site/countries';
import { ORGANISER } from '../../site/event';
import { formatDateTime, formatPrice } from '../../site/format';
import { invoiceLines } from '../../site/invoice-view';
import { ossRateOf } from '../../site/invoices';
import type { LanguageCode } from '../../site/languages';
import {
  isSettling,
  type KnownOrder,
  type OrderLinks,
  type OrderView,
  orderLinks,
  pollDelay,
  ticketImages,
} from '../../site/order-view';
import { href } from '../../site/pages';
import { findProduct, includesFeature, VAT_RATE_PERCENT } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';
import { InvoiceRequest } from './invoice-request';
import { CancelledTickets, CancelOrder, type OrderAccess, orderUrl, TicketWallet } from './order-wallet';
import type { EventFacts } from './ticket-card';

type State = { kind: 'loading' } | KnownOrder;

/** The workshops' titles in the page's language, by id (a prop: the page has them at build time). */
export type WorkshopTitles = Record<string, string>;

/**
 * The congress for the buyer's calendar: Google's and Outlook's links for an order online and for
 * one on site (the venue as the place), and the `.ics` file. The page makes them when it is built
 * (`calendarLinks`), so the island carries no calendar code.
 */
export type CalendarLinks = Record<`${'online' | 'onsite'}${'Google' | 'Outlook'}` | 'file', string>;

/** How often a settling order is checked again (the payment webhook may arrive a moment later). */
const POLL_MS = 3000;

/**
 * The buyer's thank-you page: the order code and its live status, read with the order's secret.
 * `workshopTitles` come with the island's props, so that it loads no events catalogue. `known` is
 * the order as the worker saw it when it served the page (worker/thanks-page.ts): shown at once,
 * with no script at all, and asked again only while it is settling.
 */
export function OrderStatus({
  workshopTitles = {},
  productNames = {},
  calendar,
  event,
  exampleAccount = false,
  known,
  access: served,
  done,
  invoiceForm = false,
}: {
  workshopTitles?: WorkshopTitles;
  productNames?: Record<string, string>;
  calendar: CalendarLinks;
  /** What a ticket says of the event (ticket-card.tsx `eventFacts`), made with the page. */
  event: EventFacts;
  /** Whether the organiser's bank account is still an example (site/example-data.ts), said beside it. */
  exampleAccount?: boolean;
  known?: KnownOrder;
  /** The order's secret, when the worker served the page with the order: its forms work at once. */
  access?: OrderAccess;
  /** What the page's last form did (worker/routes/orders.ts `backToOrder`): `saved` or an error. */
  done?: string;
  /** Whether the page was asked with the invoice form open (`?invoice=form`, invoice-request.tsx). */
  invoiceForm?: boolean;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const [state, setState] = useState<State>(() => (known ? servedImages(known) : { kind: 'loading' }));
  const [access, setAccess] = useState<OrderAccess | null>(served ?? null);
  // How many times the buyer's own actions (a holder changed, the VAT number checked again, a
  // cancellation) have answered with the order: a poll asked for before one of them answered
  // carries the order as it was, and must not put it back over the newer one.
  const actions = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once; `known` is where it starts from
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('order');
    const token = params.get('token');
    if (!id || !token) {
      setState({ kind: 'missing' });
      return;
    }
    setAccess({ id, token });
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = (order?: OrderView) => {
      timer = window.setTimeout(load, order ? pollDelay(order) : POLL_MS);
    };
    const load = async () => {
      const asked = actions.current;
      try {
        const response = await fetch(`/api/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, {
          signal: controller.signal,
        });
        if (response.status === 404) return setState({ kind: 'missing' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const order = (await response.json()) as OrderView;
        // Older than what an action answered meanwhile: asked again, not shown.
        if (actions.current !== asked) return poll(order);
        setState({ kind: 'loaded', order, qr: ticketImages(order, token), links: orderLinks(order, token) });
        if (isSettling(order)) poll(order);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Order status unavailable', error);
        poll();
      }
    };
    if (!known) load();
    else if (known.kind === 'loaded' && isSettling(known.order)) poll(known.order);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, []);

  if (state.kind === 'missing') {
    return (
      <section className="thanks container">
        <h1>{t('thanks.notFoundTitle')}</h1>
        <p role="alert">{t('thanks.notFound')}</p>
        <p>
          <a href={href(lang, 'tickets')} className="button button--outline">
            {t('thanks.back')}
          </a>
        </p>
      </section>
    );
  }

  return (
    <section className="thanks container">
      <h1>{t('thanks.title')}</h1>
      {/* The invoice form says its own outcome where it is (invoice-request.tsx). */}
      {done &&
        done !== 'saved' &&
        done !== 'ticket_cancelled' &&
        done !== 'invoiced' &&
        !done.startsWith('invoice.') && (
          <p className="field__error" role="alert">
            {done.includes('.')
              ? t(`manage.errors.${done}` as 'manage.errors.invalid', { defaultValue: t('manage.errors.invalid') })
              : t(`manage.failed.${done}` as 'manage.failed.server', { defaultValue: t('manage.failed.server') })}
          </p>
        )}
      {state.kind === 'loading' && <p aria-live="polite">{t('thanks.loading')}</p>}
      {/* The way back comes with the order, not under the loading line it would be pushed down from. */}
      {state.kind === 'loaded' && (
        <>
          <OrderDetails
            order={state.order}
            qr={state.qr}
            links={state.links}
            access={access}
            workshopTitles={workshopTitles}
            productNames={productNames}
            calendar={calendar}
            event={event}
            exampleAccount={exampleAccount}
            saved={done === 'saved' || done === 'ticket_cancelled' ? done : false}
            done={done}
            invoiceForm={invoiceForm}
            onChange={(order) => {
              if (!access) return;
              actions.current++;
              setState({
                kind: 'loaded',
                order,
                qr: { ...state.qr, ...ticketImages(order, access.token) },
                links: orderLinks(order, access.token),
              });
            }}
          />
          <p>
            <a href={href(lang, 'tickets')} className="button button--outline">
              {t('thanks.back')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The order the island starts from, with its QR images: the worker sends them in the island's
 * markup only, not again in its props (site/order-view.ts `withoutImages`), so at hydration each
 * ticket's image is taken from the card the worker drew, and React finds the same `src` there. On
 * the server (the worker's render) they came with `known` and are used as they are.
 */
function servedImages(known: KnownOrder): KnownOrder {
  if (known.kind !== 'loaded' || typeof document === 'undefined') return known;
  const qr = { ...known.qr };
  for (const ticket of known.order.tickets) {
    const src = document
      .querySelector(`.ticket-card[data-ticket="${CSS.escape(ticket.id)}"] .ticket-card__qr img`)
      ?.getAttribute('src');
    if (src && !qr[ticket.id]) qr[ticket.id] = src;
  }
  return { ...known, qr };
}

/** What the buyer sees of a loaded order: status, ticket, amounts, calendar, what happens next. */
function OrderDetails({
  order,
  qr,
  links,
  access,
  workshopTitles,
  productNames,
  calendar,
  event,
  exampleAccount,
  saved,
  done,
  invoiceForm,
  onChange,
}: {
  order: OrderView;
  invoiceForm: boolean;
  saved: 'saved' | 'ticket_cancelled' | false;
  done?: string;
  qr: Record<string, string>;
  links?: OrderLinks;
  access: OrderAccess | null;
  workshopTitles: WorkshopTitles;
  productNames: Record<string, string>;
  calendar: CalendarLinks;
  event: EventFacts;
  exampleAccount: boolean;
  onChange: (order: OrderView) => void;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const onsite = order.tickets.some((ticket) => findProduct(ticket.product)?.mode === 'onsite');
  const confirmation = order.emails.filter((e) => e.kind === 'confirmation').at(-1);
  const mode = onsite ? 'onsite' : 'online';
  const products = new Map<string, number>();
  for (const ticket of order.tickets) products.set(ticket.product, (products.get(ticket.product) ?? 0) + 1);
  const seats = order.tickets.flatMap((ticket) =>
    ticket.workshops.map((id) => ({ id, holder: ticket.name ?? order.name ?? order.email, ticket: ticket.id })),
  );
  return (
    <div className="thanks__order">
      <div aria-live="polite">
        <p className="lead">
          <span className={`status status--${order.status}`}>{t(`thanks.status.${order.status}`)}</span>{' '}
          {order.status === 'pending' && order.payment === 'transfer'
            ? t('thanks.statusText.transfer')
            : // `{{date}}`, the congress's day, is one of the texts' own facts (client/lib/i18n.ts).
              t(`thanks.statusText.${order.status}`)}
        </p>
        <p>{t('thanks.sentTo', { email: order.email })}</p>
        {confirmation && order.status === 'paid' && (
          <p className={`thanks__email thanks__email--${confirmation.status}`}>
            {t(`thanks.emailStatus.${confirmation.status}`, { email: ORGANISER.email })}
          </p>
        )}
      </div>
      {order.status === 'paid' && (
        <TicketWallet
          order={order}
          productNames={productNames}
          qr={qr}
          event={event}
          access={access}
          saved={saved}
          onChange={onChange}
        />
      )}
      {order.status !== 'paid' && <CancelledTickets order={order} productNames={productNames} />}
      {order.status === 'pending' && order.payBy && (
        <TransferDetails
          order={order}
          payBy={order.payBy}
          proforma={links?.proforma ?? null}
          exampleAccount={exampleAccount}
        />
      )}
      <h2>{t('thanks.details')}</h2>
      <dl className="thanks__details">
        <dt>{t('thanks.orderCode')}</dt>
        <dd className="thanks__code">{order.code}</dd>
        <dt>{order.tickets.length > 1 ? t('thanks.tickets', { n: order.tickets.length }) : t('thanks.plan')}</dt>
        <dd>
          {[...products].map(([id, count]) => (count > 1 ? `${count} × ` : '') + (productNames[id] ?? id)).join(', ')}
        </dd>
        {order.voucher && (
          <>
            {/* What the voucher took off: each discounted ticket's price against its list price. */}
            <dt>{t('thanks.discount', { code: order.voucher })}</dt>
            <dd className="thanks__lines">
              {order.tickets
                .flatMap(({ position, product, voucherPrice: price }) =>
                  price
                    ? t('thanks.ticketPrice', {
                        position,
                        product: productNames[product] ?? product,
                        net: formatPrice(lang, price.net, true),
                        list: formatPrice(lang, price.listNet, true),
                      })
                    : [],
                )
                .join('\n')}
            </dd>
          </>
        )}
        <dt>{t('thanks.net')}</dt>
        <dd>{formatPrice(lang, order.net, true)}</dd>
        {/* The VAT by rate, as the order was priced (site/tax-rules.ts): 23%, a member state's, none. */}
        {(order.vatLines ?? [{ rate: 23 as const, vat: order.vat }]).map(({ rate, vat }) => {
          const oss = ossRateOf(rate);
          return (
            <Fragment key={String(rate)}>
              <dt>
                {rate === 'np'
                  ? t('thanks.reverseCharge')
                  : rate === 'outside'
                    ? t('thanks.outsideVat')
                    : oss
                      ? t('thanks.vatIn', {
                          rate: oss.rate.toLocaleString(lang),
                          country: countryName(lang, oss.country),
                        })
                      : t('thanks.vat', { rate: VAT_RATE_PERCENT })}
              </dt>
              <dd>{formatPrice(lang, vat, true)}</dd>
            </Fragment>
          );
        })}
        <dt>{t('thanks.amount')}</dt>
        <dd>{formatPrice(lang, order.gross, true)}</dd>
        {order.invoice && (
          <>
            <dt>{t('thanks.invoice')}</dt>
            {/* The country's name comes from the runtime's CLDR data, which may name it otherwise
                in the worker that rendered the page than in this browser. */}
            <dd className="thanks__lines" suppressHydrationWarning>
              {invoiceLines(lang, order.invoice).join('\n')}
            </dd>
          </>
        )}
      </dl>
      {showsVat(order) && order.vatCheck && (
        <OrderVatSlot
          order={order}
          vat={order.vatCheck}
          urls={access && { order: orderUrl(access), recheck: orderUrl(access, '/vat-check') }}
          onChange={onChange}
        />
      )}
      {links && order.invoices.length > 0 && (
        <>
          <h2 id="documents-title">{t('thanks.documents')}</h2>
          {done === 'invoiced' && <p role="status">{t('invoiceRequest.done')}</p>}
          <ul className="thanks__documents">
            {order.invoices.map((invoice) => (
              <li key={invoice.id}>
                {`${t(`thanks.invoiceKinds.${invoice.kind}`)} ${invoice.number}: `}
                <a href={links.invoices[invoice.id]?.pdf} download>
                  PDF
                </a>
                {' · '}
                <a href={links.invoices[invoice.id]?.xml} download>
                  {t('thanks.invoiceXml')}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <InvoiceRequest order={order} access={access} done={done} open={invoiceForm} onChange={onChange} />
      {seats.length > 0 && (
        <>
          <h2>{t('thanks.workshops')}</h2>
          <ul>
            {seats.map((seat) => (
              <li key={`${seat.ticket}-${seat.id}`}>
                {workshopTitles[seat.id] ?? seat.id}
                {order.tickets.length > 1 && ` (${seat.holder})`}
              </li>
            ))}
          </ul>
        </>
      )}
      {order.status === 'paid' && (
        <>
          <h2>{t('thanks.calendar')}</h2>
          <ul className="thanks__calendar">
            <li>
              <a href={calendar[`${mode}Google`]} rel="noopener">
                {t('thanks.calendarGoogle')}
              </a>
            </li>
            <li>
              <a href={calendar[`${mode}Outlook`]} rel="noopener">
                {t('thanks.calendarOutlook')}
              </a>
            </li>
            <li>
              <a href={calendar.file} download type="text/calendar">
                {t('thanks.calendarFile')}
              </a>
            </li>
          </ul>
          <h2>{t('thanks.nextTitle')}</h2>
          <ul>
            <li>{t(onsite ? 'thanks.nextOnsite' : 'thanks.nextOnline')}</li>
            {order.tickets.some((ticket) => includesFeature(ticket.product, 'networkingApp')) && (
              <li>{t('thanks.nextApp')}</li>
            )}
            <li>{order.invoice ? t('thanks.nextInvoice') : t('thanks.nextNoInvoice', { email: ORGANISER.email })}</li>
          </ul>
        </>
      )}
      {access && <CancelOrder order={order} access={access} onChange={onChange} />}
    </div>
  );
}

/**
 * How to pay a pending transfer order: the amount, the organisers' account, the order code as the
 * transfer's title and the day the places are held until; what happens when the money comes.
 */
function TransferDetails({
  order,
  payBy,
  proforma,
  exampleAccount,
}: {
  order: OrderView;
  payBy: string;
  proforma: string | null;
  exampleAccount: boolean;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const date = formatDateTime(lang, payBy);
  return (
    <section className="thanks__transfer" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('thanks.transfer.title')}</h2>
      <p>{t('thanks.transfer.intro', { date })}</p>
      <dl className="thanks__details">
        <dt>{t('thanks.transfer.amount')}</dt>
        <dd>{formatPrice(lang, order.gross, true)}</dd>
        <dt>{t('thanks.transfer.recipient')}</dt>
        <dd>{`${ORGANISER.name}, ${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.city}`}</dd>
        <dt>{t('thanks.transfer.account')}</dt>
        <dd className="thanks__code" translate="no">
          {ORGANISER.bank.iban}
        </dd>
        <dt>{t('thanks.transfer.bank')}</dt>
        <dd>{`${ORGANISER.bank.name} (SWIFT/BIC ${ORGANISER.bank.swift})`}</dd>
        <dt>{t('thanks.transfer.reference')}</dt>
        <dd className="thanks__code" translate="no">
          {order.code}
        </dd>
        <dt>{t('thanks.transfer.payBy')}</dt>
        <dd>{date}</dd>
      </dl>
      {proforma && (
        <p>
          <a href={proforma} download>
            {t('thanks.transfer.proforma')}
          </a>
        </p>
      )}
      {exampleAccount && <p className="thanks__example">{t('thanks.transfer.example')}</p>}
      <p>{t('thanks.transfer.after')}</p>
    </section>
  );
}

// The VAT number's section of an order page (order-vat.tsx) and its catalogue (locales/<lng>/vat.json)
// are loaded only for an order that has something to say about its VAT number: an EU business whose
// number VIES could not confirm, or whose order was corrected. Every other order page (nearly all of
// them) loads neither, which keeps the order page's JS within its budget.

type OrderVatComponent = typeof import('./order-vat').OrderVat;
let Section: OrderVatComponent | undefined;

/** Whether an order's page shows its VAT number's section. */
export const showsVat = (order: OrderView | undefined): boolean =>
  Boolean(order?.vatCheck && (order.vatCheck.status !== 'valid' || order.vatCheck.correction));

/**
 * Loads the section and its catalogue into `i18n` before an island that shows it renders (the
 * worker's render and the browser's hydration, client/islands.ts `prepare`), so both draw it alike.
 */
export const loadOrderVat = (i18n: I18n, lang: LanguageCode): Promise<void> =>
  import('./order-vat').then(async (m) => {
    await m.loadVatTexts(i18n, lang);
    Section = m.OrderVat;
  });

/** What the order island's props say of the order, for `loadOrderVat` before its first render. */
export const orderOfProps = (props: { known?: KnownOrder }) =>
  props.known?.kind === 'loaded' ? props.known.order : undefined;

/** The section where its order shows it: drawn at once when loaded beforehand, else once it is loaded. */
function OrderVatSlot(props: ComponentProps<OrderVatComponent>) {
  const { i18n } = useTranslation();
  const lang = useLanguage();
  const [, loaded] = useState(false);
  useEffect(() => {
    if (!Section) void loadOrderVat(i18n, lang).then(() => loaded(true));
  }, [i18n, lang]);
  return Section ? <Section {...props} /> : null;
}
