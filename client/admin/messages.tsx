import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_TOPICS } from '../../site/contact';
import { useLanguage } from '../lib/use-language';
import { ExportButton } from './export-button';
import { dateTime } from './format';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';
import type { InboxMessage } from './types';

const TOPICS = [...CONTACT_TOPICS, 'other'] as const;
type Handled = '' | 'false' | 'true';

/**
 * The contact inbox, newest first: filters by the form's preset topics and by whether an
 * organiser has dealt with a message; each message can be ticked off (and back).
 */
export function Messages() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const errorText = useErrorText();
  const [topic, setTopic] = useState('');
  const [handled, setHandled] = useState<Handled>('');
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = new URLSearchParams({ ...(topic ? { topic } : {}), ...(handled ? { handled } : {}) }).toString();

  // Ticks on their way to the server: a list loaded meanwhile would not show them yet.
  const marking = useRef(new Set<Promise<unknown>>());
  // Only the latest load may fill the list: a slower answer for an earlier filter is dropped.
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setError(null);
    try {
      await Promise.allSettled(marking.current);
      const body = await call<{ messages: InboxMessage[] }>(`/api/admin/messages${query ? `?${query}` : ''}`);
      if (request === latest.current) setMessages(body.messages);
    } catch (problem) {
      if (request === latest.current) setError(problem);
    }
  }, [call, query]);
  useEffect(() => {
    setMessages(null);
    void load();
  }, [load]);

  const mark = async (message: InboxMessage, value: boolean) => {
    setFailure(null);
    const replace = (next: InboxMessage) =>
      setMessages((list) => list?.map((m) => (m.id === next.id ? next : m)) ?? null);
    // The box ticks at once; a refused change puts it back and says why.
    replace({ ...message, handled: value });
    const sent = call<InboxMessage>(`/api/admin/messages/${encodeURIComponent(message.id)}/handled`, {
      method: 'POST',
      body: { handled: value },
    });
    marking.current.add(sent);
    try {
      const updated = await sent;
      // The row stays until the list is filtered again, so a mis-click can be undone in place.
      replace(updated);
    } catch (problem) {
      replace(message);
      setFailure(errorText(problem));
    } finally {
      marking.current.delete(sent);
    }
  };

  return (
    <>
      <div className="console-title">
        <h1>{t('messages.title')}</h1>
        <ExportButton path={`/api/admin/messages?${query ? `${query}&` : ''}format=csv`} filename="messages.csv" />
      </div>
      <fieldset className="console-filters">
        <legend className="visually-hidden">{t('orders.filters')}</legend>
        <div className="console-field">
          <label htmlFor="messages-topic">{t('messages.topic')}</label>
          <select id="messages-topic" value={topic} onChange={(event) => setTopic(event.target.value)}>
            <option value="">{t('messages.anyTopic')}</option>
            {TOPICS.map((value) => (
              <option key={value} value={value}>
                {t(`messages.topics.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="messages-state">{t('messages.state')}</label>
          <select id="messages-state" value={handled} onChange={(event) => setHandled(event.target.value as Handled)}>
            <option value="">{t('messages.all')}</option>
            <option value="false">{t('messages.open')}</option>
            <option value="true">{t('messages.done')}</option>
          </select>
        </div>
      </fieldset>
      {failure && (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      )}
      <LoadState error={error} loading={!messages && !error} retry={load} />
      {messages && (
        <>
          <div className="console-table-wrap">
            <table className="console-table console-table--messages">
              <caption>{t('messages.caption', { count: messages.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('messages.handled')}</th>
                  <th scope="col">{t('messages.received')}</th>
                  <th scope="col">{t('messages.sender')}</th>
                  <th scope="col">{t('messages.topic')}</th>
                  <th scope="col">{t('messages.subject')}</th>
                  <th scope="col">{t('messages.message')}</th>
                </tr>
              </thead>
              <tbody>
                {messages.map((message) => (
                  <tr key={message.id} className={message.handled ? 'console-row--done' : undefined}>
                    <td>
                      <input
                        type="checkbox"
                        checked={message.handled}
                        onChange={(event) => void mark(message, event.target.checked)}
                        aria-label={t('messages.markHandled', { name: message.name || message.email })}
                      />
                    </td>
                    <td>{dateTime(lang, message.receivedAt)}</td>
                    <th scope="row" className="console-break">
                      {message.name}
                      <br />
                      {/* Encoded whole: an address stored before the plain-address rule can add no `?cc=` or subject. */}
                      <a href={`mailto:${encodeURIComponent(message.email)}`}>{message.email}</a>
                    </th>
                    <td>{t(`messages.topics.${message.topic ?? 'other'}`)}</td>
                    <td>{message.subject}</td>
                    <td className="console-message">{message.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {messages.length === 0 && <p className="console-muted">{t('messages.empty')}</p>}
        </>
      )}
    </>
  );
}
