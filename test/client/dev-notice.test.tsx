import { readFileSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showDevNotice } from '../../client/boot';
import { DevNotice } from '../../client/components/dev-notice';
import { WelcomePopup } from '../../client/components/welcome-popup';
import { DEV_NOTICE_STORAGE_KEY } from '../../site/privacy';
import { renderPl } from './render';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  delete document.documentElement.dataset.devNotice;
});
afterEach(() => vi.unstubAllGlobals());

/** Shown is a mark on the root element, which the stylesheet reads (happy-dom applies no CSS). */
const shown = () => document.documentElement.dataset.devNotice === 'shown';
const closeButton = () => screen.getByRole('button', { name: 'Zamknij informację' });

function loadPage() {
  renderPl(<DevNotice />);
  showDevNotice(document);
}

describe('development notice', () => {
  it('keeps its flag under the sessionStorage key the tests and the privacy policy use', () => {
    expect(DEV_NOTICE_STORAGE_KEY).toBe('devNoticeClosed');
  });

  it('is hidden by the stylesheet unless the root element is marked shown', () => {
    const css = readFileSync('client/styles/shell.css', 'utf8');
    expect(css).toMatch(/html:not\(\[data-dev-notice="shown"\]\) \.dev-notice \{\s*display: none;/);
  });

  it('says the site is under construction and links to the contact page', () => {
    loadPage();
    expect(shown()).toBe(true);
    expect(screen.getByRole('region', { name: 'Informacja o stronie' }).textContent).toContain('Strona jest w budowie');
    expect(screen.getByRole('link', { name: 'Napisz do nas' }).getAttribute('href')).toBe('/pl/kontakt');
  });

  it('closes with its button and remembers that for the session, not for good', () => {
    loadPage();
    fireEvent.click(closeButton());
    expect(shown()).toBe(false);
    expect(sessionStorage.getItem('devNoticeClosed')).toBe('true');
    expect(localStorage.getItem('devNoticeClosed')).toBeNull();
  });

  it('marks its close click as handled, so it is not replayed once React arrives', () => {
    loadPage();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    closeButton().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('stays closed on the next page of the same session', () => {
    sessionStorage.setItem('devNoticeClosed', 'true');
    loadPage();
    expect(shown()).toBe(false);
  });

  it('still shows and closes when session storage throws', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: vi.fn(denied), setItem: vi.fn(denied) });
    loadPage();
    expect(shown()).toBe(true);
    fireEvent.click(closeButton());
    expect(shown()).toBe(false);
  });

  it('waits for the welcome popup to close: one message at a time', () => {
    renderPl(
      <>
        <DevNotice />
        <WelcomePopup />
      </>,
    );
    showDevNotice(document);
    expect(shown()).toBe(false);
    const popup = document.querySelector('dialog.welcome') as HTMLDialogElement;
    popup.dispatchEvent(new Event('close'));
    expect(shown()).toBe(true);
  });

  it('shows at once when the welcome popup was closed on an earlier visit', () => {
    localStorage.setItem('welcomePopupClosed', 'true');
    renderPl(
      <>
        <DevNotice />
        <WelcomePopup />
      </>,
    );
    showDevNotice(document);
    expect(shown()).toBe(true);
  });
});
