import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogFallbacks, productDialogs } from '../../client/boot';
import { IslandRoot } from '../../client/components/island-root';
import { type ProductLabels, PurchaseDialog, PurchaseIsland } from '../../client/components/purchase-dialog';
import { TicketPlans } from '../../client/components/ticket-plans';
import { isAllowedPaymentUrl } from '../../client/lib/purchase-api';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { PRODUCTS, PROMOTION_FROM, PROMOTION_UNTIL } from '../../site/tickets';
import { renderPl } from './render';

// Turnstile (client/lib/bot-check.ts) stands in here: off (no token) unless a test gives the
// widget's answer. Its own module, which loads Cloudflare's script, is tried in the browser (e2e).
const botCheck = vi.hoisted(() => ({
  token: async (): Promise<string | null> => null,
  started: 0,
  resets: 0,
}));
vi.mock('../../client/lib/bot-check', async (original) => ({
  ...(await original<typeof import('../../client/lib/bot-check')>()),
  lazyBotCheck: () => ({
    start: () => {
      botCheck.started++;
    },
    token: () => botCheck.token(),
    reset: () => {
      botCheck.resets++;
    },
  }),
}));
beforeEach(() => {
  botCheck.token = async () => null;
  botCheck.started = 0;
  botCheck.resets = 0;
});

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

/** The worker: `GET /api/vat` (OSS on, Germany's 19%) for a buyer abroad, and the order's payment URL. */
const paid = () =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input) === '/api/vat'
        ? Response.json({ oss: true, rates: { DE: 19, GR: 24 }, country: null })
        : Response.json({ url: '/checkout/demo/1' }, { status: 201 }),
    );
/** The body of the order sent (`POST /api/orders`). */
const sent = (fetch: ReturnType<typeof paid>) =>
  JSON.parse(String(fetch.mock.calls.find(([url]) => String(url) === '/api/orders')?.[1]?.body));

/**
 * Premium's dialog with an e-mail and the terms accepted, confirmed while the worker answers every
 * request with `answer` (the console's error for a refusal silenced): the navigation it may ask for.
 */
