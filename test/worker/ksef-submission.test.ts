import { createMessageBatch, env, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuedInvoice } from '../../site/invoices';
import type { KsefJob } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { correctInvoices, type InvoiceRow, issueInvoice } from '../../worker/box-office/invoices';
import { orderRow, ticketRows } from '../../worker/box-office/schema';
import type { Bindings } from '../../worker/env';
import { invoiceXml } from '../../worker/invoices/documents';
import type { KsefOutcome } from '../../worker/invoices/ksef';
import { ksefSends } from '../../worker/invoices/ksef-config';
import { submitToKsef } from '../../worker/queues/ksef';
import { office, placePaidOrder, resetBoxOffice, runAlarm, setClock } from './box-office';
import { expectValidFa3 } from './fa3';

// Invoices on their way to KSeF (issue 31): queued where KSeF is configured, handed to the KSeF
// queue by the alarm, claimed by the consumer, submitted, and the outcome recorded: the KSeF number,
// a rejection reported to organisers and never resent, or the next attempt with backoff. The
// client itself (worker/invoices/ksef.ts) is tested against the Ministry's OpenAPI in test/node.

const KSEF = { KSEF_ENVIRONMENT: 'test', KSEF_NIP: '5260250274', KSEF_TOKEN: 'token-from-ksef' } as Partial<Bindings>;
const withKsef = { ...env, ...KSEF } as Bindings;
const AT = '2027-03-15T11:00:00Z';

/** A paid invoiced order whose invoice was issued where KSeF is configured: queued for KSeF. */
async function queuedInvoice(): Promise<IssuedInvoice> {
  const placed = await office().purchase({
    consent: { ...CONSENT_VERSIONS },
    id: `01KKSEF${String(Date.now() + Math.random())
      .replace('.', '')
      .padEnd(19, '0')
      .slice(0, 19)}`,
    items: [{ product: 'online-premium' }],
    email: 'firma@example.com',
    lang: 'pl',
    invoice: {
      name: 'Firma',
      taxId: '5260250274',
      street: 'ul. A 1',
      postalCode: '00-001',
      city: 'Warszawa',
      country: 'PL',
    },
    provider: 'demo',
    tokenHash: 'x',
    fingerprint: 'f',
    now: Date.now(),
  });
  if (placed.kind !== 'created') throw new Error('not created');
  // The instance's own bindings have no KSeF (nor may they: its seller is an example), so the
  // invoice is issued here as the box office does where KSeF is set up.
  return runInDurableObject(office(), (_instance, state) =>
    state.storage.transactionSync(() => {
      const sql = state.storage.sql;
      sql.exec("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ?", Date.now(), placed.order.id);
      const row = orderRow(sql, placed.order.id);
      if (!row) throw new Error('no row');
      return issueInvoice(sql, row, ticketRows(sql, row.id), Date.now(), { ksef: true }) as IssuedInvoice;
    }),
  );
}

const batchOf = (invoiceId: string) =>
  createMessageBatch<KsefJob>('congress-ksef', [
    { id: invoiceId, timestamp: new Date(), attempts: 1, body: { invoiceId } },
  ]);

const row = (id: string) =>
  runInDurableObject(office(), (_i, state) =>
    state.storage.sql.exec<InvoiceRow>('SELECT * FROM invoices WHERE id = ?', id).one(),
  );

beforeEach(async () => {
  setClock(AT);
  await resetBoxOffice();
});
afterEach(() => vi.useRealTimers());

