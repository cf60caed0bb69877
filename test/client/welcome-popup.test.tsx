import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WELCOME_DELAY_MS, WelcomePopup } from '../../client/components/welcome-popup';
import { WELCOME_POPUP_STORAGE_KEY } from '../../site/privacy';
import { renderPl } from './render';

// happy-dom has no modal dialogs: showModal/close just toggle `open`.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TITLE = 'Witamy na Kongresie AI Polska!';
const popup = () => screen.queryByRole('dialog', { name: TITLE });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Renders the popup and lets its delay pass. */
function renderOpen() {
  renderPl(<WelcomePopup />);
  wait(WELCOME_DELAY_MS);
  const dialog = popup();
  if (!dialog) throw new Error('the popup did not open');
  return dialog;
}

describe('welcome popup', () => {
  it('uses the storage key of the specification', () => {
    expect(WELCOME_POPUP_STORAGE_KEY).toBe('welcomePopupClosed');
    expect(WELCOME_DELAY_MS).toBe(500);
  });

  it('is not shown before 500 ms and is shown after', () => {
    renderPl(<WelcomePopup />);
    expect(popup()).toBeNull();
    wait(499);
    expect(popup()).toBeNull();
    wait(1);
    const dialog = popup();
    expect(dialog?.hasAttribute('open')).toBe(true);
    expect(dialog?.textContent).toContain('w budowie');
    expect(screen.getByRole('button', { name: 'Zaczynamy' })).toBeTruthy();
  });

  it('is never shown once closed in this browser', () => {
    localStorage.setItem('welcomePopupClosed', 'true');
    renderPl(<WelcomePopup />);
    wait(5000);
    expect(popup()).toBeNull();
  });

  it.each([
    ['the button', () => fireEvent.click(screen.getByRole('button', { name: 'Zaczynamy' }))],
    ['the close icon', () => fireEvent.click(screen.getByRole('button', { name: 'Zamknij okno powitalne' }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('button', { name: 'Zaczynamy' }), { key: 'Escape' })],
    // Browsers turn Escape on a modal dialog into its cancel event.
    ['the dialog cancel event', () => fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))],
    // A click on the backdrop targets the dialog element itself.
    ['a click outside (on the backdrop)', () => fireEvent.click(screen.getByRole('dialog'))],
  ])('closes with %s and stores that it was closed', (_way, closeIt) => {
    renderOpen();
    expect(localStorage.getItem('welcomePopupClosed')).toBeNull();
    closeIt();
    expect(popup()).toBeNull();
    expect(localStorage.getItem('welcomePopupClosed')).toBe('true');
  });

  it('stays open on a click inside its content', () => {
    const dialog = renderOpen();
    fireEvent.click(screen.getByRole('heading', { name: TITLE }));
    fireEvent.click(dialog.querySelector('.welcome__message') as Element);
    expect(popup()).not.toBeNull();
    expect(localStorage.getItem('welcomePopupClosed')).toBeNull();
  });

  it('still opens and closes when storage throws', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const storage = { getItem: vi.fn(denied), setItem: vi.fn(denied) };
    vi.stubGlobal('localStorage', storage);
    renderOpen();
    expect(storage.getItem).toHaveBeenCalledWith('welcomePopupClosed');
    fireEvent.click(screen.getByRole('button', { name: 'Zaczynamy' }));
    expect(storage.setItem).toHaveBeenCalledWith('welcomePopupClosed', 'true');
    expect(popup()).toBeNull();
  });

  it('does not open after it has gone away before its delay', () => {
    const { unmount } = renderPl(<WelcomePopup />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
