import type { ContactValues } from '../site/contact';
import type { LanguageCode } from '../site/languages';
import { timeSortableId } from './ids';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a KV operation with exponential backoff (50, 100, 200 ms); rethrows the last error. */
export async function withRetry<T>(operation: () => Promise<T>, attempts = 4): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      if (attempt < attempts - 1) await sleep(50 * 2 ** attempt);
    }
  }
  throw lastError;
}

/** KV reads up to 100 keys in one operation (of the 1,000 one invocation may make). */
const BULK_GET = 100;

/** Every message, oldest first, through every KV page, read 100 at a time. */
export async function listMessages(kv: KVNamespace): Promise<ContactMessage[]> {
  const messages: ContactMessage[] = [];
  let cursor: string | undefined;
  do {
    const page = await withRetry(() => kv.list({ prefix: MESSAGE_PREFIX, cursor }));
    const names = page.keys.map((key) => key.name);
    for (let i = 0; i < names.length; i += BULK_GET) {
      const batch = names.slice(i, i + BULK_GET);
      const values = await withRetry(() => kv.get<ContactMessage>(batch, 'json'));
      for (const name of batch) {
        const value = values.get(name);
        if (value) messages.push(value);
      }
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return messages;
}
