import type { KsefJob } from '../../site/orders';
import { boxOffice } from '../box-office/box-office';
import type { Bindings } from '../env';
import { invoiceXml } from '../invoices/documents';
import { type KsefOutcome, nextAttemptAt, submitInvoice } from '../invoices/ksef';
import { type KsefSettings, ksefSettings } from '../invoices/ksef-config';

/**
 * The KSeF queue's consumer: each message names an invoice of the box office, which it claims
 * first (a second delivery of the same message finds it being sent or done and sends nothing),
 * submits to KSeF and records what KSeF made of it. Every message is acknowledged: the box office
 * keeps the invoice's next attempt, and its alarm puts it on the queue again then.
 */
export async function submitToKsef(
  batch: MessageBatch<KsefJob>,
  env: Bindings,
  submit: (settings: KsefSettings, xml: string) => Promise<KsefOutcome> = (settings, xml) =>
    submitInvoice(settings, xml, { fetch: (input, init) => fetch(input, init), now: Date.now }),
  clock: () => number = Date.now,
): Promise<void> {
  const settings = ksefSettings(env);
  const office = boxOffice(env.BOX_OFFICE);
  for (const message of batch.messages) {
    // Not configured here (any more): the invoice stays queued, untouched, until it is.
    if (!settings) {
      message.ack();
      continue;
    }
    const invoice = await office.claimInvoiceForKsef(message.body.invoiceId, clock());
    if (!invoice) {
      message.ack();
      continue;
    }
    const outcome = await submit(settings, invoiceXml(invoice)).catch((error: unknown) => ({
      kind: 'retry' as const,
      error: String(error),
      notBefore: undefined,
    }));
    const attempts = invoice.ksef.status === 'sent' ? invoice.ksef.attempts + 1 : 1;
    const now = clock();
    await office.invoiceSubmitted(
      invoice.id,
      outcome.kind === 'retry'
        ? {
            kind: 'retry',
            error: outcome.error,
            nextAt: Math.max(nextAttemptAt(attempts, now), outcome.notBefore ?? 0),
          }
        : outcome,
      now,
    );
    console.log(JSON.stringify({ event: 'ksef_submission', invoiceId: invoice.id, outcome: outcome.kind }));
    message.ack();
  }
}
