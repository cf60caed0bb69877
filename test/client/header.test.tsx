import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header, SCROLL_THRESHOLD } from '../../client/components/header';
import { renderPl } from './render';

/** Moves the window to `y` and lets the header hear about it, as a browser would. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => scrollTo(0));
afterEach(() => {
  vi.restoreAllMocks();
  scrollTo(0);
});

const header = () => screen.getByRole('banner');
const isScrolled = () => header().classList.contains('header--scrolled');

describe('header scroll state', () => {
  it('switches at the 10 px of the specification', () => {
    expect(SCROLL_THRESHOLD).toBe(10);
  });

  it('turns scrolled only once the page is more than 10 px down, and back again above', () => {
    renderPl(<Header page="home" />);
    expect(isScrolled()).toBe(false);
    scrollTo(10);
    expect(isScrolled()).toBe(false);
    scrollTo(11);
    expect(isScrolled()).toBe(true);
    scrollTo(400);
    expect(isScrolled()).toBe(true);
    scrollTo(10);
    expect(isScrolled()).toBe(false);
    scrollTo(0);
    expect(isScrolled()).toBe(false);
  });

  it('starts scrolled when the page opens further down (a reload keeps the position)', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    renderPl(<Header page="home" />);
    expect(isScrolled()).toBe(true);
  });

  it('stops listening once it is gone', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderPl(<Header page="home" />);
    const listener = add.mock.calls.find(([type]) => type === 'scroll')?.[1];
    expect(listener).toBeTypeOf('function');
    unmount();
    expect(remove.mock.calls.some(([type, fn]) => type === 'scroll' && fn === listener)).toBe(true);
  });
});
