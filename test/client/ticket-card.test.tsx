import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventFacts, printTickets, TicketCard, useProductName } from '../../client/components/ticket-card';
import type { ProductId } from '../../site/tickets';
import { renderIn } from './render-delivery';

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const QR = '/api/orders/01KAAAAAAAAAAAAAAAAAAAAAAA/tickets/01KBBBBBBBBBBBBBBBBBBBBBBB/qr.svg?token=secret';

/** A paid ticket of a product, for Ada. */
const ticket = (product: ProductId, email: string | null = null) => ({
  id: '01KBBBBBBBBBBBBBBBBBBBBBBB',
  position: 1,
  product,
  name: 'Ada Lovelace',
  email,
  checkedInAt: null,
  code: CODE,
  qrCode: `${CODE.replaceAll('-', '').slice(0, 8)}5${'A'.repeat(103)}`,
  workshops: [],
  page: null,
});
/** The card as the order page shows it, with the product's name in the page language. */
function Card({ product, count, onPrint }: { product: ProductId; count: number; onPrint: () => void }) {
  const productName = useProductName();
  return (
    <TicketCard
      ticket={ticket(product, 'ada@example.com')}
      productName={productName(product)}
      count={count}
      holder="Ada Lovelace"
      qr={QR}
      event={eventFacts('pl', 'Online: transmisja na żywo')}
      onPrint={onPrint}
    />
  );
}
const card = (product: ProductId, count = 1, onPrint = () => {}) => (
  <Card product={product} count={count} onPrint={onPrint} />
);

afterEach(() => vi.restoreAllMocks());

describe('ticket card', () => {
  it("shows the worker's QR image named by the code, and the code as text", () => {
    renderIn('pl', card('onsite-pro'));
    const qr = screen.getByRole('img', { name: `Kod QR biletu ${CODE}` });
    expect(qr.getAttribute('src')).toBe(QR);
    // Square from the first layout on: no shift when the image arrives.
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['288', '288']);
    expect(screen.getByText(CODE).tagName).toBe('DD');
  });

  it('says what a printed ticket needs by itself: the event, its day and hours, and the venue', () => {
    renderIn('pl', card('onsite-pro'));
    expect(screen.getByText('Kongres AI Polska')).toBeTruthy();
    expect(screen.getByText(/^sobota, 23 października 2027, 10:00–21:00$/)).toBeTruthy();
    expect(screen.getByText('Atlas Arena, al. Bandurskiego 7, 94-020 Łódź')).toBeTruthy();
  });

  it('names the product and the holder in the page language', () => {
    renderIn('pl', card('onsite-pro'));
    expect(screen.getByRole('heading', { name: 'Twój bilet' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Pro – bilet na miejscu')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText(/Pokaż ten kod QR przy wejściu/)).toBeTruthy();
  });

  it.each([
    ['en-US', 'online-vip', 'AI Practitioner VIP – online ticket', 'Print ticket'],
    ['en-GB', 'onsite-standard', 'Standard – on-site ticket', 'Print ticket'],
    ['de', 'online-premium', 'Premium – Online-Ticket', 'Ticket drucken'],
    ['es', 'onsite-vip', 'VIP – entrada presencial', 'Imprimir entrada'],
  ] as const)('speaks %s', (lang, product, name, print) => {
    renderIn(lang, card(product));
    expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByRole('button', { name: print })).toBeTruthy();
  });

  it("says which of the order's tickets it is", () => {
    renderIn('pl', card('onsite-pro', 4));
    expect(screen.getByRole('heading', { name: 'Bilet 1 z 4' })).toBeTruthy();
  });

  it('prints from its button', () => {
    const print = vi.fn();
    renderIn('pl', card('online-standard', 1, print));
    screen.getByRole('button', { name: 'Drukuj bilet' }).click();
    expect(print).toHaveBeenCalledOnce();
  });

  it('marks the tickets to print while the print dialog is open, and only those', () => {
    // happy-dom has no print dialog: print() returns at once, as browsers do once it is closed.
    let marked: string[] = [];
    Object.defineProperty(window, 'print', {
      value: () => {
        marked = Array.from(document.querySelectorAll<HTMLElement>('[data-print]'), (el) => el.dataset.ticket ?? '');
      },
      configurable: true,
    });
    document.body.innerHTML =
      '<section class="ticket-card" data-ticket="A"></section><section class="ticket-card" data-ticket="B"></section>';
    printTickets('B');
    expect(marked).toEqual(['B']);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelectorAll('[data-print]')).toHaveLength(0);
    printTickets(null);
    expect(marked).toEqual(['A', 'B']);
  });
});
