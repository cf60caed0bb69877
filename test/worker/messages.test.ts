import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { listMessages, MESSAGE_PREFIX, saveMessage } from '../../worker/messages';

const input = (subject: string) => ({
  name: 'Jan Nowak',
  email: 'jan@example.com',
  subject,
  message: 'Treść',
  lang: 'pl' as const,
});

afterEach(async () => {
  const list = await env.ORDERS.list({ prefix: MESSAGE_PREFIX });
  await Promise.all(list.keys.map((k) => env.ORDERS.delete(k.name)));
});

describe('message store', () => {
  it('stores a message under message:<id> with the time it was received', async () => {
    const now = new Date('2025-06-02T10:00:00Z');
    const saved = await saveMessage(env.ORDERS, input('one'), now);
    expect(saved.receivedAt).toBe('2025-06-02T10:00:00.000Z');
    expect(await env.ORDERS.get(`${MESSAGE_PREFIX}${saved.id}`, 'json')).toEqual(saved);
  });

  it('lists every message oldest first', async () => {
    const base = Date.parse('2025-06-02T10:00:00Z');
    // Saved out of order: the key, not the insertion order, decides the listing order.
    for (const [offset, subject] of [
      [2000, 'third'],
      [0, 'first'],
      [1000, 'second'],
    ] as const) {
      await saveMessage(env.ORDERS, input(subject), new Date(base + offset));
    }
    expect((await listMessages(env.ORDERS)).map((m) => m.subject)).toEqual(['first', 'second', 'third']);
  });
});
