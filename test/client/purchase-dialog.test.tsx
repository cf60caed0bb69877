import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM, PurchaseDialog, type PurchaseForm } from '../../client/components/purchase-dialog';
import { TicketPlans } from '../../client/components/ticket-plans';
import { isAllowedPaymentUrl } from '../../client/lib/purchase-api';
import type { PlanType } from '../../site/tickets';
import { renderPl } from './render';

// happy-dom has no modal dialogs: showModal/close just toggle `open`.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.restoreAllMocks());

function Harness({ navigate, initialPlan = 'premium' }: { navigate: (url: string) => void; initialPlan?: PlanType }) {
  const [plan, setPlan] = useState<PlanType | null>(initialPlan);
  const [form, setForm] = useState<PurchaseForm>(EMPTY_FORM);
  return (
    <>
      <button type="button" onClick={() => setPlan('premium')}>
        reopen
      </button>
      <PurchaseDialog plan={plan} form={form} onChange={setForm} onClose={() => setPlan(null)} navigate={navigate} />
    </>
  );
}

const email = () => screen.getByLabelText('Adres e-mail') as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: /Przejdź do płatności|Przetwarzanie/ });
const acceptTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /Akceptuję/ }));

describe('purchase dialog', () => {
  it('opens for the chosen plan with its net, VAT and gross', () => {
    renderPl(<TicketPlans />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Wybierz pakiet Praktyk AI VIP' }));
    const dialog = screen.getByRole('dialog', { name: 'Zakup biletu: Praktyk AI VIP' });
    expect(dialog.textContent).toMatch(/999,00\s*zł/);
    expect(dialog.textContent).toMatch(/229,77\s*zł/);
    expect(dialog.textContent).toMatch(/1228,77\s*zł/);
  });

  it('shows the error toast and sends nothing when the e-mail is empty', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPl(<Harness navigate={vi.fn()} />);
    acceptTerms();
    fireEvent.click(confirm());
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Błąd');
    expect(toast.textContent).toContain('Proszę wprowadzić adres email');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('disables every control and reads "Przetwarzanie..." while the request runs, then navigates', async () => {
    let answer: (value: Response) => void = () => {};
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const navigate = vi.fn();
    renderPl(<Harness navigate={navigate} />);
    fireEvent.change(email(), { target: { value: 'ala@example.com' } });
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(confirm().textContent).toBe('Przetwarzanie...'));
    expect(email().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Anuluj' }) as HTMLButtonElement).disabled).toBe(true);
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/purchase/premium');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ala@example.com', lang: 'pl' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () =>
      answer(Response.json({ url: `${window.location.origin}/checkout/demo/X?token=t` }, { status: 201 })),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/checkout/demo/X?token=t`));
    expect(confirm().textContent).toBe('Przejdź do płatności');
  });

  it('keeps the dialog open with the error toast when the purchase fails, and logs it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ error: 'payment_unavailable' }, { status: 503 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    renderPl(<Harness navigate={navigate} />);
    fireEvent.change(email(), { target: { value: 'ala@example.com' } });
    acceptTerms();
    fireEvent.click(confirm());
    const toast = await screen.findByRole('alert');
    await waitFor(() =>
      expect(toast.textContent).toContain('Wystąpił błąd podczas przetwarzania płatności. Spróbuj ponownie.'),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    expect((confirm() as HTMLButtonElement).disabled).toBe(false);
    expect(email().value).toBe('ala@example.com');
  });

  it('refuses to navigate to a foreign payment URL', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ url: 'https://evil.example/pay' }, { status: 201 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    renderPl(<Harness navigate={navigate} />);
    fireEvent.change(email(), { target: { value: 'ala@example.com' } });
    acceptTerms();
    fireEvent.click(confirm());
    await screen.findByRole('alert');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes on cancel and keeps the e-mail for the next opening', () => {
    renderPl(<Harness navigate={vi.fn()} />);
    fireEvent.change(email(), { target: { value: 'ala@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByLabelText('Adres e-mail')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    expect(email().value).toBe('ala@example.com');
  });

  it('requires accepting the terms before sending', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPl(<Harness navigate={vi.fn()} />);
    fireEvent.change(email(), { target: { value: 'ala@example.com' } });
    fireEvent.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toContain('regulamin');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('isAllowedPaymentUrl', () => {
  it.each([
    ['https://kongres.test/checkout/demo/1', true],
    ['/checkout/demo/1', true],
    ['https://checkout.stripe.com/c/pay/cs_1', true],
    ['http://checkout.stripe.com/c/pay/cs_1', false],
    ['https://checkout.stripe.com.evil.example/', false],
    ['javascript:alert(1)', false],
    ['//evil.example/x', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedPaymentUrl(url, 'https://kongres.test')).toBe(allowed);
  });
});
