import type { MailJob } from '../../site/orders';
import { backoff } from '../backoff';
import { boxOffice } from '../box-office/box-office';
import { compose, StaleEmail } from '../email/compose';
import { headerSafe } from '../email/headers';
import type { Bindings } from '../env';

/** The dead-letter queue's name ends so: its messages are e-mails that failed every try. */
const DEAD_LETTER_SUFFIX = '-dead';

/** Seconds before the next try of an e-mail: 30 s, 1, 2, 4, 8 minutes. */
const RETRY_SECONDS = [30, 60, 120, 240, 480] as const;
export const retryDelay = (attempt: number) => backoff(RETRY_SECONDS, attempt);

/**
 * The mail queue's consumer. Each message names an e-mail of the box office, which it claims first:
 * an e-mail already sent (the same message delivered twice) sends nothing. A failed send is tried
 * again with backoff; after the last try the queue moves the message to the dead-letter queue,
 * whose delivery here marks the e-mail failed on its order.
 */
export async function deliverMail(batch: MessageBatch<MailJob>, env: Bindings): Promise<void> {
  const office = boxOffice(env.BOX_OFFICE);
  const dead = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    const { emailId } = message.body;
    if (dead) {
      await office.emailDelivered(emailId, { sent: false, error: 'no try succeeded', final: true }, Date.now());
      console.error(JSON.stringify({ event: 'email_failed', emailId }));
      message.ack();
      continue;
    }
    const job = await office.claimEmail(emailId, Date.now());
    if (!job) {
      message.ack();
      continue;
    }
    try {
      // Subject and names RFC 2047-encoded on one line: no stored text can write a header.
      const result = await env.EMAIL.send(headerSafe(await compose(env, job)));
      await office.emailDelivered(emailId, { sent: true, messageId: result.messageId }, Date.now());
      console.log(JSON.stringify({ event: 'email_sent', emailId, kind: job.kind }));
      message.ack();
    } catch (error) {
      if (error instanceof StaleEmail) {
        await office.emailDelivered(emailId, { sent: false, error: error.message, final: true }, Date.now());
        message.ack();
        continue;
      }
      const retryInSeconds = retryDelay(message.attempts);
      await office.emailDelivered(
        emailId,
        { sent: false, error: String(error), final: false, retryInSeconds },
        Date.now(),
      );
      console.warn(JSON.stringify({ event: 'email_retry', emailId, attempt: message.attempts, error: String(error) }));
      message.retry({ delaySeconds: retryInSeconds });
    }
  }
}
