import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice } from '../../site/format';
import type { OrderView, TicketView } from '../../site/order-view';
import { PLAIN_EMAIL } from '../../site/text';
import { product as productOf } from '../../site/tickets';
import { useLanguage } from '../lib/use-language';
import { type EventFacts, printTickets, TicketCard } from './ticket-card';

/** What the order page's own requests need: the order's id and the secret of its link. */
export type OrderAccess = { id: string; token: string };

/** Answers a changed order to the page, which shows it from then on. */
type OnChange = (order: OrderView) => void;

export const orderUrl = ({ id, token }: OrderAccess, path = '') =>
  `/api/orders/${encodeURIComponent(id)}${path}?token=${encodeURIComponent(token)}`;

/**
 * A paid order's tickets, each with its holder, QR code and code, printable alone or all together
 * (one per page), and a link to its holder's own page; until the congress starts the buyer can give
 * a ticket to someone else. The change is a native `<details>` with a form the worker takes as it is
 * (worker/routes/orders.ts), so it is in the page as served and works before and without script.
 */
export function TicketWallet({
  order,
  productNames,
  qr,
  event,
  access,
  saved: savedAtLoad,
  onChange,
}: {
  order: OrderView;
  /** Each product's name as a ticket says it, by id (the page's words, as the island's props). */
  productNames: Record<string, string>;
  qr: Record<string, string>;
  event: EventFacts;
  access: OrderAccess | null;
  /** Whether the page was served right after a change of holder (or a ticket's cancellation) its form sent. */
  saved?: 'saved' | 'ticket_cancelled' | false;
  onChange: OnChange;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const [saved, setSaved] = useState(savedAtLoad ?? false);
  const canChange = access !== null && Date.now() < Date.parse(order.changesUntil);
  // One ticket of several may be given back until the terms' deadline (the whole order, below).
  const canCancel = access !== null && order.status === 'paid' && Date.now() < Date.parse(order.cancellableUntil);
  const tickets = order.tickets.filter((ticket): ticket is TicketView & { code: string } => ticket.code !== null);
  return (
    <section className="wallet-section" aria-labelledby="wallet-title">
      <div className="wallet__head">
        <h2 id="wallet-title">{t('thanks.tickets', { n: tickets.length })}</h2>
        {tickets.length > 1 && (
          <button type="button" className="button button--outline" onClick={() => printTickets(null)}>
            {t('ticket.printAll')}
          </button>
        )}
      </div>
      <p role="status" className="wallet__saved">
        {saved && t(saved === 'ticket_cancelled' ? 'manage.ticketCancelled' : 'manage.saved')}
      </p>
      <ol className="wallet">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard
              ticket={ticket}
              productName={productNames[ticket.product] ?? ticket.product}
              count={tickets.length}
              holder={ticket.name ?? order.name ?? order.email}
              qr={qr[ticket.id] ?? ''}
              event={event}
              onPrint={() => printTickets(ticket.id)}
            >
              {ticket.page && (
                <a className="button button--outline" href={ticket.page}>
                  {t('ticket.page')}
                </a>
              )}
              {access && canChange && !ticket.checkedInAt && (
                <details className="holder-change">
                  <summary
                    className="button button--outline"
                    aria-label={t('manage.changeOf', { position: ticket.position })}
                  >
                    {t('manage.change')}
                  </summary>
                  <HolderForm
                    ticket={ticket}
                    access={access}
                    onDone={(changed) => {
                      setSaved('saved');
                      onChange(changed);
                    }}
                  />
                </details>
              )}
              {access && canCancel && !ticket.checkedInAt && (
                <CancelTicket
                  ticket={ticket}
                  order={order}
                  access={access}
                  last={tickets.length === 1}
                  onDone={(changed) => {
                    setSaved('ticket_cancelled');
                    onChange(changed);
                  }}
                />
              )}
            </TicketCard>
          </li>
        ))}
      </ol>
      {access && !canChange && (
        <p className="thanks__note">{t('manage.changesClosed', { date: formatDateTime(lang, order.changesUntil) })}</p>
      )}
      <CancelledTickets order={order} productNames={productNames} />
    </section>
  );
}

