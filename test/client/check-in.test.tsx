import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_TOKEN_KEY, CheckIn } from '../../client/components/check-in';
import { renderIn } from './render-delivery';

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';

beforeEach(() => sessionStorage.setItem(CHECK_IN_TOKEN_KEY, 'door-token'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const answer = (status: number, body?: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

const codeField = () => screen.getByLabelText('Kod biletu') as HTMLInputElement;

async function checkCode(code = CODE) {
  await screen.findByRole('button', { name: 'Sprawdź bilet' });
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sprawdź bilet' }));
}

describe('check-in', () => {
  it('admits a valid ticket in big green with its product, name and e-mail, then clears the field', async () => {
    const fetch = answer(200, {
      product: 'onsite-pro',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      checkedInAt: '2025-10-25T08:42:00Z',
    });
    renderIn('pl', <CheckIn />);
    await checkCode(` ${CODE} `);
    const verdict = await screen.findByText('Wpuść – bilet ważny');
    expect(verdict.closest('.check-in__result--good')).toBeTruthy();
    expect(screen.getByText('Pro – bilet na miejscu')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(codeField().value).toBe('');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/check-in');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer door-token');
    expect(JSON.parse(String(init?.body))).toEqual({ code: CODE, list: 'entrance' });
  });

  it('refuses a ticket checked in before in big red, with the time it was', async () => {
    answer(409, {
      error: 'already_checked_in',
      result: 'already',
      previous: { at: '2025-10-25T08:42:00Z', device: null },
    });
    renderIn('pl', <CheckIn />);
    await checkCode();
    const verdict = await screen.findByText('Nie wpuszczaj – bilet użyty o 10:42');
    expect(verdict.closest('.check-in__result--bad')).toBeTruthy();
    expect(verdict.closest('[aria-live]')).toBeTruthy();
  });

  it('writes that time on a 12-hour clock in en-US', async () => {
    answer(409, {
      error: 'already_checked_in',
      result: 'already',
      previous: { at: '2025-10-25T08:42:00Z', device: null },
    });
    renderIn('en-US', <CheckIn />);
    await screen.findByRole('button', { name: 'Check ticket' });
    fireEvent.change(screen.getByLabelText('Ticket code'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(await screen.findByText(/^Don't admit – already checked in at 10:42\sAM$/)).toBeTruthy();
  });

  it('refuses an unknown ticket in big red and keeps the code to correct', async () => {
    answer(404, { error: 'not_found' });
    renderIn('pl', <CheckIn />);
    await checkCode();
    const verdict = await screen.findByText('Nie wpuszczaj – nieznany bilet');
    expect(verdict.closest('.check-in__result--bad')).toBeTruthy();
    expect(codeField().value).toBe(CODE);
  });

  it('refuses the old code of a ticket given to someone else in big red, saying why', async () => {
    answer(409, { error: 'ticket_reissued' });
    renderIn('pl', <CheckIn />);
    await checkCode();
    const verdict = await screen.findByText(/ten bilet przepisano na inną osobę/);
    expect(verdict.closest('.check-in__result--bad')).toBeTruthy();
  });

  it('refuses a ticket of a refunded order in big red, naming the state of its order', async () => {
    answer(409, { error: 'ticket_not_valid', result: 'not_valid', reason: 'not_paid', status: 'refunded' });
    renderIn('pl', <CheckIn />);
    await checkCode();
    const verdict = await screen.findByText('Nie wpuszczaj – bilet nieważny (zamówienie: zwrócone)');
    expect(verdict.closest('.check-in__result--bad')).toBeTruthy();
    expect(codeField().value).toBe(CODE);
  });

  it('scans at the list it is given and says at which device a ticket was used here', async () => {
    const fetch = answer(409, {
      error: 'already_checked_in',
      result: 'already',
      previous: { at: '2025-10-25T08:42:00Z', device: 'gate-2' },
    });
    renderIn('pl', <CheckIn list="workshop-promptLab" />);
    await checkCode();
    expect(await screen.findByText('Nie wpuszczaj – bilet użyty tutaj o 10:42 (urządzenie gate-2)')).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ code: CODE, list: 'workshop-promptLab' });
  });

  it('refuses an online ticket at the venue in big red, saying why', async () => {
    answer(409, { error: 'ticket_not_valid', result: 'not_valid', reason: 'online_ticket' });
    renderIn('pl', <CheckIn />);
    await checkCode();
    const verdict = await screen.findByText('Nie wpuszczaj – bilet online nie uprawnia do wejścia na miejscu');
    expect(verdict.closest('.check-in__result--bad')).toBeTruthy();
  });

  it('says when there is no connection and keeps the code', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderIn('pl', <CheckIn />);
    await checkCode();
    expect(await screen.findByText(/Brak połączenia\. Kod został w polu/)).toBeTruthy();
    expect(codeField().value).toBe(CODE);
  });

  it('asks for the token again when it is rejected, and keeps the code for the retry', async () => {
    answer(401, { error: 'unauthorized' });
    renderIn('pl', <CheckIn />);
    await checkCode();
    expect((await screen.findByRole('alert')).textContent).toBe('Token został odrzucony. Wpisz go ponownie.');
    expect(sessionStorage.getItem(CHECK_IN_TOKEN_KEY)).toBeNull();
    fireEvent.change(screen.getByLabelText('Token organizatora'), { target: { value: 'new-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz token' }));
    expect(sessionStorage.getItem(CHECK_IN_TOKEN_KEY)).toBe('new-token');
    expect(codeField().value).toBe(CODE);
  });

  it('asks for the token first when this tab has none', async () => {
    sessionStorage.clear();
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderIn('pl', <CheckIn />);
    const field = await screen.findByLabelText('Token organizatora');
    expect(field.getAttribute('type')).toBe('password');
    expect(screen.queryByLabelText('Kod biletu')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers only the typed code where the browser cannot read QR codes', async () => {
    renderIn('pl', <CheckIn />);
    expect(await screen.findByText('Ta przeglądarka nie odczytuje kodów QR. Wpisz kod biletu.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skanuj aparatem' })).toBeNull();
  });

  it('scans with the camera where BarcodeDetector reads QR codes, and checks what it read', async () => {
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code', 'ean_13'];
        detect = async () => [{ rawValue: CODE }];
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    // happy-dom has no camera: the stream is a stand-in, which the video element takes as it is.
    vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    const fetch = answer(200, { product: 'online-vip', name: null, email: 'ada@example.com', checkedInAt: 'x' });
    renderIn('pl', <CheckIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Skanuj aparatem' }));
    expect(await screen.findByText('Wpuść – bilet ważny', {}, { timeout: 2000 })).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ code: CODE, list: 'entrance' });
    await waitFor(() => expect(stop).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Skanuj aparatem' })).toBeTruthy();
  });
});
