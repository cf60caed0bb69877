import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevNotice } from '../../client/components/dev-notice';
import { DEV_NOTICE_STORAGE_KEY } from '../../site/privacy';
import { renderPl } from './render';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const notice = () => screen.queryByRole('region', { name: 'Informacja o stronie' });

describe('development notice', () => {
  it('keeps its flag under the sessionStorage key the tests and the privacy policy use', () => {
    expect(DEV_NOTICE_STORAGE_KEY).toBe('devNoticeClosed');
  });

  it('says the site is under construction and links to the contact page', () => {
    renderPl(<DevNotice />);
    expect(notice()?.textContent).toContain('Strona jest w budowie');
    expect(screen.getByRole('link', { name: 'Napisz do nas' }).getAttribute('href')).toBe('/pl/kontakt');
  });

  it('closes with its button and remembers that for the session, not for good', () => {
    renderPl(<DevNotice />);
    fireEvent.click(screen.getByRole('button', { name: 'Zamknij informację' }));
    expect(notice()).toBeNull();
    expect(sessionStorage.getItem('devNoticeClosed')).toBe('true');
    expect(localStorage.getItem('devNoticeClosed')).toBeNull();
  });

  it('stays closed on the next page of the same session', () => {
    sessionStorage.setItem('devNoticeClosed', 'true');
    renderPl(<DevNotice />);
    expect(notice()).toBeNull();
  });

  it('still shows and closes when session storage throws', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: vi.fn(denied), setItem: vi.fn(denied) });
    renderPl(<DevNotice />);
    fireEvent.click(screen.getByRole('button', { name: 'Zamknij informację' }));
    expect(notice()).toBeNull();
  });
});
