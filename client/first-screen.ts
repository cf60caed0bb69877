// Inlined in the head of a page that comes with only its first screen's rules inline
// (scripts/critical-css.ts, scripts/prerender.ts), allowed by its hash in that page's CSP: it asks
// for the whole stylesheet once the first content is on the screen, and holds back what would
// open over the page before it has come. A script of its own, not part of the body's inlined one
// (client/first-tap.ts): the pages that keep the external stylesheet (the home pages, whose HTML
// leaves no room in the first window) do not carry its bytes.
import { afterContentShown } from './lib/after-paint';

/**
 * Adds the whole stylesheet once the first screen, drawn with the inline rules, is on the screen:
 * a request that starts before the largest paint is counted against it by Lighthouse's phone
 * profile. A page that links the stylesheet itself is left as it is.
 */
export function loadStylesheet(url: string, doc: Document = document, win: Window = doc.defaultView ?? window): void {
  if (doc.querySelector('link[rel="stylesheet"]')) return;
  // At a fragment (the ticket page's star form, a link to a session), linked as before, from the
  // head while it is parsed: render-blocking, so the browser lands on the target in the page's own
  // layout. Added later, it scrolled there in the inline rules' layout and stayed when that changed.
  if (win.location.hash.length > 1) {
    doc.write(`<link rel="stylesheet" href="${url}">`);
    return;
  }
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  link.onload = link.onerror = () => link.setAttribute('data-settled', '');
  afterContentShown(win, () => doc.head.append(link));
}

/** Whether the whole stylesheet is there (or failed to come): always, on a page that links it. */
function styled(doc: Document): HTMLLinkElement | null {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  return !link || link.sheet || link.hasAttribute('data-settled') ? null : link;
}

/**
 * Runs `task` once the whole stylesheet is there (or failed to come): what the page script opens
 * by itself over the page (the welcome popup, the development notice, a cancelled payment's
 * dialog) is then never drawn with the first screen's rules alone.
 */
export function whenStyled(doc: Document, task: () => void): void {
  const link = styled(doc);
  if (!link) {
    task();
    return;
  }
  link.addEventListener('load', task, { once: true });
  link.addEventListener('error', task, { once: true });
}

/**
 * What opens over the page or in it, asked for before the whole stylesheet has come (a plan
 * button, the menu or an answer tapped in the first frames), opens as it comes. The inline rules
 * always leave out the closed dialogs; a lean block (`<style data-lean>`, scripts/critical-css.ts)
 * also leaves out the closed popovers and answers, whose rules would take its page past its first
 * window. The tap is held here, before the inlined part's own listeners (client/first-tap.ts), and
 * done again once the stylesheet is there (the last one asked for): the button pressed, the
 * popover shown. Also where the browser lacks invoker commands and the inlined part opens the
 * dialog on the click.
 */
export function holdOpenings(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  // The last one asked for is done: a second tap meant that one instead.
  let pending: (() => void) | undefined;
  const hold = (event: Event, again: () => void) => {
    if (!styled(doc)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!pending)
      whenStyled(doc, () => {
        const last = pending;
        pending = undefined;
        last?.();
      });
    pending = again;
  };
  doc.addEventListener(
    'command',
    (event) => {
      const { command, source } = event as Event & { command?: string; source?: HTMLElement | null };
      if (command === 'show-modal' && source) hold(event, () => source.click());
    },
    true,
  );
  if (!('commandForElement' in win.HTMLButtonElement.prototype))
    doc.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest?.<HTMLElement>('[command="show-modal"]');
        if (button) hold(event, () => button.click());
      },
      true,
    );
  // A complete block has the rules of the menus and answers: they open at once.
  if (!doc.querySelector('style[data-lean]')) return;
  // A popover, whatever opens it (its button, a key, the page script): shown as it was asked for.
  doc.addEventListener(
    'beforetoggle',
    (event) => {
      const popover = event.target;
      if ((event as ToggleEvent).newState !== 'open' || !(popover instanceof win.HTMLElement)) return;
      // A dialog shown as a popover for its first frame (client/first-tap.ts) was held as a command.
      if (popover instanceof win.HTMLDialogElement) return;
      hold(event, () => popover.showPopover());
    },
    true,
  );
  // An answer's summary: its details opens on the click, which is held and done again.
  doc.addEventListener(
    'click',
    (event) => {
      const summary = (event.target as Element | null)?.closest?.<HTMLElement>('summary');
      const details = summary?.parentElement;
      if (summary && details instanceof win.HTMLDetailsElement && !details.open) hold(event, () => summary.click());
    },
    true,
  );
}

/** Set by the build to the whole stylesheet's URL (a hashed file under /assets/); undefined in tests. */
declare const __STYLESHEET__: string | undefined;
if (typeof __STYLESHEET__ === 'string') {
  holdOpenings();
  loadStylesheet(__STYLESHEET__);
}
