// @vitest-environment-options {"settings":{"disableCSSFileLoading":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStylesheet, whenStyled } from '../../client/first-screen';
import { fakePaintWindow } from './fake-paint';

// A page with its first screen's rules inline asks for the whole stylesheet once its first content
// is on the screen (scripts/critical-css.ts, docs/performance.md), and what the page script opens
// over the page waits for it.
beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '<style>body{margin:0}</style>';
});
afterEach(() => vi.useRealTimers());

const SHEET = '/assets/index-abc.css';

/** A window whose frames, first contentful paint and address the test drives. */
const fakeWindow = (hash = '') => fakePaintWindow({ doc: document, hash });

const links = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe('loadStylesheet', () => {
  it('asks for the whole stylesheet only once the first contentful paint has been shown, and once', async () => {
    const { win, frame, paint } = fakeWindow();
    loadStylesheet(SHEET, document, win);
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(1000);
    expect(links()).toEqual([]);
    paint();
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(links().map((link) => link.getAttribute('href'))).toEqual([SHEET]);
    expect(links()[0]?.parentElement).toBe(document.head);
    loadStylesheet(SHEET, document, win);
    expect(links()).toHaveLength(1);
  });

  it('links it as the parser would on a page opened at a fragment, so the browser lands on its target', () => {
    const { win } = fakeWindow('#session-aiStrategy');
    const write = vi.spyOn(document, 'write').mockImplementation(() => {});
    loadStylesheet(SHEET, document, win);
    expect(write).toHaveBeenCalledWith(`<link rel="stylesheet" href="${SHEET}">`);
    write.mockRestore();
  });

  it('leaves a page that links the stylesheet itself as it is', async () => {
    document.head.innerHTML = `<link rel="stylesheet" href="${SHEET}">`;
    const { win, frame, paint } = fakeWindow();
    loadStylesheet(SHEET, document, win);
    paint();
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(links()).toHaveLength(1);
  });
});

describe('whenStyled', () => {
  /** The stylesheet's element as the inline script adds it, still on its way (no address: nothing is fetched here). */
  const pending = () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    document.head.append(link);
    return link;
  };

  it('waits for the whole stylesheet, and runs the task once it has come', () => {
    const link = pending();
    const task = vi.fn();
    whenStyled(document, task);
    expect(task).not.toHaveBeenCalled();
    link.dispatchEvent(new Event('load'));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever when the stylesheet failed, nor once it has settled', () => {
    const link = pending();
    const task = vi.fn();
    whenStyled(document, task);
    link.dispatchEvent(new Event('error'));
    expect(task).toHaveBeenCalledTimes(1);
    link.setAttribute('data-settled', '');
    const next = vi.fn();
    whenStyled(document, next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page without the inline script’s stylesheet (a test page, the console)', () => {
    const task = vi.fn();
    whenStyled(document, task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