/** The tickets given back alone, and how their money comes back (or came back, by transfer). */
export function CancelledTickets({ order, productNames }: { order: OrderView; productNames: Record<string, string> }) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const cancelled = order.cancelledTickets ?? [];
  const refunds = order.refunds ?? [];
  if (!cancelled.length && !refunds.length) return null;
  return (
    <>
      {cancelled.length > 0 && (
        <>
          <h3>{t('manage.cancelledTitle')}</h3>
          <ul className="wallet__cancelled">
            {cancelled.map((ticket) => (
              <li key={ticket.id}>
                {t('manage.cancelledItem', {
                  position: ticket.position,
                  product: productNames[ticket.product] ?? ticket.product,
                  holder: ticket.name ?? order.name ?? order.email,
                  date: formatDateTime(lang, ticket.cancelledAt),
                  amount: formatPrice(lang, ticket.gross, true),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {refunds.map((refund) => (
        <p key={refund.ticketId ?? 'order'} className="thanks__note">
          {refund.state === 'owed'
            ? t('manage.refundOwed', { amount: formatPrice(lang, refund.amount, true) })
            : t('manage.refundRecorded', { amount: formatPrice(lang, refund.amount, true), date: refund.sentOn ?? '' })}
        </p>
      ))}
    </>
  );
}

/**
 * Cancelling one ticket: a native disclosure with a form the worker takes as it is (so it works
 * before and without the island), the confirmation its one button; the island sends it as JSON.
 */
function CancelTicket({
  ticket,
  order,
  access,
  last,
  onDone,
}: {
  ticket: TicketView;
  order: OrderView;
  access: OrderAccess;
  last: boolean;
  onDone: OnChange;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const amount = formatPrice(lang, ticket.gross ?? order.gross, true);
  const path = `/tickets/${encodeURIComponent(ticket.id)}/cancel`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailed(null);
    try {
      const response = await fetch(orderUrl(access, path), { method: 'POST' });
      const body = (await response.json().catch(() => null)) as (OrderView & { error?: undefined }) | { error: string };
      if (response.ok && body && !body.error) return onDone(body as OrderView);
      setFailed(body?.error ?? 'server');
    } catch {
      setFailed('network');
    } finally {
      setSending(false);
    }
  };
  const until = formatDateTime(lang, new Date(Date.parse(order.cancellableUntil) - 1).toISOString());
  return (
    <details className="holder-change">
      <summary
        className="button button--outline"
        aria-label={t('manage.cancelTicketOf', { position: ticket.position })}
      >
        {t('manage.cancelTicket')}
      </summary>
      <form method="post" action={orderUrl(access, path)} onSubmit={submit}>
        <p>
          {t(order.payment === 'transfer' ? 'manage.cancelTicketTransferText' : 'manage.cancelTicketText', {
            position: ticket.position,
            amount,
          })}
        </p>
        {last && <p>{t('manage.cancelTicketLast')}</p>}
        {failed && (
          <p className="field__error" role="alert">
            {t(`manage.failed.${failed}`, { defaultValue: t('manage.failed.server'), date: until })}
          </p>
        )}
        <button type="submit" className="button button--accent" disabled={sending}>
          {t('manage.cancelTicketConfirm', { position: ticket.position, amount })}
        </button>
      </form>
    </details>
  );
}

type HolderField = 'name' | 'email';

/** The new holder of a ticket: checked here as the worker checks it, each error beside its field. */
function HolderForm({
  ticket,
  access,
  onDone,
}: {
  ticket: TicketView;
  access: OrderAccess;
  onDone: (changed: OrderView) => void;
}) {
  const { t } = useTranslation('delivery');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<HolderField, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const onsite = productOf(ticket.product).mode === 'onsite';

  const check = (values: Record<HolderField, string>) => {
    const found: Partial<Record<HolderField, string>> = {};
    if (onsite && !values.name) found.name = 'required';
    if (values.email && !PLAIN_EMAIL.test(values.email)) found.email = 'invalid_email';
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { name: String(data.get('name') ?? '').trim(), email: String(data.get('email') ?? '').trim() };
    const found = check(values);
    setErrors(found);
    setFailed(null);
    const first = (['name', 'email'] as const).find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await fetch(orderUrl(access, `/tickets/${encodeURIComponent(ticket.id)}`), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => null)) as
        | (OrderView & { error?: undefined })
        | { error: string; fields?: Partial<Record<HolderField, string>> }
        | null;
      if (response.ok && body && !body.error) {
        form.current?.closest('details')?.removeAttribute('open');
        return onDone(body as OrderView);
      }
      if (body?.error === 'invalid_fields' && body.fields) setErrors(body.fields);
      else setFailed(body?.error ?? 'server');
    } catch {
      setFailed('network');
    } finally {
      setSending(false);
    }
  };

  const field = (name: HolderField, label: string, props: Record<string, unknown>) => {
    const error = errors[name];
    const fieldId = `${id}-${name}`;
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={fieldId}>{label}</label>
        <input
          id={fieldId}
          name={name}
          defaultValue={(name === 'name' ? ticket.name : ticket.email) ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={() => errors[name] && setErrors({ ...errors, [name]: undefined })}
          {...props}
        />
        {error && (
          <p id={`${fieldId}-error`} className="field__error">
            {t(`manage.errors.${name}.${error}`, { defaultValue: t('manage.errors.invalid') })}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      ref={form}
      className="holder-form"
      method="post"
      action={orderUrl(access, `/tickets/${encodeURIComponent(ticket.id)}/holder`)}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`}>{t('manage.changeTitle', { position: ticket.position })}</h4>
      <p className="thanks__note">{t('manage.changeText')}</p>
      {field('name', t(onsite ? 'manage.name' : 'manage.nameOptional'), {
        autoComplete: 'off',
        maxLength: 120,
        required: onsite,
      })}
      {field('email', t('manage.email'), { type: 'email', autoComplete: 'off', maxLength: 254 })}
      {failed && (
        <p className="field__error" role="alert">
          {t(`manage.failed.${failed}`, { defaultValue: t('manage.failed.server') })}
        </p>
      )}
      <div className="order-manage__actions">
        <button type="submit" className="button button--accent" disabled={sending} aria-busy={sending}>
          {t('manage.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Cancelling the order: until the terms' deadline a pending order is let go and a paid one
 * refunded, after a second, explicit confirmation; after it, the page says until when it was possible.
 */
export function CancelOrder({
  order,
  access,
  onChange,
}: {
  order: OrderView;
  access: OrderAccess;
  onChange: OnChange;
}) {
  const { t } = useTranslation('delivery');
  const lang = useLanguage();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (order.status !== 'paid' && order.status !== 'pending') return null;
  const until = formatDateTime(lang, new Date(Date.parse(order.cancellableUntil) - 1).toISOString());
  const open = Date.now() < Date.parse(order.cancellableUntil);
  const amount = formatPrice(lang, order.gross, true);

  const cancel = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailed(null);
    try {
      const response = await fetch(orderUrl(access, '/cancel'), { method: 'POST' });
      const body = (await response.json().catch(() => null)) as (OrderView & { error?: undefined }) | { error: string };
      if (response.ok && body && !body.error) return onChange(body as OrderView);
      setFailed(body?.error ?? 'server');
    } catch {
      setFailed('network');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="order-manage" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t('manage.cancelTitle')}</h2>
      {!open ? (
        <p>{t('manage.cancelClosed', { date: until })}</p>
      ) : (
        <>
          <p>
            {order.status !== 'paid'
              ? t('manage.cancelPending', { date: until })
              : // Money that came by transfer goes back by a transfer the organisers make and record.
                t(order.payment === 'transfer' ? 'manage.cancelTransferText' : 'manage.cancelText', {
                  date: until,
                  amount,
                })}
          </p>
          {
            <>
              {failed && (
                <p className="field__error" role="alert">
                  {t(`manage.failed.${failed}`, { defaultValue: t('manage.failed.server'), date: until })}
                </p>
              )}
              {/* A second, explicit step: the confirmation is a form inside a native disclosure, so it
                  is in the page as served and cancels before and without the island's start. */}
              <details className="order-manage__confirm">
                <summary className="button button--outline">{t('manage.cancel')}</summary>
                <form method="post" action={orderUrl(access, '/cancel')} onSubmit={cancel}>
                  <button type="submit" className="button button--accent" disabled={sending}>
                    {order.status === 'paid' ? t('manage.cancelConfirm', { amount }) : t('manage.cancelConfirmPending')}
                  </button>
                </form>
              </details>
            </>
          }
        </>
      )}
    </section>
  );
}
