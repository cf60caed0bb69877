import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerShadow, SCROLL_THRESHOLD } from '../../client/boot';
import { Header } from '../../client/components/header';
import { renderPl } from './render';

/** Moves the window to `y` and lets the page script hear about it, as a browser would. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => scrollTo(0));
afterEach(() => scrollTo(0));

const header = () => screen.getByRole('banner');
const isScrolled = () => header().classList.contains('header--scrolled');

describe('header scroll state', () => {
  it('switches at the 10 px of the specification', () => {
    expect(SCROLL_THRESHOLD).toBe(10);
  });

  it('turns scrolled only once the page is more than 10 px down, and back again above', () => {
    renderPl(<Header page="home" />);
    headerShadow(document);
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
    headerShadow(document);
    expect(isScrolled()).toBe(true);
  });
});

describe('language picker', () => {
  it('links every language to the same page, the current one marked', () => {
    renderPl(<Header page="tickets" />);
    const list = document.querySelector('.header .language-picker__list') as HTMLElement;
    const links = [...list.querySelectorAll('a')].map((a) => [a.getAttribute('hreflang'), a.getAttribute('href')]);
    expect(links).toEqual([
      ['pl', '/pl/kup-bilet'],
      ['en-GB', '/en-gb/kup-bilet'],
      ['en-US', '/en-us/kup-bilet'],
      ['de', '/de/kup-bilet'],
      ['es', '/es/kup-bilet'],
    ]);
    expect(list.querySelector('[aria-current="true"]')?.getAttribute('hreflang')).toBe('pl');
  });

  it('links to each language home page from a page that does not exist', () => {
    renderPl(<Header page={null} />);
    const hrefs = [...document.querySelectorAll('.header .language-picker__list a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/pl', '/en-gb', '/en-us', '/de', '/es']);
  });
});