describe('KSeF', () => {
  it('sends nothing while the seller is example data, however it is configured', () => {
    expect(ksefSends(withKsef)).toBe(false);
    expect(ksefSends(env as Bindings)).toBe(false);
  });

  it('leaves an invoice waiting where KSeF is not set up', async () => {
    const placed = await placePaidOrder([{ product: 'online-standard' }], {
      invoice: { name: 'Jan Nowak', street: 'ul. B 2', postalCode: '90-001', city: 'Łódź', country: 'PL' },
    });
    const [invoice] = await office().invoices(placed.id);
    expect(invoice?.ksef).toEqual({ status: 'waiting' });
  });

  it('hands a queued invoice to the queue, submits its FA(3) XML once and stores the KSeF number', async () => {
    const invoice = await queuedInvoice();
    expect(invoice.ksef).toEqual({ status: 'queued', attempts: 0 });
    await runAlarm();
    expect((await row(invoice.id)).ksef_lease_until).toBeGreaterThan(Date.now());
    const sent: string[] = [];
    const submit = async (_settings: unknown, xml: string): Promise<KsefOutcome> => {
      sent.push(xml);
      return {
        kind: 'accepted',
        ksefNumber: '5260250274-20270315-0100A0C2B3D4-7F',
        acceptedAt: '2027-03-15T11:00:05Z',
      };
    };
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    // The same message delivered again sends nothing.
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    expect(sent).toEqual([invoiceXml(invoice)]);
    await expectValidFa3(...sent);
    const [stored] = await office().invoices(invoice.orderId);
    expect(stored?.ksef).toEqual({
      status: 'accepted',
      number: '5260250274-20270315-0100A0C2B3D4-7F',
      acceptedAt: '2027-03-15T11:00:05.000Z',
    });
    const events = (await office().history(invoice.orderId)).map((entry) => entry.event);
    expect(events).toContain('invoice_ksef_accepted');
  });

  it('tries again later with backoff, and reports a rejection without sending it again', async () => {
    const invoice = await queuedInvoice();
    const outcomes: KsefOutcome[] = [
      { kind: 'retry', error: 'KSeF answered 503' },
      { kind: 'rejected', error: 'Status 450: Błąd weryfikacji semantyki dokumentu faktury' },
    ];
    let calls = 0;
    const submit = async (): Promise<KsefOutcome> => outcomes[calls++] as KsefOutcome;
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    const retried = await row(invoice.id);
    expect(retried).toMatchObject({ ksef_status: 'queued', ksef_attempts: 1, ksef_error: 'KSeF answered 503' });
    expect(retried.ksef_next_at).toBe(Date.now() + 60_000);
    // Not due yet: the alarm leaves it; a minute later it goes again.
    await runAlarm();
    expect((await row(invoice.id)).ksef_lease_until).toBeNull();
    setClock(new Date(Date.now() + 61_000).toISOString());
    await runAlarm();
    expect((await row(invoice.id)).ksef_lease_until).not.toBeNull();
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    const [stored] = await office().invoices(invoice.orderId);
    expect(stored?.ksef).toMatchObject({ status: 'rejected', error: expect.stringContaining('450') });
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    expect(calls).toBe(2);
    const listed = await office().listInvoices({ ksef: 'rejected' }, null, 10);
    expect(listed.invoices.map((i) => i.id)).toEqual([invoice.id]);
  });

  it('sends a correction made before its invoice was accepted after it, naming the KSeF number it got', async () => {
    const invoice = await queuedInvoice();
    // Refunded at once, while the invoice still waits for KSeF.
    const [correction] = await runInDurableObject(office(), (_i, state) =>
      state.storage.transactionSync(() =>
        correctInvoices(state.storage.sql, invoice.orderId, Date.now(), 'refunded', { ksef: true }),
      ),
    );
    if (!correction) throw new Error('no correction');
    expect(correction.correction?.of.ksefNumber).toBeNull();
    await runAlarm();
    // The invoice goes; its correction waits for the invoice's number.
    expect((await row(invoice.id)).ksef_lease_until).not.toBeNull();
    expect((await row(correction.id)).ksef_lease_until).toBeNull();
    // Nor does a stray message for it send it.
    expect(await office().claimInvoiceForKsef(correction.id, Date.now())).toBeNull();
    const number = '5260250274-20270315-0100A0C2B3D4-7F';
    const sent: string[] = [];
    const submit = async (_settings: unknown, xml: string): Promise<KsefOutcome> => {
      sent.push(xml);
      return {
        kind: 'accepted',
        ksefNumber: sent.length === 1 ? number : '5260250274-20270315-0200A0C2B3D4-2A',
        acceptedAt: '2027-03-15T11:00:05Z',
      };
    };
    await submitToKsef(batchOf(invoice.id), withKsef, submit, Date.now);
    await runAlarm();
    expect((await row(correction.id)).ksef_lease_until).not.toBeNull();
    await submitToKsef(batchOf(correction.id), withKsef, submit, Date.now);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain(`<NrKSeFFaKorygowanej>${number}</NrKSeFFaKorygowanej>`);
    expect(sent[1]).not.toContain('<NrKSeFN>');
    await expectValidFa3(...sent);
    // What is kept (the PDF's and XML's source) names it too.
    const kept = (await office().invoices(invoice.orderId)).find((i) => i.id === correction.id);
    expect(kept?.correction?.of.ksefNumber).toBe(number);
    expect(kept?.ksef.status).toBe('accepted');
  });

  it('takes an invoice whose sending was never reported back (the consumer died) again after its lease', async () => {
    const invoice = await queuedInvoice();
    expect(await office().claimInvoiceForKsef(invoice.id, Date.now())).not.toBeNull();
    expect(await office().claimInvoiceForKsef(invoice.id, Date.now())).toBeNull();
    expect(await office().claimInvoiceForKsef(invoice.id, Date.now() + 11 * 60_000)).not.toBeNull();
  });

  it('leaves a queued invoice untouched where KSeF is not configured', async () => {
    const invoice = await queuedInvoice();
    let calls = 0;
    await submitToKsef(batchOf(invoice.id), env as Bindings, async () => {
      calls++;
      return { kind: 'rejected', error: 'x' };
    });
    expect(calls).toBe(0);
    expect((await row(invoice.id)).ksef_status).toBe('queued');
  });
});
