import type { ContactValues } from '../site/contact';
import type { LanguageCode } from '../site/languages';
import { timeSortableId } from './ids';
import { listRecords, withRetry } from './orders/store';

/** KV key prefix of contact messages; they share the ORDERS namespace with orders. */
export const MESSAGE_PREFIX = 'message:';

/** A contact message as stored: what the visitor sent, the page language and when it arrived. */
export type ContactMessage = ContactValues & {
  id: string;
  lang: LanguageCode;
  /** ISO 8601 time at which the worker received it. */
  receivedAt: string;
};

/**
 * Stores a message under `message:<ulid>`, so a list by prefix returns the oldest first; a failing
 * write is retried with backoff like an order's, then the last error is thrown.
 */
export async function saveMessage(
  kv: KVNamespace,
  input: ContactValues & { lang: LanguageCode },
  now: Date = new Date(),
): Promise<ContactMessage> {
  const message: ContactMessage = {
    id: timeSortableId(now.getTime()),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    lang: input.lang,
    receivedAt: now.toISOString(),
  };
  await withRetry(() =>
    kv.put(MESSAGE_PREFIX + message.id, JSON.stringify(message), {
      metadata: { receivedAt: message.receivedAt, lang: message.lang },
    }),
  );
  return message;
}

/** Every message, oldest first, through every KV page. */
export const listMessages = (kv: KVNamespace) => listRecords<ContactMessage>(kv, MESSAGE_PREFIX);