function confirmAnswered(answer: Response) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const navigate = vi.fn();
  openFor('Premium', navigate);
  email().value = 'ala@example.com';
  acceptTerms();
  fireEvent.click(confirm());
  return navigate;
}

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
      // The versions the pages show, as accepted: the order records them.
      consent: CONSENT_VERSIONS,
    });
  });

  it('removes a ticket, and stops adding at twenty with a word why', async () => {
    renderPl(<Plans navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Usuń bilet 2' }));
    expect(screen.queryByRole('group', { name: 'Bilet 2' })).toBeNull();
    // The same button each time (React keeps it): a role query per press reads the whole growing
    // dialog, nineteen times, which took a busy machine past the test's five seconds.
    const add = screen.getByRole('button', { name: 'Dodaj kolejny bilet' });
    for (let i = 1; i < 20; i++) fireEvent.click(add);
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
      consent: CONSENT_VERSIONS,
    });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () =>
      answer(Response.json({ url: `${window.location.origin}/checkout/demo/X?token=t` }, { status: 201 })),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/checkout/demo/X?token=t`));
    expect(confirm().textContent).toBe('Przejdź do płatności');
  });

  it('says what the box office refused above the form, naming the products short, and keeps everything', async () => {
    const navigate = confirmAnswered(
      Response.json({ error: 'sold_out', products: ['online-premium'] }, { status: 409 }),
    );
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('Zabrakło miejsc: Premium'));
    expect(dialog().open).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
    expect((dialog().querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    expect(email().value).toBe('ala@example.com');
  });

  it("puts the worker's field errors beside their fields", async () => {
    confirmAnswered(
      Response.json({ error: 'invalid_fields', fields: { 'items.0.name': 'too_long' } }, { status: 422 }),
    );
    await waitFor(() => expect(field(1, /Imię i nazwisko/).getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field(1, /Imię i nazwisko/))).toContain('Sprawdź to pole');
  });

  it('says at the terms box that the terms changed when the worker refuses the versions sent', async () => {
    confirmAnswered(
      Response.json({ error: 'invalid_fields', fields: { 'consent.terms': 'consent_outdated' } }, { status: 422 }),
    );
    const box = dialog().querySelector<HTMLInputElement>('input[name="accepted"]') as HTMLInputElement;
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(box)).toContain('zmieniły się od otwarcia tej strony');
  });

  it('refuses to navigate to a foreign payment URL', async () => {
    const navigate = confirmAnswered(Response.json({ url: 'https://evil.example/pay' }, { status: 201 }));
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

describe('Turnstile in the purchase dialog', () => {
  it("starts the widget at the dialog's first focus and sends its token with the cart", async () => {
    botCheck.token = async () => 'XXXX.DUMMY.TOKEN.XXXX';
    const fetch = paid();
    openFor('Premium');
    fireEvent.focus(email());
    expect(botCheck.started).toBeGreaterThan(0);
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch).turnstile).toBe('XXXX.DUMMY.TOKEN.XXXX');
  });

  it('says under the widget that the check expired, keeps what was typed and asks for a new token', async () => {
    botCheck.token = async () => 'XXXX.DUMMY.TOKEN.XXXX';
    const navigate = confirmAnswered(
      Response.json({ error: 'invalid_fields', fields: { turnstile: 'bot_check_expired' } }, { status: 422 }),
    );
    await waitFor(() => expect(dialog().textContent).toContain('Weryfikacja wygasła'));
    expect(botCheck.resets).toBe(1);
    expect(email().value).toBe('ala@example.com');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends nothing when the widget could not load, and says so where the widget is', async () => {
    botCheck.token = () => Promise.reject(Object.assign(new Error('bot check: unavailable'), { code: 'unavailable' }));
    const fetch = vi.spyOn(globalThis, 'fetch');
    openFor('Premium');
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(dialog().textContent).toContain('Nie udało się wczytać zabezpieczenia przed botami'));
    expect(fetch).not.toHaveBeenCalled();
    expect(email().value).toBe('ala@example.com');
    await waitFor(() => expect(document.activeElement?.className).toBe('bot-check'));
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

describe('the invoice data in the purchase dialog', () => {
  /** The dialog opened for Premium with an e-mail, the terms accepted and an invoice wanted. */
  function openWithInvoice(navigate = vi.fn()) {
    renderPl(<Plans navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Premium' }));
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Potrzebuję faktury' }));
  }
  const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const country = () => screen.getByLabelText('Kraj') as HTMLSelectElement;
  /** Types into a field as a visitor does: the value, then the events React listens to. */
  const type = (element: HTMLInputElement, value: string) => fireEvent.input(element, { target: { value } });
  /** The Polish address `fillAddress` types, as the dialog sends it. */
  const ADDRESS = { street: 'ul. Prosta 1', postalCode: '00-850', city: 'Warszawa', country: 'PL' };
  const fillAddress = () => {
    type(input('Ulica i numer'), ADDRESS.street);
    type(input('Kod pocztowy'), ADDRESS.postalCode);
    type(input('Miejscowość'), ADDRESS.city);
  };
  const pickCountry = (code: string) => fireEvent.change(country(), { target: { value: code } });
  /** Confirms the dialog and waits for its order to go out: the invoice data sent with it. */
  async function sentInvoice(fetch: ReturnType<typeof paid>) {
    fireEvent.click(confirm());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    return sent(fetch).invoice;
  }
  /** The invoice form with the country `code` picked from the full list, once the list is there. */
  async function openWithInvoiceFrom(code: string) {
    openWithInvoice();
    await waitFor(() => expect(country().options.length).toBeGreaterThan(240));
    pickCountry(code);
  }

  it("asks for a company's name, country, NIP and address, with the autofill tokens of each", async () => {
    openWithInvoice();
    expect((screen.getByRole('radio', { name: 'Firma' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Osoba prywatna' }) as HTMLInputElement).checked).toBe(false);
    const tokens = {
      'Nazwa firmy': 'organization',
      Kraj: 'country',
      NIP: 'off',
      'Ulica i numer': 'address-line1',
      'Kod pocztowy': 'postal-code',
      Miejscowość: 'address-level2',
    };
    for (const [label, token] of Object.entries(tokens)) {
      expect(screen.getByLabelText(label).getAttribute('autocomplete'), label).toBe(token);
    }
    // Poland first and chosen, then every other country by its Polish name, from the browser's data.
    await waitFor(() => expect(country().options.length).toBeGreaterThan(240));
    const options = [...country().options];
    expect(country().value).toBe('PL');
    expect(options[0]?.textContent).toBe('Polska');
    const names = options.slice(1).map((option) => option.textContent ?? '');
    expect(names).toEqual([...names].sort(new Intl.Collator('pl').compare));
    expect(options.find((option) => option.value === 'DE')?.textContent).toBe('Niemcy');
    expect(options.filter((option) => option.value === 'PL')).toHaveLength(1);
  });

  it("sends a Polish company's data, its NIP as typed", async () => {
    const fetch = paid();
    openWithInvoice();
    type(input('Nazwa firmy'), 'ACME sp. z o.o.');
    type(input('NIP'), '526-025-02-74');
    fillAddress();
    expect(await sentInvoice(fetch)).toEqual({ name: 'ACME sp. z o.o.', taxId: '526-025-02-74', ...ADDRESS });
  });

  it('says beside the NIP that it fails the checksum, with every other invalid field at once, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    openWithInvoice();
    type(input('Nazwa firmy'), 'ACME sp. z o.o.');
    type(input('NIP'), '1234567890');
    type(input('Kod pocztowy'), '00850');
    fireEvent.click(confirm());
    await waitFor(() => expect(input('NIP').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('NIP'))).toBe('Ten NIP jest niepoprawny – sprawdź wszystkie 10 cyfr.');
    expect(errorOf(input('Kod pocztowy'))).toBe('Wpisz kod pocztowy w formacie 00-000.');
    expect(errorOf(input('Ulica i numer'))).toBe('Podaj ulicę i numer.');
    expect(errorOf(input('Miejscowość'))).toBe('Podaj miejscowość.');
    expect(input('Nazwa firmy').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('NIP'));
    expect(fetch).not.toHaveBeenCalled();
    // Fixed, a field loses its error; the others keep theirs.
    type(input('NIP'), '5260250274');
    await waitFor(() => expect(input('NIP').getAttribute('aria-invalid')).toBeNull());
    expect(input('Miejscowość').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks a company for its NIP, and a private person for a full name and no tax number', async () => {
    const fetch = paid();
    openWithInvoice();
    fillAddress();
    type(input('NIP'), '1234567890');
    fireEvent.click(confirm());
    await waitFor(() => expect(errorOf(input('Nazwa firmy'))).toBe('Podaj nazwę firmy albo imię i nazwisko.'));
    const taxField = input('NIP').closest('.field') as HTMLElement;
    expect(taxField.hidden).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Osoba prywatna' }));
    await waitFor(() => expect(taxField.hidden).toBe(true));
    expect(
      screen.getByLabelText('Imię i nazwisko', { selector: '[name="invoice.name"]' }).getAttribute('autocomplete'),
    ).toBe('name');
    type(input('Imię i nazwisko'), 'Jan Kowalski');
    // The number typed before the switch is not sent: no tax number is a private person's invoice.
    expect(await sentInvoice(fetch)).toEqual({ name: 'Jan Kowalski', ...ADDRESS });
  });

  it("asks a company in another EU country for its VAT number with that country's prefix", async () => {
    const fetch = paid();
    await openWithInvoiceFrom('DE');
    const vat = await waitFor(() => input('Numer VAT UE z prefiksem kraju'));
    type(input('Nazwa firmy'), 'Beispiel GmbH');
    type(vat, 'FR12345678901');
    type(input('Ulica i numer'), 'Unter den Linden 1');
    type(input('Miejscowość'), 'Berlin');
    fireEvent.click(confirm());
    await waitFor(() => expect(vat.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(vat)).toBe('Numer VAT z tego kraju zaczyna się od DE. Sprawdź numer albo kraj.');
    type(vat, '123456789');
    fireEvent.click(confirm());
    await waitFor(() => expect(errorOf(vat)).toContain('zacznij od DE'));
    // Greece's VAT numbers start with EL, not its ISO code.
    pickCountry('GR');
    fireEvent.click(confirm());
    await waitFor(() => expect(errorOf(vat)).toContain('zacznij od EL'));
    pickCountry('DE');
    type(vat, 'DE 123 456 789');
    // A German address needs no Polish postal code; none given, none sent.
    expect(await sentInvoice(fetch)).toEqual({
      name: 'Beispiel GmbH',
      taxId: 'DE 123 456 789',
      street: 'Unter den Linden 1',
      postalCode: '',
      city: 'Berlin',
      country: 'DE',
    });
  });

  it('takes a tax number outside the EU as optional', async () => {
    const fetch = paid();
    await openWithInvoiceFrom('US');
    await waitFor(() => input('Numer podatkowy (opcjonalnie)'));
    const company = { name: 'Example Inc.', street: '1 Main St', city: 'Springfield' };
    type(input('Nazwa firmy'), company.name);
    type(input('Ulica i numer'), company.street);
    type(input('Miejscowość'), company.city);
    // No tax number and no postal code given: neither is sent.
    expect(await sentInvoice(fetch)).toEqual({ ...company, postalCode: '', country: 'US' });
  });

  it("puts the worker's invoice errors beside their fields", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json(
        { error: 'invalid_fields', fields: { 'invoice.taxId': 'invalid_nip', 'invoice.city': 'too_long' } },
        { status: 422 },
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openWithInvoice();
    type(input('Nazwa firmy'), 'ACME sp. z o.o.');
    type(input('NIP'), '5260250274');
    fillAddress();
    fireEvent.click(confirm());
    await waitFor(() => expect(input('NIP').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input('NIP'))).toBe('Ten NIP jest niepoprawny – sprawdź wszystkie 10 cyfr.');
    expect(errorOf(input('Miejscowość'))).toBe('Sprawdź to pole.');
    expect(document.activeElement).toBe(input('NIP'));
  });

  it('hydrates the prerendered fields without a mismatch, and names the countries only then', async () => {
    const log = vi.spyOn(console, 'error');
    renderPlans();
    fireEvent.click(choose('Premium'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Potrzebuję faktury' }));
    await waitFor(() => expect(country().options.length).toBeGreaterThan(240));
    expect(log).not.toHaveBeenCalled();
  });
});

describe('a discount code in the purchase dialog', () => {
  /** The box office's answers: `/api/vouchers/check` with `check`, `/api/orders` with a payment URL. */
  const answering = (check: (code: string, product: string) => Response) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const body = JSON.parse(String(init?.body));
      if (url === '/api/vouchers/check') return check(body.code, body.product);
      return Response.json({ url: '/checkout/demo/1' }, { status: 201 });
    });
  const codeField = () => screen.getByLabelText('Kod rabatowy') as HTMLInputElement;
  const status = () => document.getElementById(`${codeField().id}-status`) as HTMLElement;

  it('is folded under "Masz kod rabatowy?", checks the code for the cart and shows the discount and the new total', async () => {
    const fetch = answering((code, product) =>
      Response.json({ code: code.toUpperCase(), product, listNet: 10000, net: 5000, listGross: 12300, gross: 6150 }),
    );
    openFor('Premium', vi.fn());
    const details = codeField().closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Masz kod rabatowy?');
    fireEvent.click(details.querySelector('summary') as HTMLElement);
    codeField().value = 'student-2026';
    // Enter in the code's field checks the code; it does not send the order.
    fireEvent.keyDown(codeField(), { key: 'Enter' });
    await waitFor(() => expect(status().textContent).toContain('Kod STUDENT-2026 przyjęty'));
    expect(status().getAttribute('role')).toBe('status');
    expect(status().textContent).toMatch(/rabat 61,50\s*zł brutto, do zapłaty 61,50\s*zł/);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/vouchers/check');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      code: 'student-2026',
      product: 'online-premium',
    });
    expect(shown('dl')).toContain('Rabat (STUDENT-2026)');
    expect(shown('dl')).toMatch(/−50,00\s*zł/);
    expect(shown('dl')).toMatch(/Do zapłaty \(brutto\)61,50\s*zł/);
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/orders');
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toMatchObject({
      items: [{ product: 'online-premium' }],
      voucher: 'student-2026',
    });
  });

  it.each([
    ['unknown', 'Nie znamy takiego kodu'],
    ['expired', 'Ten kod już wygasł'],
    ['not_yet_valid', 'jeszcze nie obowiązuje'],
    ['not_for_product', 'nie obejmuje wybranych biletów'],
    ['used_up', 'został już wykorzystany'],
    ['ended', 'Organizator wycofał ten kod'],
  ])('says at the field why a %s code is refused, and shows no discount', async (reason, words) => {
    answering(() => Response.json({ error: 'invalid_voucher', reason }, { status: 422 }));
    openFor('Premium', vi.fn());
    codeField().value = 'NOPE-1';
    fireEvent.click(screen.getByRole('button', { name: 'Zastosuj kod' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(status().textContent).toContain(words);
    expect(status().getAttribute('role')).toBe('status');
    expect(shown('dl')).not.toContain('Rabat');
  });

  it('applies a code that covers one product of the cart and keeps the price of the other', async () => {
    answering((code, product) =>
      product === 'onsite-pro'
        ? Response.json({ error: 'invalid_voucher', reason: 'not_for_product' }, { status: 422 })
        : Response.json({ code, product, listNet: 10000, net: 0, listGross: 12300, gross: 0 }),
    );
    openFor('Premium', vi.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj kolejny bilet' }));
    fireEvent.change(within(ticket(2)).getByLabelText('Rodzaj biletu'), { target: { value: 'onsite-pro' } });
    codeField().value = 'FREE-PREMIUM';
    fireEvent.click(screen.getByRole('button', { name: 'Zastosuj kod' }));
    await waitFor(() => expect(status().textContent).toContain('Kod FREE-PREMIUM przyjęty'));
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
    expect(shown('dl')).toMatch(/−100,00\s*zł/);
  });

  it('says at the field why the box office refused the code when the order is sent', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: 'invalid_voucher', reason: 'used_up' }, { status: 422 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    openFor('Premium', navigate);
    codeField().value = 'LAST-ONE';
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(status().textContent).toContain('został już wykorzystany'));
    expect((codeField().closest('details') as HTMLDetailsElement).open).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses a malformed code before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    openFor('Premium', vi.fn());
    codeField().value = 'ab';
    email().value = 'ala@example.com';
    acceptTerms();
    fireEvent.click(confirm());
    await waitFor(() => expect(status().textContent).toContain('od 4 do 32 znaków'));
    expect(fetch).not.toHaveBeenCalled();
  });
});
