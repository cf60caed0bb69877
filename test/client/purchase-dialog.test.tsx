import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogFallbacks, productDialogs } from '../../client/boot';
import { IslandRoot } from '../../client/components/island-root';
import { type ProductLabels, PurchaseDialog, PurchaseIsland } from '../../client/components/purchase-dialog';
import { TicketPlans } from '../../client/components/ticket-plans';
import { isAllowedPaymentUrl } from '../../client/lib/purchase-api';
import { PRODUCTS, PROMOTION_FROM, PROMOTION_UNTIL } from '../../site/tickets';
import { renderPl } from './render';

// happy-dom has no modal dialogs and no invoker commands: showModal/close just toggle `open`, and
// the page script's fallback for browsers without `commandfor` opens the dialog (as in old Safari).
beforeEach(() => {
  // Prices depend on the day: these tests run inside the online promotion, whatever today is.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date((Date.parse(PROMOTION_FROM) + Date.parse(PROMOTION_UNTIL)) / 2));
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeAll(() => {
  dialogFallbacks(document);
  productDialogs(document);
});
const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The prerendered plans with their purchase island hydrated, as the page script hydrates it. */
function renderPlans() {
  const { i18n } = renderPl(<TicketPlans />);
  const island = document.querySelector<HTMLElement>('[data-island="purchase"]') as HTMLElement;
  act(() => {
    roots.push(
      hydrateRoot(
        island,
        <IslandRoot i18n={i18n}>
          <PurchaseIsland labels={JSON.parse(island.dataset.props ?? '{}').labels} />
        </IslandRoot>,
        { identifierPrefix: island.dataset.islandId },
      ),
    );
  });
}

/** The products' names as the ticket page gives them to the island. */
const LABELS = Object.fromEntries(
  PRODUCTS.map((item) => [
    item.id,
    `${item.id === 'online-premium' ? 'Premium' : item.id === 'onsite-vip' ? 'VIP' : item.id}`,
  ]),
) as ProductLabels;

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const email = () => screen.getByLabelText('Adres e-mail zamawiającego') as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: /Przejdź do płatności|Przetwarzanie/ });
const acceptTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /Akceptuję/ }));
const choose = (name: string) => screen.getByRole('button', { name: `Wybierz pakiet ${name}` });
/** What the dialog shows: not hidden, and not a price step out of force (hidden by the stylesheet). */
const visible = (selector: string) => `${selector}:not([hidden]):not([data-price-inactive])`;
const shown = (selector: string) => dialog().querySelector(visible(selector))?.textContent ?? '';
const ticket = (n: number) => screen.getByRole('group', { name: `Bilet ${n}` });
const field = (n: number, label: RegExp) => within(ticket(n)).getByLabelText(label) as HTMLInputElement;
/** A field's error, as the dialog says it beside the field (its description). */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The plans with the dialog opened for one of them, as the page script and the browser open it. */
function openFor(name: string, navigate?: (url: string) => void) {
  if (navigate) renderPl(<Plans navigate={navigate} />);
  else renderPlans();
  fireEvent.click(navigate ? screen.getByRole('button', { name }) : choose(name));
}

function Plans({ navigate }: { navigate: (url: string) => void }) {
  return (
    <>
      <button type="button" commandfor="purchase-dialog" command="show-modal" data-product="online-premium">
        Premium
      </button>
      <PurchaseDialog labels={LABELS} navigate={navigate} />
    </>
  );
}

const paid = () =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ url: '/checkout/demo/1' }, { status: 201 }));
const sent = (fetch: ReturnType<typeof paid>) => JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));

