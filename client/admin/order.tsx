import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { invoiceLines } from '../../site/invoice-view';
import { canTransition } from '../../site/orders';
import { evidenceToCheck, ossSale } from '../../site/tax-evidence';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { OrderCertificates } from './certificates';
import { DataTable, timeColumn } from './data-table';
import { Button, Outcome, useAction } from './form-kit';
import { dateTime, historyDetails, money, summary } from './format';
import { InvoiceDataForm } from './invoice-data';
import { OrderInvoices } from './invoices';
import { MarkPaid } from './mark-paid';
import { ordersHref } from './order-links';
import { evidenceText } from './oss';
import { useApi } from './session';
import { LoadState } from './status';
import { type EmailRecord, type LogEntry, ORDER_EVENTS, type Order, type OrderDetail } from './types';
import { useLoad } from './use-load';

type Action = 'resend' | 'cancel' | 'refund';

/**
 * One order: its details, its whole history from the purchase log, its e-mails, and what an
 * organiser may do with it now (resend the confirmation of a paid order, cancel an unpaid one,
 * refund a paid one). Cancelling and refunding ask once more before they act.
 */
export function OrderPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const { value: detail, error, load } = useLoad<OrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const { busy, notice: outcome, setNotice: setOutcome, run } = useAction();

  const act = (action: Action) =>
    run(async () => {
      try {
        await call(`/api/admin/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
        await load();
        return t(`order.${action === 'resend' ? 'resent' : action === 'cancel' ? 'cancelled' : 'refunded'}`);
      } finally {
        setConfirming(null);
      }
    });

  if (error instanceof ApiFailure && error.status === 404) {
    return (
      <>
        <BackLink />
        <h1>{t('order.notFound')}</h1>
      </>
    );
  }
  if (!detail) return <LoadState error={error} loading={!error} retry={load} />;
  const { order, history, emails } = detail;
  // The VAT difference of a transfer order corrected to reverse charge: the organisers send it back.
  const due = history.find((entry) => entry.event === 'vat_corrected' && entry.data.refund === 'due');
  const refundDue = due ? Number(due.data.difference) : null;
  return (
    <>
      <BackLink />
      <div className="console-title">
        <h1>{t('order.title', { code: order.code })}</h1>
        <span className={`console-status console-status--${order.status}`}>{t(`status.${order.status}`)}</span>
      </div>
      {refundDue !== null && (
        <p className="console-note">{t('order.vatRefundDue', { amount: money(lang, refundDue) })}</p>
      )}
      <div className="console-columns">
        <section aria-labelledby="order-details" className="console-panel">
          <h2 id="order-details">{t('order.details')}</h2>
          <dl className="console-details">
            <dt>{t('orders.product')}</dt>
            <dd>{summary(order, productName)}</dd>
            <dt>{t('orders.email')}</dt>
            <dd className="console-break">{order.email}</dd>
            {order.name && (
              <>
                <dt>{t('orders.name')}</dt>
                <dd>{order.name}</dd>
              </>
            )}
            <dt>{t('order.amounts')}</dt>
            <dd>
              {t('order.amountsValue', {
                net: money(lang, order.net),
                vat: money(lang, order.vat),
                gross: money(lang, order.gross),
              })}
            </dd>
            <dt>{t('orders.created')}</dt>
            <dd>{dateTime(lang, order.createdAt)}</dd>
            <dt>{t('order.paidAt')}</dt>
            <dd>{order.paidAt ? dateTime(lang, order.paidAt) : t('common.none')}</dd>
            <dt>{t('order.provider')}</dt>
            <dd>{t(`order.providers.${order.provider}`)}</dd>
            {order.status === 'pending' && (
              <>
                <dt>{t('order.holdUntil')}</dt>
                <dd>{dateTime(lang, order.holdUntil)}</dd>
              </>
            )}
            {order.providerRef && (
              <>
                <dt>{t('order.providerRef')}</dt>
                <dd className="console-break">{order.providerRef}</dd>
              </>
            )}
            <dt>{t('order.lang')}</dt>
            <dd>{order.lang}</dd>
            {/* What the buyer accepted when placing the order: the versions are the texts' dates. */}
            <dt>{t('order.consent')}</dt>
            <dd>
              {order.consent
                ? t('order.consentValue', {
                    terms: order.consent.terms,
                    privacy: order.consent.privacy,
                    at: dateTime(lang, order.consent.at),
                  })
                : t('order.consentNone')}
            </dd>
            {order.invoice && (
              <>
                <dt>{t('order.invoice')}</dt>
                {/* A private person's invoice says so under the name: it has no tax number. */}
                <dd className="console-lines">
                  {invoiceLines(lang, order.invoice)
                    .toSpliced(1, 0, ...(order.invoice.taxId ? [] : [t('order.invoicePerson')]))
                    .join('\n')}
                </dd>
              </>
            )}
          </dl>
          <OrderEvidence order={order} />
        </section>
        <section aria-labelledby="order-actions" className="console-panel">
          <h2 id="order-actions">{t('order.actions')}</h2>
          <Outcome notice={outcome} className="console-outcome" />
          <Actions
            order={order}
            busy={busy}
            confirming={confirming}
            onConfirm={setConfirming}
            onAct={(action) => void act(action)}
          />
          {/* A buyer who paid without invoice data asks the organisers for one (by phone, by e-mail). */}
          {order.status === 'paid' && !order.invoice && order.gross > 0 && (
            <details className="console-disclosure">
              <summary className="console-button console-button--quiet">{t('invoiceData.issue')}</summary>
              <p className="console-hint">{t('invoiceData.issueIntro')}</p>
              <InvoiceDataForm
                url={`/api/admin/orders/${encodeURIComponent(order.id)}/invoice`}
                initial={{ name: order.name ?? '' }}
                submit={t('invoiceData.issueSubmit')}
                onDone={(invoice) => {
                  setOutcome({ ok: true, text: t('invoiceData.issued', { number: invoice.number }) });
                  void load();
                }}
              />
            </details>
          )}
          {/* A transfer arrives by bank: an organiser records it (an expired order may still take a free place). */}
          {order.provider === 'transfer' && (order.status === 'pending' || order.status === 'expired') && (
            <MarkPaid
              order={order}
              onPaid={() => {
                setOutcome({ ok: true, text: t('markPaid.done') });
                void load();
              }}
            />
          )}
        </section>
      </div>
      <section aria-labelledby="order-tickets">
        <h2 id="order-tickets">{t('order.tickets', { n: order.tickets.length })}</h2>
        <Tickets order={order} onChange={load} />
      </section>
      {order.status === 'paid' && <OrderCertificates order={order} onChange={load} />}
      {/* Only an order with invoice data gets invoices: the panel would always be empty for the rest.
          A payment or refund recorded here issues one, and adds to the history: the panel reads again. */}
      {order.invoice && (
        <OrderInvoices orderId={order.id} code={order.code} revision={history.length} onChange={load} />
      )}
      <section aria-labelledby="order-history">
        <h2 id="order-history">{t('order.history')}</h2>
        <History entries={history} />
      </section>
      <section aria-labelledby="order-emails">
        <h2 id="order-emails">{t('order.emails')}</h2>
        <Emails emails={emails} />
      </section>
    </>
  );
}

/** What `POST /api/admin/orders/:id/tickets/:ticketId/cancel` answers (site/orders.ts PartCancelResult). */
type TicketCancelled = { ticket: { gross: number }; orderCancelled: boolean; refund: 'refunded' | 'owed' };

/**
 * Each ticket of an order: its holder (or the buyer's name when it has none), code and check-in;
 * for a paid order, "Cancel this ticket" on each one not admitted, asked once more before it acts
 * (the ticket's gross goes back: by the provider, or owed by transfer, Refunds screen).
 */
function Tickets({ order, onChange }: { order: Order; onChange: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const action = useAction();
  const [confirming, setConfirming] = useState<string | null>(null);
  type Ticket = Order['tickets'][number];
  const holder = (ticket: Ticket) => ticket.name ?? order.name ?? null;
  const cancellable = order.status === 'paid' && order.tickets.some((ticket) => !ticket.checkedInAt);
  const cancel = (ticket: Ticket) =>
    action.run(
      async () => {
        const answer = await call<TicketCancelled>(
          `/api/admin/orders/${encodeURIComponent(order.id)}/tickets/${encodeURIComponent(ticket.id)}/cancel`,
          { method: 'POST' },
        );
        setConfirming(null);
        await onChange();
        const amount = money(lang, answer.ticket.gross);
        const text =
          answer.refund === 'owed'
            ? t('order.ticketCancelledOwed', { amount })
            : t('order.ticketCancelledRefunded', { amount });
        return answer.orderCancelled ? `${text} ${t('order.ticketCancelledLast')}` : text;
      },
      (problem) => {
        setConfirming(null);
        const code = problem instanceof ApiFailure ? problem.code : '';
        return ['checked_in', 'ticket_cancelled', 'not_paid', 'not_found'].includes(code)
          ? t(`order.ticketCancelErrors.${code as 'checked_in'}`)
          : undefined;
      },
    );
  return (
    <>
      {/* Beside the tickets, where the organiser acts (the order's actions are far up on a phone); there
          from the question on, so the answer is announced, and only then: one status region otherwise. */}
      {(confirming || action.notice) && (
        <div role="status">
          {action.notice && <p className={action.notice.ok ? 'console-ok' : 'console-alert'}>{action.notice.text}</p>}
        </div>
      )}
      <DataTable<Ticket>
        caption={t('order.ticketsCaption', { code: order.code })}
        rows={order.tickets}
        rowKey={(ticket) => ticket.id}
        columns={[
          { id: 'position', header: '#', cell: (ticket) => ticket.position, sortBy: (ticket) => ticket.position },
          {
            id: 'product',
            header: t('orders.product'),
            cell: (ticket) => productName(ticket.product),
            sortBy: (ticket) => productName(ticket.product),
          },
          {
            id: 'holder',
            header: t('order.holder'),
            rowHeader: true,
            cell: (ticket) => holder(ticket) ?? t('common.none'),
            sortBy: holder,
          },
          {
            id: 'email',
            header: t('orders.email'),
            cell: (ticket) => ticket.email ?? order.email,
            className: 'console-break',
          },
          { id: 'code', header: t('order.ticketCode'), cell: (ticket) => <span translate="no">{ticket.code}</span> },
          {
            // The holder's accessibility answers: what the organisers arrange at the venue.
            id: 'access',
            header: t('order.access'),
            cell: (ticket) =>
              ticket.access
                ? [
                    ticket.access.assistance ? t('order.accessAssistance') : null,
                    ticket.access.wheelchair ? t('order.accessWheelchair') : null,
                    ticket.access.note ? t('order.accessNote', { note: ticket.access.note }) : null,
                  ]
                    .filter(Boolean)
                    .join('; ')
                : t('common.none'),
            className: 'console-break',
          },
          {
            id: 'checkedIn',
            header: t('order.checkedInAt'),
            cell: (ticket) => (ticket.checkedInAt ? dateTime(lang, ticket.checkedInAt) : t('common.none')),
            sortBy: (ticket) => (ticket.checkedInAt ? Date.parse(ticket.checkedInAt) : null),
            firstDirection: 'descending',
          },
          cancellable && {
            id: 'cancel',
            header: t('order.ticketCancel'),
            headerHidden: true,
            cell: (ticket) =>
              ticket.checkedInAt ? null : confirming === ticket.id ? (
                <fieldset className="console-confirm">
                  <legend>
                    {t('order.ticketCancelConfirm', {
                      position: ticket.position,
                      name: holder(ticket) ?? t('common.none'),
                      amount: money(lang, ticket.gross),
                    })}
                  </legend>
                  <Button look="danger" disabled={action.busy} onClick={() => void cancel(ticket)}>
                    {t('order.ticketCancelYes')}
                  </Button>
                  <Button look="quiet" disabled={action.busy} onClick={() => setConfirming(null)}>
                    {t('order.keep')}
                  </Button>
                </fieldset>
              ) : (
                <Button
                  look="quiet"
                  disabled={action.busy}
                  aria-label={`${t('order.ticketCancel')} – ${t('order.ticketCancelFor', { position: ticket.position, name: holder(ticket) ?? '' })}`}
                  onClick={() => {
                    action.setNotice(null);
                    setConfirming(ticket.id);
                  }}
                >
                  {t('order.ticketCancel')}
                </Button>
              ),
          },
        ]}
        initialSort={{ column: 'position', direction: 'ascending' }}
      />
    </>
  );
}

function BackLink() {
  const { t } = useTranslation('admin');
  return (
    <p>
      <Link href={ordersHref()}>← {t('order.back')}</Link>
    </p>
  );
}

function Actions({
  order,
  busy,
  confirming,
  onConfirm,
  onAct,
}: {
  order: Order;
  busy: boolean;
  confirming: Action | null;
  onConfirm: (action: Action | null) => void;
  onAct: (action: Action) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const canResend = order.status === 'paid';
  // What can happen next is the lifecycle's (site/orders.ts); a refund here is of a paid order only
  // (an expired or cancelled one's late payment is refunded by the payment rules, not the console).
  const canCancel = canTransition(order.status, 'cancelled');
  const canRefund = order.status === 'paid' && canTransition(order.status, 'refunded');
  if (!canResend && !canCancel && !canRefund) return <p className="console-muted">{t('order.noActions')}</p>;
  if (confirming === 'cancel' || confirming === 'refund') {
    const question =
      confirming === 'cancel'
        ? t('order.cancelConfirm', { code: order.code })
        : order.gross === 0
          ? t('order.cancelFreeConfirm', { code: order.code })
          : t('order.refundConfirm', { code: order.code, gross: money(lang, order.gross) });
    return (
      <fieldset className="console-confirm">
        <legend>{question}</legend>
        <Button look="danger" disabled={busy} onClick={() => onAct(confirming)}>
          {t('order.confirm')}
        </Button>
        <Button look="quiet" disabled={busy} onClick={() => onConfirm(null)}>
          {t('order.keep')}
        </Button>
      </fieldset>
    );
  }
  return (
    <div className="console-actions">
      {canResend && (
        <Button disabled={busy} onClick={() => onAct('resend')}>
          {t('order.resend')}
        </Button>
      )}
      {canCancel && (
        <Button look="danger" disabled={busy} onClick={() => onConfirm('cancel')}>
          {t('order.cancel')}
        </Button>
      )}
      {canRefund && (
        <Button look="danger" disabled={busy} onClick={() => onConfirm('refund')}>
          {/* A free order (a free ticket, a 100% voucher) is cancelled: nothing to give back. */}
          {order.gross === 0
            ? t('order.cancelFree')
            : order.provider === 'stripe'
              ? t('order.refundStripe')
              : t('order.refund')}
        </Button>
      )}
    </div>
  );
}

/** What happened to the order, oldest first: a story read from its start, so it has no other order. */
function History({ entries }: { entries: LogEntry[] }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const eventName = (event: string) =>
    (ORDER_EVENTS as readonly string[]).includes(event)
      ? t(`order.events.${event as 'created'}`)
      : event.replaceAll('_', ' ');
  return (
    <DataTable<LogEntry>
      caption={t('order.historyCaption')}
      rows={entries}
      rowKey={(entry) => entry.seq}
      columns={[
        timeColumn(lang, 'when', t('order.when'), (entry) => entry.at),
        { id: 'event', header: t('order.event'), rowHeader: true, cell: (entry) => eventName(entry.event) },
        {
          id: 'data',
          header: t('order.data'),
          className: 'console-break',
          wide: true,
          cell: (entry) => historyDetails(lang, entry.data),
        },
      ]}
    />
  );
}

/** The order's e-mails in the order they were queued, like its history. */
function Emails({ emails }: { emails: EmailRecord[] }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <DataTable<EmailRecord>
      caption={t('order.emailCaption')}
      rows={emails}
      empty={t('order.emailsEmpty')}
      columns={[
        timeColumn(lang, 'when', t('order.when'), (email) => email.at),
        {
          id: 'kind',
          header: t('order.emailKind'),
          rowHeader: true,
          cell: (email) => t(`order.emailKinds.${email.kind}`),
        },
        { id: 'status', header: t('order.emailStatus'), cell: (email) => t(`order.emailStates.${email.status}`) },
      ]}
    />
  );
}

/**
 * An OSS sale's evidence of the buyer's country (site/tax-evidence.ts): the billing country, the
 * card's and the request's; when they do not back the billing country, an alert that asks the
 * organiser to check with the buyer (the OSS report lists the same sales).
 */
function OrderEvidence({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  if (!order.tax || !ossSale(order)) return null;
  const check = evidenceToCheck(order);
  const { billing, card, edge } = order.tax.evidence;
  const none = t('oss.checks.none');
  return (
    <div className="console-evidence">
      <h3>{t('order.evidenceTitle')}</h3>
      {check ? (
        <div className="console-alert">
          <p>{evidenceText(t, check)}</p>
          <p>{t('order.evidenceAsk')}</p>
        </div>
      ) : (
        <p>{t('order.evidenceAgree', { billing, card: card ?? none, edge: edge ?? none })}</p>
      )}
    </div>
  );
}
