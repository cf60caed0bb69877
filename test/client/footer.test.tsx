import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { footerService } from '../../client/boot';
import { Footer } from '../../client/components/footer';
import { ORGANISER } from '../../site/event';
import { renderPl } from './render';

const PARTS = {
  top: '<p>© {year} <strong>Kongres AI Polska</strong></p>',
  middle: '<p>Organizator: Przykładowy Organizator sp. z o.o.</p>',
  bottom: '<p><a href="/pl/regulamin">Regulamin</a></p>',
};

beforeEach(() => {
  // Only the clock is fake: the request keeps running on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-05-04T12:00:00Z'));
  // Without IntersectionObserver the page script asks at once; one test brings its own.
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** The prerendered footer with the page script (client/boot.ts `footerService`) running on it. */
function renderFooter() {
  document.documentElement.lang = 'pl';
  renderPl(<Footer />);
  footerService(document);
}

const footer = () => screen.getByRole('contentinfo');
const legal = () => footer().querySelector('[data-footer]') as HTMLElement;
/** Waits until the footer has settled on the service's parts or on the plain line. */
const settled = async (status: 'loaded' | 'failed') =>
  waitFor(() => expect(legal().getAttribute('data-footer')).toBe(status));

function answer(response: Response | Promise<Response>) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(response));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return fetch;
}

describe('footer', () => {
  it('asks the footer service for the parts in the page language', async () => {
    const fetch = answer(Response.json(PARTS));
    renderFooter();
    await settled('loaded');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/footer?lang=pl');
  });

  it('reads from the configured base URL of the footer service', async () => {
    vi.stubEnv('VITE_FOOTER_BASE_URL', 'https://footer.example.test/');
    vi.resetModules();
    const { fetchFooter } = await import('../../client/lib/footer-api');
    const fetch = answer(Response.json(PARTS));
    await fetchFooter('de', new AbortController().signal);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://footer.example.test/api/footer?lang=de');
  });

  it('asks only once the footer comes within a screen of the viewport', async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof notify) {
          notify = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    const fetch = answer(Response.json(PARTS));
    renderFooter();
    expect(observe).toHaveBeenCalledWith(legal());
    notify?.([{ isIntersecting: false }]);
    expect(fetch).not.toHaveBeenCalled();
    notify?.([{ isIntersecting: true }]);
    await settled('loaded');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the service parts, with the range of years from 2024 to this year', async () => {
    answer(Response.json(PARTS));
    renderFooter();
    await settled('loaded');
    expect(legal().textContent).toContain('© 2024-2031 Kongres AI Polska');
    expect(legal().textContent).toContain('Organizator: Przykładowy Organizator sp. z o.o.');
    expect(legal().querySelector('strong')?.textContent).toBe('Kongres AI Polska');
    expect(legal().textContent).not.toContain('{year}');
  });

  it('shows 2024 alone in 2024', async () => {
    vi.setSystemTime(new Date('2024-12-31T12:00:00Z'));
    answer(Response.json(PARTS));
    renderFooter();
    await settled('loaded');
    expect(legal().textContent).toContain('© 2024 Kongres AI Polska');
    expect(legal().textContent).not.toContain('2024-');
  });

  it('shows the plain footer with the year rule until the service answers', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    renderFooter();
    expect(legal().textContent).toBe(`© 2024-2031 ${ORGANISER.name} · Wszelkie prawa zastrzeżone.`);
  });

  it.each([
    ['the request fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the service answers 503', () => Promise.resolve(Response.json(PARTS, { status: 503 }))],
    ['the service answers 404', () => Promise.resolve(new Response('not here', { status: 404 }))],
    ['the body is not JSON', () => Promise.resolve(new Response('<html>oops</html>', { status: 200 }))],
    ['a part is missing', () => Promise.resolve(Response.json({ top: '© {year}', middle: 'x' }))],
  ])('falls back to the plain footer when %s', async (_case, respond) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(respond);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFooter();
    await settled('failed');
    expect(legal().textContent).toBe(`© 2024-2031 ${ORGANISER.name} · Wszelkie prawa zastrzeżone.`);
    expect(warn).toHaveBeenCalled();
    // The links and the organiser's details do not depend on the service.
    expect(footer().textContent).toContain(ORGANISER.name);
    expect(screen.getAllByRole('link', { name: 'Regulamin' })[0]?.getAttribute('href')).toBe('/pl/regulamin');
  });

  it('never renders anything from the service that could run script', async () => {
    answer(
      Response.json({
        top: '© {year} <script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">',
        middle: '<a href="javascript:window.pwned = 3">kliknij</a> <a href=" JavaScript:alert(1)">też</a>',
        bottom:
          '<b onclick="window.pwned = 4" style="color:red">pogrubione</b><svg onload="window.pwned = 5"><circle /></svg>',
      }),
    );
    renderFooter();
    await settled('loaded');
    const html = legal().innerHTML;
    expect(legal().querySelectorAll('script, img, svg')).toHaveLength(0);
    expect(html).not.toMatch(/onerror|onclick|javascript:|style=|pwned/i);
    for (const link of legal().querySelectorAll('a')) expect(link.hasAttribute('href')).toBe(false);
    expect(legal().textContent).toContain('kliknij');
    expect(legal().querySelector('b')?.textContent).toBe('pogrubione');
  });
});
