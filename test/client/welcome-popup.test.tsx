import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogFallbacks, scheduleWelcomePopup, WELCOME_DELAY_MS } from '../../client/boot';
import { WelcomePopup } from '../../client/components/welcome-popup';
import { WELCOME_POPUP_STORAGE_KEY } from '../../site/privacy';
import { renderPl } from './render';

// happy-dom has no modal dialogs: showModal/close toggle `open`, and close fires the close event
// as browsers do after every way of closing (its form buttons, Escape, a click outside).
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TITLE = 'Witamy na Kongresie AI Polska!';
const dialog = () => document.querySelector('dialog.welcome') as HTMLDialogElement;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The prerendered popup, with the page's load-time behaviour started on it. */
function loadPage() {
  renderPl(<WelcomePopup />);
  return scheduleWelcomePopup(document);
}

describe('welcome popup', () => {
  it('uses the storage key and delay of the specification', () => {
    expect(WELCOME_POPUP_STORAGE_KEY).toBe('welcomePopupClosed');
    expect(WELCOME_DELAY_MS).toBe(500);
  });

  it('is in the page closed, with the browser closing it by its buttons, Escape and a click outside', () => {
    renderPl(<WelcomePopup />);
    const element = dialog();
    expect(element.open).toBe(false);
    expect(element.getAttribute('closedby')).toBe('any');
    expect(element.getAttribute('aria-labelledby')).toBe('welcome-title');
    expect(element.querySelector('#welcome-title')?.textContent).toBe(TITLE);
    const form = element.querySelector('form');
    expect(form?.getAttribute('method')).toBe('dialog');
    const buttons = [...(form?.querySelectorAll('button') ?? [])];
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Zamknij okno powitalne',
      'Zaczynamy',
    ]);
    expect(buttons.every((b) => b.type === 'submit')).toBe(true);
  });

  it('renders the message markup as elements, not as text', () => {
    renderPl(<WelcomePopup />);
    const message = dialog().querySelector('.welcome__message');
    expect(message?.querySelectorAll('p')).toHaveLength(2);
    expect(message?.querySelector('strong')?.textContent).toBe('w budowie');
    expect(message?.textContent).not.toContain('<');
  });

  it('opens after 500 ms, not before', () => {
    loadPage();
    wait(WELCOME_DELAY_MS - 1);
    expect(dialog().open).toBe(false);
    wait(1);
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeTruthy();
  });

  it('does not open over a dialog the visitor opened first, and waits for another page', () => {
    loadPage();
    const purchase = document.body.appendChild(document.createElement('dialog'));
    purchase.showModal();
    wait(5000);
    expect(dialog().open).toBe(false);
    expect(localStorage.getItem('welcomePopupClosed')).toBeNull();
    purchase.remove();
  });

  it('is never opened once closed in this browser', () => {
    localStorage.setItem('welcomePopupClosed', 'true');
    loadPage();
    wait(5000);
    expect(dialog().open).toBe(false);
  });

  it('stores that it was closed, whichever way it closed', () => {
    loadPage();
    wait(WELCOME_DELAY_MS);
    expect(localStorage.getItem('welcomePopupClosed')).toBeNull();
    dialog().close();
    expect(dialog().open).toBe(false);
    expect(localStorage.getItem('welcomePopupClosed')).toBe('true');
  });

  it('still opens and closes when storage throws', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const storage = { getItem: vi.fn(denied), setItem: vi.fn(denied) };
    vi.stubGlobal('localStorage', storage);
    loadPage();
    wait(WELCOME_DELAY_MS);
    expect(storage.getItem).toHaveBeenCalledWith('welcomePopupClosed');
    expect(dialog().open).toBe(true);
    dialog().close();
    expect(storage.setItem).toHaveBeenCalledWith('welcomePopupClosed', 'true');
    expect(dialog().open).toBe(false);
  });

  it('does not open once cancelled before its delay', () => {
    const cancel = loadPage();
    cancel();
    wait(5000);
    expect(dialog().open).toBe(false);
  });

  it('closes with a click on its backdrop where the browser has no closedby (Safari), and stores that', async () => {
    // happy-dom, like Safari, lacks HTMLDialogElement.closedBy: the page script's fallback acts.
    expect('closedBy' in HTMLDialogElement.prototype).toBe(false);
    dialogFallbacks(document);
    loadPage();
    await wait(WELCOME_DELAY_MS);
    const element = dialog();
    element.getBoundingClientRect = () => DOMRect.fromRect({ x: 20, y: 100, width: 300, height: 400 });
    // A click inside the dialog's box leaves it open; one outside it (on the backdrop) closes it.
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 100, clientY: 200 }));
    expect(element.open).toBe(true);
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 5, clientY: 600 }));
    expect(element.open).toBe(false);
    expect(localStorage.getItem(WELCOME_POPUP_STORAGE_KEY)).toBe('true');
  });
});
