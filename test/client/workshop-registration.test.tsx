import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkshopRegistration } from '../../client/components/workshop-registration';
import { renderIn } from './render-delivery';

afterEach(() => vi.restoreAllMocks());

const answer = (status: number, body?: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

function fillAndSend() {
  fireEvent.change(screen.getByLabelText('Adres e-mail z zamówienia'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Numer zamówienia'), { target: { value: 'K7-4821' } });
  fireEvent.click(screen.getByRole('button', { name: 'Zapisz mnie' }));
}

/** The typed values are still there, whatever the answer was. */
function expectValuesKept() {
  expect((screen.getByLabelText('Adres e-mail z zamówienia') as HTMLInputElement).value).toBe('ada@example.com');
  expect((screen.getByLabelText('Numer zamówienia') as HTMLInputElement).value).toBe('K7-4821');
}

describe('workshop registration', () => {
  it('posts the e-mail and order code to the workshop and says the seat is taken', async () => {
    const fetch = answer(201, { ok: true });
    renderIn('pl', <WorkshopRegistration workshopId="promptLab" />);
    // Where the focus is at the first moment the answer is on the page: on the answer already.
    const focusedWhenShown: (Element | null)[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Gotowe!')) focusedWhenShown.push(document.activeElement);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    fillAndSend();
    const status = await screen.findByText(/Gotowe! Masz miejsce na tym warsztacie/);
    observer.disconnect();
    expect(status.textContent).toContain('ada@example.com');
    expect(focusedWhenShown[0]).toBe(screen.getByRole('status'));
    expect(screen.getByRole('status')).toBe(document.activeElement);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/workshops/promptLab/registrations');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', code: 'K7-4821' });
    expectValuesKept();
  });

  it.each([
    [409, { error: 'workshop_full' }, 'Na tym warsztacie nie ma już wolnych miejsc.'],
    [409, { error: 'already_registered' }, 'Ten bilet jest już zapisany na ten warsztat.'],
    [403, { error: 'ticket_not_eligible' }, /Twój bilet nie obejmuje tego warsztatu\. Bilet Pro/],
    [404, { error: 'order_not_found' }, /Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail/],
    [500, { error: 'internal' }, 'Nie udało się zapisać. Spróbuj ponownie za chwilę.'],
  ] as const)('answers %i %o with a clear message and keeps what was typed', async (status, body, text) => {
    answer(status, body);
    renderIn('pl', <WorkshopRegistration workshopId="ragAgents" />);
    fillAndSend();
    const message = await screen.findByText(text);
    expect(message.closest('[role="status"]')?.className).toContain('delivery-result--bad');
    expectValuesKept();
  });

  it('points an online Premium or VIP holder to the online workshop instead of refusing', async () => {
    answer(403, { error: 'online_ticket', online: true });
    renderIn('pl', <WorkshopRegistration workshopId="ragAgents" />);
    fillAndSend();
    const message = await screen.findByText(
      /obejmuje ten warsztat online, bez zapisów: transmisję warsztatu, jego nagranie i materiały znajdziesz na stronie swojego biletu/,
    );
    expect(message.closest('[role="status"]')?.className).toContain('delivery-result--good');
  });

  it('says when there is no connection and keeps what was typed', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderIn('pl', <WorkshopRegistration workshopId="promptLab" />);
    fillAndSend();
    expect(await screen.findByText(/Brak połączenia\. Twoje dane zostały w formularzu/)).toBeTruthy();
    expectValuesKept();
  });

  it('asks for both fields before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderIn('pl', <WorkshopRegistration workshopId="promptLab" />);
    fireEvent.change(screen.getByLabelText('Numer zamówienia'), { target: { value: 'K7-4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz mnie' }));
    expect(await screen.findByText('Podaj adres e-mail i numer zamówienia.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends once while a request runs, and says it is working', async () => {
    let release: (r: Response) => void = () => {};
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    renderIn('pl', <WorkshopRegistration workshopId="promptLab" />);
    fillAndSend();
    const busy = screen.getByRole('button', { name: 'Zapisuję…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    expect(fetch).toHaveBeenCalledOnce();
    release(new Response(null, { status: 201 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zapisz mnie' })).toBeTruthy());
  });

  it('speaks the page language', async () => {
    answer(409, { error: 'workshop_full' });
    renderIn('de', <WorkshopRegistration workshopId="promptLab" />);
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse der Bestellung'), { target: { value: 'a@b.de' } });
    fireEvent.change(screen.getByLabelText('Bestellnummer'), { target: { value: 'X1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
    expect(await screen.findByText('Dieser Workshop ist ausgebucht.')).toBeTruthy();
  });
});
