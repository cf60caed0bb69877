import { addPeriod, MESSAGE_RETENTION_MONTHS } from '../site/data-map';
import { type ContactMessage, listMessages, MESSAGE_PREFIX, withRetry } from './messages';

// Contact messages are the one kind of the data map (site/data-map.ts) kept outside the box office,
// in Workers KV: their export, erasure and retention. The box office's kinds are in
// worker/box-office/personal-data.ts; the route (worker/routes/personal-data.ts) joins both.

/** A stored message with the organisers' mark (worker/routes/admin.ts sets it). */
export type StoredMessage = ContactMessage & { handled?: boolean; handledAt?: string | null };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The messages sent from `email`, oldest first. */
export async function messagesFrom(kv: KVNamespace, email: string): Promise<StoredMessage[]> {
  return ((await listMessages(kv)) as StoredMessage[]).filter((m) => sameAddress(m.email, email));
}

/** Deletes the messages sent from `email`; returns how many. */
export async function eraseMessages(kv: KVNamespace, email: string): Promise<number> {
  const messages = await messagesFrom(kv, email);
  for (const message of messages) await withRetry(() => kv.delete(MESSAGE_PREFIX + message.id));
  return messages.length;
}

/** When a handled message is due for removal (twelve months after it was handled), or null. */
export function messageExpiresAt(message: StoredMessage): number | null {
  if (!message.handled || !message.handledAt) return null;
  return addPeriod(Date.parse(message.handledAt), { months: MESSAGE_RETENTION_MONTHS });
}

/**
 * KV's own expiry for a message marked handled, so that it goes at its time even without the
 * alarm (`expiration` in seconds; KV takes only instants at least a minute ahead of its clock).
 */
export function messageExpiration(message: StoredMessage): { expiration: number } | Record<string, never> {
  const at = messageExpiresAt(message);
  return at !== null && at > Date.now() + 120_000 ? { expiration: Math.floor(at / 1000) } : {};
}

/** Deletes every handled message past its period at `now` (the box office's alarm runs it); returns how many. */
export async function expireMessages(kv: KVNamespace, now: number): Promise<number> {
  const due = ((await listMessages(kv)) as StoredMessage[]).filter((m) => {
    const at = messageExpiresAt(m);
    return at !== null && at <= now;
  });
  for (const message of due) await withRetry(() => kv.delete(MESSAGE_PREFIX + message.id));
  return due.length;
}
