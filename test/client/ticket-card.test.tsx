import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketCard } from '../../client/components/ticket-card';
import { renderIn } from './render-delivery';

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const QR = '/api/orders/01KAAAAAAAAAAAAAAAAAAAAAAA/ticket.svg?token=secret';

afterEach(() => vi.restoreAllMocks());

describe('ticket card', () => {
  it("shows the worker's QR image named by the code, and the code as text", () => {
    renderIn('pl', <TicketCard code={CODE} qr={QR} product="onsite-pro" email="ada@example.com" />);
    const qr = screen.getByRole('img', { name: `Kod QR biletu ${CODE}` });
    expect(qr.getAttribute('src')).toBe(QR);
    // Square from the first layout on: no shift when the image arrives.
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['288', '288']);
    expect(screen.getByText(CODE).tagName).toBe('DD');
  });

  it('names the product and the holder in the page language', () => {
    renderIn('pl', <TicketCard code={CODE} qr={QR} product="onsite-pro" email="ada@example.com" />);
    expect(screen.getByRole('heading', { name: 'Twój bilet' })).toBeTruthy();
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
    renderIn(lang, <TicketCard code={CODE} qr={QR} product={product} email="ada@example.com" />);
    expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByRole('button', { name: print })).toBeTruthy();
  });

  it('prints from its button', () => {
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    renderIn('pl', <TicketCard code={CODE} qr={QR} product="online-standard" email="ada@example.com" />);
    screen.getByRole('button', { name: 'Drukuj bilet' }).click();
    expect(print).toHaveBeenCalledOnce();
  });
});
