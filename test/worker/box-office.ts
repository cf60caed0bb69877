import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, vi } from 'vitest';
import type { NewOrder, Order } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { PROMOTION_FROM, PROMOTION_UNTIL } from '../../site/tickets';
import { boxOffice } from '../../worker/box-office/box-office';
import { sha256Hex } from '../../worker/crypto';
import { timeSortableId } from '../../worker/ids';
import { clearKv } from './kv';

/** The box office's one instance, as the worker reaches it. */
export const office = () => boxOffice(env.BOX_OFFICE);

/** Empties the box office (its storage outlives a test within a file). */
export async function resetBoxOffice(): Promise<void> {
  await runInDurableObject(office(), async (instance, state) => {
    state.storage.sql.exec(
      `DELETE FROM orders; DELETE FROM tickets; DELETE FROM held; DELETE FROM retired_codes; DELETE FROM idempotency;
       DELETE FROM log; DELETE FROM emails; DELETE FROM workshop_seats; DELETE FROM stream_openings; DELETE FROM invoices; DELETE FROM invoice_series;
       DELETE FROM refund_claims; DELETE FROM agenda_stars;
       DELETE FROM vat_checks; DELETE FROM vat_corrections; DELETE FROM news; DELETE FROM news_recipients;
       DELETE FROM scans; DELETE FROM check_in_guests; DELETE FROM check_in_lists WHERE kind = 'custom';
       DELETE FROM certificates; DELETE FROM certificate_decisions; DELETE FROM certificate_log; DELETE FROM vouchers;
       DELETE FROM comp_batches; DELETE FROM allotments;
       DELETE FROM waitlist; DELETE FROM waitlist_offers; DELETE FROM waitlist_settings;

       DELETE FROM cancelled_tickets; DELETE FROM refunds_owed; DELETE FROM statement_credits; DELETE FROM oss_rates;`,
    );
    await state.storage.deleteAlarm();
    // The instance remembers the alarm it set, to set none earlier than needed: forget the deleted
    // one too, or the next change (on a test clock that stands still) would set no alarm at all.
    (instance as unknown as { alarmSetFor: number | null }).alarmSetFor = null;
  });
}

/** Every order in the box office, oldest first. */
export async function allOrders(): Promise<Order[]> {
  const orders: Order[] = [];
  let cursor: string | null = null;
  do {
    const page = await office().listOrders({}, cursor, 1000);
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor);
  return orders;
}

/**
 * An order made straight in the box office at the test's clock (the route's checks and its VIES call
 * left out), paid later by the demo provider, with a fresh time-sortable id; `extra` overrides any field.
 */
export async function placeOrder(
  items: NewOrder['items'],
  extra: Partial<Parameters<ReturnType<typeof office>['purchase']>[0]> = {},
) {
  const id = timeSortableId();
  return office().purchase({
    id,
    items,
    email: `buyer-${id.toLowerCase()}@example.com`,
    consent: { ...CONSENT_VERSIONS },
    lang: 'pl',
    provider: 'demo',
    tokenHash: await sha256Hex(id),
    fingerprint: id,
    now: Date.now(),
    ...extra,
  });
}

/** `placeOrder`, failing unless the box office created it: the pending order. */
export async function placePendingOrder(
  items: NewOrder['items'],
  extra: Parameters<typeof placeOrder>[1] = {},
): Promise<Order> {
  const made = await placeOrder(items, extra);
  if (made.kind !== 'created') throw new Error(`not created: ${JSON.stringify(made)}`);
  return made.order;
}

/** `placeOrder`, then paid by the demo provider unless `paid` is false: the order as the box office keeps it. */
export async function placePaidOrder(
  items: NewOrder['items'],
  extra: Parameters<typeof placeOrder>[1] = {},
  { paid = true }: { paid?: boolean } = {},
): Promise<Order> {
  const id = extra.id ?? timeSortableId();
  const made = await placeOrder(items, { ...extra, id });
  if (made.kind === 'refused') throw new Error(made.error);
  if (paid) await office().settle(id, 'paid', Date.now(), { by: 'test' });
  return (await office().order(id)) as Order;
}

/** Runs the box office's alarm now (expiring holds, copying the log to KV). */
export const runAlarm = () => runDurableObjectAlarm(office());

/** Sets the clock of the worker (and of the box office, which takes the time from it). */
export function setClock(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const midpoint = (from: string, to: string) => new Date((Date.parse(from) + Date.parse(to)) / 2).toISOString();

/** A time when every product is on sale, inside the online promotion. */
export const DURING_PROMOTION = midpoint(PROMOTION_FROM, PROMOTION_UNTIL);

/**
 * The KV namespace as the box office sees it. Its instance outlives a test file, and with it the
 * bindings of the file that first woke it, so tests read (and fake) the log through its own.
 */
export function officeKv(): Promise<KVNamespace> {
  return runInDurableObject(office(), (instance) => (instance as unknown as { env: Env }).env.ORDERS);
}

/**
 * Gives each test of the file an empty box office (and empty KV, unless `kv` is false), a clock
 * inside the promotion and the named console levels silenced; real timers and no spies after it.
 */
export function freshBoxOfficeEachTest({
  kv = true,
  silence = [],
}: {
  kv?: boolean;
  silence?: ('log' | 'warn' | 'error')[];
} = {}): void {
  beforeEach(async () => {
    await resetBoxOffice();
    if (kv) await clearKv();
    setClock(DURING_PROMOTION);
    for (const level of silence) vi.spyOn(console, level).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
