import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agenda, storedStars } from '../../client/lib/agenda';
import { AGENDA_STORAGE_KEY } from '../../site/privacy';

// The programme page's stars (client/lib/agenda.ts) on the page's prerendered markup: the toggles
// come hidden, the bar hidden, the count's forms and the link's base in the HTML.

const COUNTS = JSON.stringify({
  one: '# sesja w Twoim planie',
  few: '# sesje w Twoim planie',
  many: '# sesji w Twoim planie',
});

function page(ids: string[]) {
  document.documentElement.lang = 'pl';
  document.body.innerHTML = `
    ${ids
      .map(
        (id) => `<article>
          <h4>${id}</h4>
          <button type="button" data-agenda-star="${id}" aria-pressed="false" hidden>Dodaj do mojego planu<span>: ${id}</span></button>
        </article>`,
      )
      .join('')}
    <aside data-agenda hidden>
      <p data-counts='${COUNTS}' aria-live="polite"></p>
      <a data-agenda-file="/api/calendar/pl/agenda.ics">Pobierz mój plan (.ics)</a>
    </aside>`;
}

const button = (id: string) =>
  document.querySelector<HTMLButtonElement>(`[data-agenda-star="${id}"]`) as HTMLButtonElement;
const bar = () => document.querySelector<HTMLElement>('[data-agenda]') as HTMLElement;
const link = () => document.querySelector<HTMLAnchorElement>('[data-agenda] a') as HTMLAnchorElement;

/** A fresh document's listeners: the behaviour listens on the document, which the tests share. */
let controller: AbortController;
beforeEach(() => {
  localStorage.clear();
  controller = new AbortController();
  const add = document.addEventListener.bind(document);
  document.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
    add(type, listener, { ...options, signal: controller.signal })) as typeof document.addEventListener;
});
afterEach(() => {
  controller.abort();
  // biome-ignore lint/suspicious/noExplicitAny: the prototype's own method back
  delete (document as any).addEventListener;
});

describe('the programme page’s personal agenda', () => {
  it('shows the toggles only once its script runs, none pressed and the bar hidden', () => {
    page(['aiStrategy', 'llmInProduction']);
    expect(button('aiStrategy').hidden).toBe(true);
    agenda(document, localStorage);
    expect(button('aiStrategy').hidden).toBe(false);
    expect(button('aiStrategy').getAttribute('aria-pressed')).toBe('false');
    expect(bar().hidden).toBe(true);
  });

  it('keeps a star in localStorage, presses the toggle and counts it in the bar', () => {
    page(['aiStrategy', 'llmInProduction']);
    agenda(document, localStorage);
    button('llmInProduction').click();
    expect(button('llmInProduction').getAttribute('aria-pressed')).toBe('true');
    expect(storedStars(localStorage)).toEqual(['llmInProduction']);
    button('aiStrategy').click();
    expect(JSON.parse(localStorage.getItem(AGENDA_STORAGE_KEY) ?? '')).toEqual(['llmInProduction', 'aiStrategy']);
    expect(bar().hidden).toBe(false);
    expect(bar().querySelector('p')?.textContent).toBe('2 sesje w Twoim planie');
    // The link names the starred sessions the page shows, in the page's order.
    expect(link().getAttribute('href')).toBe('/api/calendar/pl/agenda.ics?s=aiStrategy,llmInProduction');
  });

  it('unstars on a second press and hides the bar with the last star gone', () => {
    page(['aiStrategy']);
    agenda(document, localStorage);
    button('aiStrategy').click();
    expect(bar().querySelector('p')?.textContent).toBe('1 sesja w Twoim planie');
    button('aiStrategy').click();
    expect(button('aiStrategy').getAttribute('aria-pressed')).toBe('false');
    expect(storedStars(localStorage)).toEqual([]);
    expect(bar().hidden).toBe(true);
  });

  it('restores the stars of an earlier visit, and keeps a star of a session the page no longer shows out of the link', () => {
    localStorage.setItem(AGENDA_STORAGE_KEY, JSON.stringify(['aiStrategy', 'withdrawnSession']));
    page(['aiStrategy', 'llmInProduction']);
    agenda(document, localStorage);
    expect(button('aiStrategy').getAttribute('aria-pressed')).toBe('true');
    expect(button('llmInProduction').getAttribute('aria-pressed')).toBe('false');
    expect(bar().querySelector('p')?.textContent).toBe('1 sesja w Twoim planie');
    expect(link().getAttribute('href')).toBe('/api/calendar/pl/agenda.ics?s=aiStrategy');
    button('llmInProduction').click();
    expect(storedStars(localStorage)).toEqual(['aiStrategy', 'withdrawnSession', 'llmInProduction']);
  });

  it('reads stored garbage as no stars', () => {
    localStorage.setItem(AGENDA_STORAGE_KEY, '{not json');
    expect(storedStars(localStorage)).toEqual([]);
    localStorage.setItem(AGENDA_STORAGE_KEY, JSON.stringify({ a: 1 }));
    expect(storedStars(localStorage)).toEqual([]);
  });
});
