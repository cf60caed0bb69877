import { AGENDA_STORAGE_KEY } from '../../site/privacy';

// The programme page's personal agenda: a visitor stars sessions, the stars stay in this browser
// (localStorage, listed in the privacy policy), and one link downloads the starred sessions as a
// calendar file (worker/routes/calendar.ts `agenda.ics`). Plain DOM, no React: the page's own
// small file (client/agenda-script.ts), asked for by the page script on this page only
// (client/boot.ts `pageOwnScript`). The toggles are prerendered `hidden`, so a page without
// script shows no control that does nothing.

/** The starred sessions' ids as stored; nothing for storage that is disabled or holds garbage. */
export function storedStars(storage: Storage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(AGENDA_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function store(storage: Storage, stars: ReadonlySet<string>): void {
  try {
    storage.setItem(AGENDA_STORAGE_KEY, JSON.stringify([...stars]));
  } catch {
    // Storage can be disabled or full: the stars still hold for this page.
  }
}

/**
 * Shows each session's toggle (`button[data-agenda-star]`) pressed as stored, and the bar
 * (`[data-agenda]`) with the count and the download link while any session on the page is starred.
 * A star of a session no longer on the page stays stored but out of the link: the file would be
 * refused for it (422), and the session may come back.
 */
export function agenda(doc: Document = document, storage: Storage = localStorage): void {
  const bar = doc.querySelector<HTMLElement>('[data-agenda]');
  const count = bar?.querySelector<HTMLElement>('[data-counts]');
  const link = bar?.querySelector<HTMLAnchorElement>('a[data-agenda-file]');
  const buttons = [...doc.querySelectorAll<HTMLButtonElement>('button[data-agenda-star]')];
  if (!bar || !count || !link || !buttons.length) return;
  const base = link.dataset.agendaFile ?? '';
  const forms = JSON.parse(count.dataset.counts ?? '{}') as Record<string, string>;
  const rules = new Intl.PluralRules(doc.documentElement.lang);
  const stars = new Set(storedStars(storage));
  const idOf = (button: HTMLButtonElement) => button.dataset.agendaStar ?? '';

  const update = () => {
    const starred = new Set<string>();
    for (const button of buttons) {
      const on = stars.has(idOf(button));
      button.setAttribute('aria-pressed', String(on));
      if (on) starred.add(idOf(button));
    }
    const n = starred.size;
    bar.hidden = n === 0;
    const form = forms[rules.select(n)] ?? forms.other ?? '#';
    count.textContent = form.replace('#', n.toLocaleString(doc.documentElement.lang));
    link.href = `${base}?s=${[...starred].map(encodeURIComponent).join(',')}`;
    link.download = '';
    link.type = 'text/calendar';
  };

  doc.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-agenda-star]') : null;
    if (!(button instanceof HTMLButtonElement) || !buttons.includes(button)) return;
    const id = idOf(button);
    if (button.getAttribute('aria-pressed') === 'true') stars.delete(id);
    else stars.add(id);
    store(storage, stars);
    update();
  });
  update();
  for (const button of buttons) button.hidden = false;
}
