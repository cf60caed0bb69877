import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketCertificate } from '../../site/certificates';
import { useLanguage } from '../lib/use-language';
import { Button, Field, useAction } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
import type { Order } from './types';

/**
 * Each ticket's certificate of attendance on the order screen: whether it qualifies and why, its
 * number once given out, every grant and withdrawal, and a form to grant or withdraw one with a
 * reason (kept in the log with the organiser's name).
 */
export function OrderCertificates({ order, onChange }: { order: Order; onChange: () => void }) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [tickets, setTickets] = useState<TicketCertificate[] | null>(null);
  const load = useCallback(async () => {
    const found = await call<{ tickets: TicketCertificate[] }>(
      `/api/admin/orders/${encodeURIComponent(order.id)}/certificates`,
    ).catch(() => null);
    setTickets(found?.tickets ?? []);
  }, [call, order.id]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!tickets?.length) return null;
  return (
    <section aria-labelledby="order-certificates">
      <h2 id="order-certificates">{t('order.certificate.heading')}</h2>
      <div className="console-certificates">
        {tickets.map((ticket) => {
          const position = order.tickets.find((item) => item.id === ticket.ticketId)?.position ?? 0;
          return (
            <TicketDecision
              key={ticket.ticketId}
              ticket={ticket}
              position={position}
              onSaved={(next) => {
                setTickets(next);
                onChange();
              }}
            />
          );
        })}
      </div>
    </section>
  );
}

function TicketDecision({
  ticket,
  position,
  onSaved,
}: {
  ticket: TicketCertificate;
  position: number;
  onSaved: (tickets: TicketCertificate[]) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const { busy, notice: message, setNotice: setMessage, run } = useAction();
  const id = useId();
  const [reason, setReason] = useState('');
  const state = ticket.qualifies
    ? t(`order.certificate.qualifies.${ticket.basis ?? 'granted'}`)
    : t(`order.certificate.refused.${ticket.refusal ?? 'not_attended'}`);
  const decide = async (granted: boolean, event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMessage({ ok: false, text: t('order.certificate.reasonRequired') });
      return;
    }
    await run(async () => {
      const result = await call<{ tickets: TicketCertificate[] }>(
        `/api/admin/tickets/${encodeURIComponent(ticket.ticketId)}/certificate`,
        { method: 'POST', body: { granted, reason: reason.trim() } },
      );
      setReason('');
      onSaved(result.tickets);
      return t('order.certificate.saved');
    });
  };
  return (
    <form
      className="console-panel console-certificate"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => decide(!ticket.qualifies, event)}
      noValidate
    >
      <h3 id={`${id}-title`}>{t('order.certificate.ticketLabel', { position })}</h3>
      <p>{state}</p>
      {ticket.id && <p translate="no">{t('order.certificate.number', { id: ticket.id })}</p>}
      {ticket.log.length > 0 && (
        <ul className="console-certificate__log">
          {ticket.log.map((entry) => (
            <li key={entry.at}>
              {t('order.certificate.logEntry', {
                decision: entry.granted ? t('order.certificate.granted') : t('order.certificate.withdrawnShort'),
                by: entry.by,
                at: dateTime(lang, entry.at),
                reason: entry.reason,
              })}
            </li>
          ))}
        </ul>
      )}
      <Field id={`${id}-reason`} label={t('order.certificate.reason')}>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={message ? `${id}-message` : undefined}
        />
      </Field>
      <div className="console-actions">
        <Button disabled={busy} onClick={(event) => decide(true, event)}>
          {t('order.certificate.grant')}
        </Button>
        <Button look="danger" disabled={busy} onClick={(event) => decide(false, event)}>
          {t('order.certificate.withdraw')}
        </Button>
      </div>
      <div role="status" id={`${id}-message`}>
        {message && <p className={message.ok ? 'console-note' : 'console-alert'}>{message.text}</p>}
      </div>
    </form>
  );
}