describe('purchase dialog', () => {
  it('is in the page once, closed, and opens for the chosen plan with its net, VAT and gross', () => {
    renderPlans();
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    expect(dialog().open).toBe(false);
    fireEvent.click(choose('Praktyk AI VIP'));
    expect(dialog().open).toBe(true);
    expect(shown('h2 span')).toBe('Zakup biletu: Praktyk AI VIP (online)');
    expect(dialog().querySelectorAll(visible('dl'))).toHaveLength(1);
    expect(shown('dl')).toMatch(/999,00\s*zł/);
    expect(shown('dl')).toMatch(/229,77\s*zł/);
    expect(shown('dl')).toMatch(/1228,77\s*zł/);
    expect((dialog().querySelector('input[name="product"]') as HTMLInputElement).value).toBe('online-vip');
    expect((within(ticket(1)).getByLabelText('Rodzaj biletu') as HTMLSelectElement).value).toBe('online-vip');
  });

  it('marks every invalid field at once, beside it, checks the e-mail before the terms, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPl(<Plans navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    email().value = 'jan.kowalski@';
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    // The new ticket's name is where the buyer goes next.
    await waitFor(() => expect(document.activeElement).toBe(field(2, /Imię i nazwisko/)));
    const second = within(ticket(2)).getByLabelText('Rodzaj biletu') as HTMLSelectElement;
    fireEvent.change(second, { target: { value: 'onsite-pro' } });
    fireEvent.click(confirm());
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(email())).toContain('Wpisz pełny adres e-mail');
    expect(errorOf(field(2, /Imię i nazwisko/))).toContain('bilet na miejscu jest imienny');
    expect(errorOf(screen.getByRole('checkbox', { name: /Akceptuję/ }))).toContain('Zaakceptuj regulamin');
    // The first invalid field has the focus; no toast anywhere.
    expect(document.activeElement).toBe(email());
    expect(document.querySelector('.toast')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // A fixed field loses its error as it is fixed.
    fireEvent.input(email(), { target: { value: 'jan.kowalski@firma.pl' } });
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBeNull());
    expect(field(2, /Imię i nazwisko/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a cart of named tickets with their e-mails, and counts its total', async () => {
    const fetch = paid();
    renderPl(<Plans navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    email().value = 'zakupy@firma.pl';
    field(1, /Imię i nazwisko/).value = 'Ala Kot';
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    fireEvent.change(within(ticket(3)).getByLabelText('Rodzaj biletu'), { target: { value: 'onsite-pro' } });
    field(2, /E-mail uczestnika/).value = 'ola@firma.pl';
    field(3, /Imię i nazwisko/).value = 'Jan Nowak';
    fireEvent.change(field(3, /Imię i nazwisko/));
    await waitFor(() => expect(shown('dl')).toContain('3'));
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/orders');
    expect(sent(fetch)).toEqual({
      email: 'zakupy@firma.pl',
      lang: 'pl',
      items: [
        { product: 'online-premium', name: 'Ala Kot' },
        { product: 'online-premium', email: 'ola@firma.pl' },
        { product: 'onsite-pro', name: 'Jan Nowak' },
      ],
    });
  });

  it('removes a ticket, and stops adding at twenty with a word why', async () => {
    renderPl(<Plans navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Usuń bilet 2' }));
    expect(screen.queryByRole('group', { name: 'Bilet 2' })).toBeNull();
    for (let i = 1; i < 20; i++) fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    expect(screen.getByRole('group', { name: 'Bilet 20' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dodaj kolejny bilet' })).toBeNull();
    expect(dialog().textContent).toContain('najwyżej 20 biletów');
  });

  it('disables every control and reads "Przetwarzanie..." while the request runs, then navigates', async () => {
    let answer: (value: Response) => void = () => {};
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const navigate = vi.fn();
    openFor('Premium', navigate);
    // Typed the way a browser fills a field: no React state is involved, the form is read when sent.
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(confirm().textContent).toBe('Przetwarzanie...'));
    // One disabled fieldset holds every control.
    const fields = dialog().querySelector('fieldset') as HTMLFieldSetElement;
    expect(fields.disabled).toBe(true);
    for (const control of [email(), screen.getByRole('button', { name: 'Anuluj' }), confirm()])
      expect(fields.contains(control)).toBe(true);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/orders');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ala@example.com',
      lang: 'pl',
      items: [{ product: 'online-premium' }],
    });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () =>
      answer(Response.json({ url: `${window.location.origin}/checkout/demo/X?token=t` }, { status: 201 })),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/checkout/demo/X?token=t`));
    expect(confirm().textContent).toBe('Przejdź do płatności');
  });

  it('sends the invoice details when an invoice is wanted', async () => {
    const fetch = paid();
    renderPl(<Plans navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    email().value = 'ala@example.com';
    fireEvent.click(screen.getByRole('checkbox', { name: 'Potrzebuję faktury' }));
    (screen.getByLabelText('Nazwa firmy') as HTMLInputElement).value = 'Firma';
    (screen.getByLabelText(/NIP/) as HTMLInputElement).value = '1234567890';
    (screen.getByLabelText(/Adres firmy/) as HTMLTextAreaElement).value = 'Łódź';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch)).toEqual({
      email: 'ala@example.com',
      lang: 'pl',
      items: [{ product: 'online-premium' }],
      invoice: { company: 'Firma', taxId: '1234567890', address: 'Łódź' },
    });
  });

  it('says what the box office refused above the form, naming the products short, and keeps everything', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: 'sold_out', products: ['online-premium'] }, { status: 409 }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    openFor('Premium', navigate);
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('Zabrakło miejsc: Premium'));
    expect(dialog().open).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    expect((dialog().querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    expect(email().value).toBe('ala@example.com');
  });

  it("puts the worker's field errors beside their fields", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: 'invalid_fields', fields: { 'items.0.name': 'too_long' } }, { status: 422 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openFor('Premium', vi.fn());
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(field(1, /Imię i nazwisko/).getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field(1, /Imię i nazwisko/))).toContain('Sprawdź to pole');
  });

  it('refuses to navigate to a foreign payment URL', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ url: 'https://evil.example/pay' }, { status: 201 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    openFor('Premium', navigate);
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).not.toBe(''));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes on cancel and keeps the e-mail for the next opening', () => {
    openFor('Premium');
    email().value = 'ala@example.com';
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(dialog().open).toBe(false);
    fireEvent.click(choose('Standard'));
    expect(dialog().open).toBe(true);
    expect(email().value).toBe('ala@example.com');
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
