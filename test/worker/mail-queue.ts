import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import type { MailJob } from '../../site/orders';
import type { Bindings } from '../../worker/env';
import worker from '../../worker/index';

/**
 * Runs the mail queue's consumer on one batch of e-mails (by id), sending through `send`;
 * `attempts` as the queue counts a retry, `queue` for another queue of the same consumer.
 */
export async function consumeMail(
  ids: number[],
  send: Bindings['EMAIL']['send'],
  { queue = 'congress-mail', attempts = 1 }: { queue?: string; attempts?: number } = {},
) {
  const batch = createMessageBatch<MailJob>(
    queue,
    ids.map((emailId, i) => ({
      id: `m${emailId}-${i}-${attempts}`,
      timestamp: new Date(),
      attempts,
      body: { emailId },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, EMAIL: { send } } as unknown as Bindings);
  return getQueueResult(batch, ctx);
}
