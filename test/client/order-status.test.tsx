import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IslandRoot } from '../../client/components/island-root';
import { OrderStatus } from '../../client/components/order-status';
import { eventFacts } from '../../client/components/ticket-card';
import { createI18n } from '../../client/lib/i18n';
import common from '../../locales/pl/common.json';
import delivery from '../../locales/pl/delivery.json';
import tickets from '../../locales/pl/tickets.json';
import { type KnownOrder, type OrderView, withoutImages } from '../../site/order-view';
import { qrPngDataUrl } from '../../site/qr';

// The order page's island as the worker serves it (worker/thanks-page.ts): rendered with each
// ticket's QR image, its props written without them. The browser hydrates it with what the props
// say and what its own markup holds, and React must find the page it rendered.

const ORDER_ID = '01KQRSTATUS000000000000000';
const TOKEN = 'order-secret';
const ticket = (n: number) => ({
  id: `01KQRTICKET00000000000000${n}`,
  position: n,
  product: 'onsite-pro' as const,
  name: `Osoba ${n}`,
  email: null,
  checkedInAt: null,
  code: `ABC${n}-EFGH-JKMN-PQRS-TVWX`,
  qrCode: `ABC${n}EFGH4${String(n).repeat(103)}`,
  workshops: [],
  page: null,
});
const order = {
  id: ORDER_ID,
  code: 'KAI-7QX4-M2',
  product: 'onsite-pro',
  status: 'paid',
  net: 300_000,
  vat: 69_000,
  gross: 369_000,
  currency: 'PLN',
  email: 'kupujacy@example.com',
  name: 'Kupujący',
  lang: 'pl',
  invoice: null,
  createdAt: '2027-05-01T10:00:00.000Z',
  paidAt: '2027-05-01T10:00:00.000Z',
  cancelledAt: null,
  payment: 'card',
  payBy: null,
  tickets: [ticket(1), ticket(2)],
  emails: [{ kind: 'confirmation', status: 'sent', at: '2027-05-01T10:00:00.000Z' }],
  cancellableUntil: '2027-10-07T08:00:00.000Z',
  changesUntil: '2027-10-23T08:00:00.000Z',
  invoices: [],
  vatCheck: null,
  voucher: null,
  invoiceRequest: { open: true, until: '2027-08-31T21:59:59.999Z' },
} as unknown as OrderView;
const known: KnownOrder = {
  kind: 'loaded',
  order,
  qr: Object.fromEntries(order.tickets.map((t) => [t.id, qrPngDataUrl(t.qrCode ?? '')])),
  links: { invoices: {}, proforma: null },
};

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The island as served (rendered with `rendered`) and hydrated with `props`; what React said meanwhile. */
async function serveAndHydrate(rendered: KnownOrder, props: KnownOrder) {
  const i18n = createI18n('pl');
  i18n.addResourceBundle('pl', 'common', common);
  i18n.addResourceBundle('pl', 'delivery', delivery);
  i18n.addResourceBundle('pl', 'tickets', tickets);
  window.history.replaceState(null, '', `/pl/kup-bilet/dziekujemy?order=${ORDER_ID}&token=${TOKEN}`);
  const island = (known: KnownOrder) => (
    <IslandRoot i18n={i18n}>
      <OrderStatus
        calendar={{ onsiteGoogle: '#', onsiteOutlook: '#', onlineGoogle: '#', onlineOutlook: '#', file: '#' }}
        event={eventFacts('pl', 'Online')}
        known={known}
        access={{ id: ORDER_ID, token: TOKEN }}
      />
    </IslandRoot>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(island(rendered), { identifierPrefix: 'order-' });
  document.body.append(container);
  const served = [...container.querySelectorAll('.ticket-card__qr img')].map((img) => img.getAttribute('src'));
  const said = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    roots.push(hydrateRoot(container, island(props), { identifierPrefix: 'order-' }));
  });
  const images = [...container.querySelectorAll('.ticket-card__qr img')].map((img) => img.getAttribute('src'));
  return { served, images, said: said.mock.calls.map((call) => String(call[0])) };
}

describe('the order island, hydrated from props without the QR images', () => {
  it('takes each image from its own card: React finds the page it rendered, and the images stay', async () => {
    const { served, images, said } = await serveAndHydrate(known, withoutImages(known));
    expect(served).toHaveLength(2);
    expect(served.every((src) => src?.startsWith('data:image/png;base64,'))).toBe(true);
    expect(images).toEqual(served);
    expect(said).toEqual([]);
  });
});

describe('the order island, polling while an action answers', () => {
  it('never puts back an order a poll asked for before the buyer’s own action answered', async () => {
    // Paid, its confirmation still queued: the page asks for the order every few seconds.
    const settling = {
      ...order,
      emails: [{ kind: 'confirmation', status: 'queued', at: '2027-05-01T10:00:00.000Z' }],
    } as OrderView;
    const cancelled = { ...settling, status: 'cancelled', cancelledAt: '2027-05-02T10:00:00.000Z' } as OrderView;
    let answerPoll: (order: OrderView) => void = () => {};
    const fetched: string[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      fetched.push(`${init?.method ?? 'GET'} ${url.replace(/\?.*/, '')}`);
      if (init?.method === 'POST') return new Response(JSON.stringify(cancelled), { status: 200 });
      // The poll: answered only once the cancellation has (the order as it was when asked).
      return new Promise((resolve) => {
        answerPoll = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }));
      });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const ready = { ...known, order: settling };
      await serveAndHydrate(ready, withoutImages(ready));
      await act(async () => {
        vi.advanceTimersByTime(3000);
      });
      expect(fetched).toEqual([`GET /api/orders/${ORDER_ID}`]);
      const cancelSection = () => document.querySelector('section[aria-labelledby="cancel-title"]');
      const form = cancelSection()?.querySelector('form');
      expect(form).toBeTruthy();
      await act(async () => {
        form?.requestSubmit();
      });
      expect(fetched.at(-1)).toBe(`POST /api/orders/${ORDER_ID}/cancel`);
      expect(cancelSection()).toBeNull();
      await act(async () => {
        answerPoll(settling);
      });
      // Still the cancelled order, and the page asks again rather than show the older one.
      expect(cancelSection()).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(3000);
      });
      expect(fetched.filter((f) => f.startsWith('GET'))).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
