import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_TOPICS } from '../../site/contact';
import { useLanguage } from '../lib/use-language';
import { DataTable, timeColumn } from './data-table';
import { ExportButton } from './export-button';
import { SelectFilter } from './filters';
import { ScreenHead } from './form-kit';
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
      <ScreenHead title={t('messages.title')}>
        <ExportButton path={`/api/admin/messages?${query ? `${query}&` : ''}format=csv`} filename="messages.csv" />
      </ScreenHead>
      <fieldset className="console-filters">
        <legend className="visually-hidden">{t('orders.filters')}</legend>
        <SelectFilter
          id="messages-topic"
          label={t('messages.topic')}
          any={t('messages.anyTopic')}
          options={TOPICS.map((value) => [value, t(`messages.topics.${value}`)])}
          value={topic}
          onChange={(event) => setTopic(event.target.value)}
        />
        <SelectFilter
          id="messages-state"
          label={t('messages.state')}
          any={t('messages.all')}
          options={[
            ['false', t('messages.open')],
            ['true', t('messages.done')],
          ]}
          value={handled}
          onChange={(event) => setHandled(event.target.value as Handled)}
        />
      </fieldset>
      {failure && (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      )}
      <LoadState error={error} loading={!messages && !error} retry={load} />
      {messages && (
        <DataTable<InboxMessage>
          // Newest first as the inbox sends them; sorted otherwise, the caption stops saying so.
          caption={(sort) =>
            t(
              sort?.column === 'received' && sort.direction === 'descending'
                ? 'messages.caption'
                : 'messages.sortedCaption',
              {
                count: messages.length,
              },
            )
          }
          rows={messages}
          rowKey={(message) => message.id}
          empty={t('messages.empty')}
          initialSort={{ column: 'received', direction: 'descending' }}
          className="console-table--messages"
          rowClassName={(message) => (message.handled ? 'console-row--done' : undefined)}
          columns={[
            {
              id: 'handled',
              header: t('messages.handled'),
              // Not sortable: a ticked row stays where it is, so a mis-click is undone in place.
              cell: (message) => (
                <input
                  type="checkbox"
                  checked={message.handled}
                  onChange={(event) => void mark(message, event.target.checked)}
                  aria-label={t('messages.markHandled', { name: message.name || message.email })}
                />
              ),
            },
            timeColumn(lang, 'received', t('messages.received'), (message) => message.receivedAt, { sortable: true }),
            {
              id: 'sender',
              header: t('messages.sender'),
              rowHeader: true,
              className: 'console-break',
              cell: (message) => (
                <>
                  {message.name}
                  <br />
                  {/* Encoded whole: an address stored before the plain-address rule can add no `?cc=` or subject. */}
                  <a href={`mailto:${encodeURIComponent(message.email)}`}>{message.email}</a>
                </>
              ),
              sortBy: (message) => message.name || message.email,
            },
            {
              id: 'topic',
              header: t('messages.topic'),
              cell: (message) => t(`messages.topics.${message.topic ?? 'other'}`),
              sortBy: (message) => t(`messages.topics.${message.topic ?? 'other'}`),
            },
            { id: 'subject', header: t('messages.subject'), cell: (message) => message.subject },
            {
              id: 'message',
              header: t('messages.message'),
              className: 'console-message',
              wide: true,
              cell: (message) => message.message,
            },
          ]}
        />
      )}
    </>
  );
}
