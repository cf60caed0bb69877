// The page's behaviours that need no React. The page is complete HTML whose controls are the
// platform's own: `<details name>` accordions, popover menus and `<dialog>`s opened by invoker
// commands answer a tap at once, without any script. What the HTML cannot say comes in two parts:
// - inlined into every prerendered page (client/first-tap.ts, by scripts/prerender.ts), what a tap
//   may need before anything else has arrived: the product a purchase dialog is opened for, its
//   drawing before it turns modal, and a few lines for browsers that lack invoker commands or
//   `closedby`; it then asks for the rest, once the first content is on the screen;
// - one small file, cached for a year (client/page-script.ts): the welcome popup, the development
//   notice, remembering the language, hover and arrow keys for the menus, the header's shadow, the
//   portraits' fallback, the footer service, and the islands (client/islands.ts: the forms, the
//   order status), whose React is loaded when the visitor reaches for one of them (`islands`).

import { copyrightYears } from '../site/event';
import { findLanguage, manifestPath } from '../site/languages';
import { PAGE_READY_MARK } from '../site/pages';
import { BRAND_FONT_STORAGE_KEY, DEV_NOTICE_STORAGE_KEY, WELCOME_POPUP_STORAGE_KEY } from '../site/privacy';
import { whenStyled } from './first-screen';
import { afterNextPaint, REACH, selectProduct, showModalPaintFirst } from './first-tap';
import { fetchFooter, fillYear } from './lib/footer-api';
import { ENTRY_EVENT, type HydrateIsland } from './lib/islands-entry';
import { PURCHASE_DIALOG_ID, PURCHASE_EMAIL_KEY } from './lib/purchase-keys';
import { safeNodes } from './lib/safe-html';
import { storeLanguage } from './lib/storage';

export {
  afterNextPaint,
  dialogFallbacks,
  firstTap,
  modalsPaintFirst,
  productDialogs,
  selectProduct,
} from './first-tap';
export type { HydrateIsland } from './lib/islands-entry';

/** Delay after load before the welcome popup appears (spec section 4). */
export const WELCOME_DELAY_MS = 500;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string): void {
  try {
    storage().setItem(key, 'true');
  } catch {
    // Storage can be disabled: closing still works for this page.
  }
}

const local = () => localStorage;
const session = () => sessionStorage;

/**
 * Opens the welcome popup (a native modal dialog) after its delay unless it was closed in this
 * browser before. Every way of closing it (its buttons, Escape, a click outside) ends in the
 * dialog's close event, which stores the flag. Returns a function that cancels a pending open.
 */
export function scheduleWelcomePopup(doc: Document = document): () => void {
  const dialog = doc.querySelector<HTMLDialogElement>('dialog.welcome');
  if (!dialog || read(local, WELCOME_POPUP_STORAGE_KEY) === 'true') return () => {};
  dialog.addEventListener('close', () => write(local, WELCOME_POPUP_STORAGE_KEY));
  // Drawn first, made modal in the next task (`showModalPaintFirst`): making the page inert restyles
  // all of it, and in one task with the popup's own style and layout that was a long task after load.
  // Never over a dialog or a menu the visitor opened before it (a plan's purchase dialog opened
  // within the first half second): it then waits for the next page, its flag unset.
  const timer = setTimeout(() => {
    if (!dialog.open && !isOpen(dialog) && !visitorLayerOpen(doc)) showModalPaintFirst(dialog);
  }, WELCOME_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * Shows the "under development" notice unless it was closed in this browser session, and closes
 * it for the session with its button. Shown means `data-dev-notice="shown"` on the root element,
 * which the stylesheet reads: React never renders that element's attributes. One message at a
 * time: while the welcome popup is still to open (or open), the notice waits for it to close.
 */
export function showDevNotice(doc: Document = document): void {
  const notice = doc.querySelector<HTMLElement>('.dev-notice');
  if (!notice || read(session, DEV_NOTICE_STORAGE_KEY) === 'true') return;
  const root = doc.documentElement;
  const show = () => {
    if (read(session, DEV_NOTICE_STORAGE_KEY) !== 'true') root.dataset.devNotice = 'shown';
  };
  const popup = doc.querySelector<HTMLDialogElement>('dialog.welcome');
  if (popup && read(local, WELCOME_POPUP_STORAGE_KEY) !== 'true') popup.addEventListener('close', show, { once: true });
  else show();
  notice.querySelector('button')?.addEventListener('click', (event) => {
    // Handled here: the click is not one to replay for React.
    event.preventDefault();
    delete root.dataset.devNotice;
    write(session, DEV_NOTICE_STORAGE_KEY);
  });
}

/** Remembers the page's language: the visitor chose it by following a link or the picker to it. */
export function rememberLanguage(doc: Document = document): void {
  const lang = findLanguage(doc.documentElement.lang)?.code;
  if (lang) storeLanguage(lang);
}

/** How long after load the manifest is linked. */
export const MANIFEST_DELAY_MS = 2000;

/**
 * Links the web app manifest a while after load. A browser fetches a linked manifest at once, to
 * tell whether the site can be installed; linked in the HTML, that request would run next to the
 * stylesheet's before the first paint (on HTTP/1.1 with one more connection), and soon after load
 * next to the welcome popup's paint and the first screen's images. Only installing reads it.
 */
export function linkManifest(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  const link = () => {
    if (doc.querySelector('link[rel="manifest"]')) return;
    const element = doc.createElement('link');
    element.rel = 'manifest';
    // One manifest per language (written by the build, scripts/prerender.ts), in the page's language.
    element.href = manifestPath(doc.documentElement.lang);
    doc.head.append(element);
  };
  const later = () => win.setTimeout(link, MANIFEST_DELAY_MS);
  if (doc.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/** How long after load the brand typeface's files are fetched. */
export const BRAND_FONT_DELAY_MS = 2500;

/**
 * Fetches the brand typeface a while after load, once per browser. A font asked for while the page
 * loads competes with the stylesheet and counts against the largest paint (Lighthouse's phone
 * profile), and one swapped in later moves the text (CLS): so this page keeps the metric-matched
 * fallback, the files go into the browser's cache (hashed, immutable), and from the next page on
 * the head's inline script (site/privacy.ts BRAND_FONT_SCRIPT) uses the face from the first paint.
 * Nothing on this page uses the family, so loading it redraws nothing. Skipped when the visitor
 * asks to save data.
 */
export function brandFont(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  if (read(local, BRAND_FONT_STORAGE_KEY) === 'true' || !doc.fonts?.load) return;
  if ((win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const fetchFaces = () =>
    // One character of each subset: Latin and Latin Extended (Polish).
    doc.fonts.load('400 1em "Space Grotesk"', 'Aą').then(
      (faces) => faces.length > 0 && write(local, BRAND_FONT_STORAGE_KEY),
      () => {},
    );
  const later = () => win.setTimeout(fetchFaces, BRAND_FONT_DELAY_MS);
  if (doc.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/**
 * Loads the page's own script, where the page names one (`data-page-script`: the programme's
 * agenda, client/agenda-script.ts): a small classic file of its own, so no other page carries it.
 */
export function pageOwnScript(doc: Document = document): void {
  const src = doc.querySelector<HTMLElement>('[data-page-script]')?.dataset.pageScript;
  if (!src || doc.querySelector(`script[src="${src}"]`)) return;
  const script = doc.createElement('script');
  script.src = src;
  doc.body.append(script);
}

/** Whether a dialog or a popover is open on the page (a modal, the mobile menu, a dropdown). */
function visitorLayerOpen(doc: Document) {
  if (doc.querySelector('dialog[open]')) return true;
  try {
    return !!doc.querySelector(':popover-open');
  } catch {
    return false;
  }
}

/** Whether a popover is shown (false where the Popover API is missing). */
export const isOpen = (element: Element | null | undefined) => {
  try {
    return !!element?.matches(':popover-open');
  } catch {
    return false;
  }
};

const closest = <T extends Element = HTMLElement>(target: EventTarget | null, selector: string) =>
  target instanceof Element ? target.closest<T>(selector) : null;

/**
 * The keys and hover of the header's dropdowns (the browser opens them on a tap or Enter without
 * script): a mouse resting on one opens it and leaving closes it (also one that came to rest
 * before this script did); ArrowDown/ArrowUp open it on the first/last link, arrows move,
 * Home/End jump, leaving it with Tab closes it.
 */
export function dropdowns(doc: Document = document): void {
  const menuOf = (dropdown: Element) => dropdown.querySelector<HTMLElement>('.dropdown__menu');
  const show = (menu: HTMLElement | null) => menu && !isOpen(menu) && menu.showPopover();
  const hide = (menu: HTMLElement | null) => menu && isOpen(menu) && menu.hidePopover();
  const left = (event: PointerEvent | FocusEvent) => {
    const dropdown = closest(event.target, '.dropdown');
    if (dropdown && !dropdown.contains(event.relatedTarget as Node | null)) hide(menuOf(dropdown));
  };
  doc.addEventListener('pointerover', (event) => {
    const dropdown = event.pointerType === 'mouse' && closest(event.target, '.dropdown');
    if (dropdown) show(menuOf(dropdown));
  });
  doc.addEventListener('pointerout', (event) => event.pointerType === 'mouse' && left(event));
  // The file comes after the first frame: a mouse already over a dropdown sent its pointerover
  // before anyone listened. (Where a touch is the only pointer, `:hover` sticks after a tap.)
  if (doc.defaultView?.matchMedia?.('(hover: hover)').matches) {
    for (const dropdown of doc.querySelectorAll('.dropdown:hover')) show(menuOf(dropdown));
  }
  doc.addEventListener('focusout', left);
  doc.addEventListener('keydown', (event) => {
    const dropdown = closest(event.target, '.dropdown');
    const menu = dropdown && menuOf(dropdown);
    if (!menu) return;
    const all = [...menu.querySelectorAll<HTMLElement>('a')];
    const index = all.indexOf(doc.activeElement as HTMLElement);
    const onButton = doc.activeElement?.matches('.dropdown__button');
    const focus = (link: HTMLElement | undefined) => link?.focus();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      show(menu);
      const down = event.key === 'ArrowDown';
      if (onButton) focus(down ? all[0] : all.at(-1));
      else focus(all[(index + (down ? 1 : -1) + all.length) % all.length]);
    } else if ((event.key === 'Home' || event.key === 'End') && !onButton && isOpen(menu)) {
      focus(event.key === 'Home' ? all[0] : all.at(-1));
    } else return;
    event.preventDefault();
  });
}

/**
 * The language picker and the mobile menu: opening one moves focus into it (the current language,
 * the menu's first entry), arrows move between the languages, and a switch keeps the query.
 */
export function menus(doc: Document = document): void {
  // A popover's toggle event does not bubble: it is caught on its way down.
  doc.addEventListener(
    'toggle',
    (event) => {
      const target = event.target as HTMLElement;
      if ((event as ToggleEvent).newState !== 'open' || !target.matches?.('[popover]')) return;
      if (target.matches('.language-picker__list')) target.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
      else if (target.matches('.mobile-menu')) target.querySelector<HTMLElement>('summary, a')?.focus();
    },
    true,
  );
  doc.addEventListener('keydown', (event) => {
    const list = closest(event.target, '.language-picker')?.querySelector('.language-picker__list');
    if (!isOpen(list) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const links = [...(list?.querySelectorAll<HTMLElement>('a') ?? [])];
    const index = links.indexOf(doc.activeElement as HTMLElement);
    links[(index + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length]?.focus();
  });
  doc.addEventListener('click', (event) => {
    const link = closest<HTMLAnchorElement>(event.target, '.language-picker__list a');
    const search = (doc.defaultView ?? window).location.search;
    if (link && search && !link.search) link.search = search;
  });
}

/** Scroll distance after which the header turns opaque and casts a shadow. */
export const SCROLL_THRESHOLD = 10;

/** Marks the header `header--scrolled` while the page is scrolled down. */
export function headerShadow(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  const header = doc.querySelector('.header');
  if (!header) return;
  const update = () => header.classList.toggle('header--scrolled', win.scrollY > SCROLL_THRESHOLD);
  update();
  win.addEventListener('scroll', update, { passive: true });
}

/**
 * Portraits (client/components/avatar.tsx) show initials under the image: `data-state` says
 * when the image has loaded (it fades in), and a broken image is removed so the initials show.
 */
export function avatars(doc: Document = document): void {
  const settle = (image: HTMLImageElement, loaded: boolean) => {
    const avatar = image.closest<HTMLElement>('.avatar');
    if (!avatar) return;
    avatar.dataset.state = loaded ? 'loaded' : 'error';
    if (!loaded) image.remove();
  };
  // Load and error events do not bubble: they are caught on their way down.
  const listener = (event: Event) => {
    const image = event.target;
    if (image instanceof Element && image.matches('img.avatar__image'))
      settle(image as HTMLImageElement, event.type === 'load');
  };
  doc.addEventListener('load', listener, true);
  doc.addEventListener('error', listener, true);
  for (const image of doc.querySelectorAll<HTMLImageElement>('img.avatar__image')) {
    if (image.complete) settle(image, image.naturalWidth > 0);
    else (image.closest('.avatar') as HTMLElement).dataset.state = 'loading';
  }
}

/**
 * The footer's legal line from the footer service (spec: `GET /api/footer`), asked for when the
 * footer comes within a screen of the viewport; its markup passes the allowlist of safeNodes.
 * Until then, or when the request fails, the prerendered plain copyright line stays.
 */
export function footerService(doc: Document = document): void {
  const legal = doc.querySelector<HTMLElement>('.footer__legal');
  const lang = findLanguage(doc.documentElement.lang)?.code;
  if (!legal || !lang) return;
  const years = copyrightYears(new Date().getFullYear());
  const plainYears = legal.querySelector('[data-years]');
  if (plainYears) plainYears.textContent = years;
  const load = () =>
    fetchFooter(lang, new AbortController().signal).then(
      (parts) => {
        legal.replaceChildren(
          ...[fillYear(parts.top, years), parts.middle, parts.bottom].map((html) => {
            const part = doc.createElement('div');
            part.append(...safeNodes(html, doc));
            return part;
          }),
        );
        legal.dataset.footer = 'loaded';
      },
      (error: unknown) => {
        console.warn('footer service unavailable', error);
        legal.dataset.footer = 'failed';
      },
    );
  if (typeof IntersectionObserver === 'undefined') return void load();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: '0px 0px 100% 0px' },
  );
  observer.observe(legal);
}

/**
 * After a cancelled or abandoned payment the checkout sends the buyer back to the ticket page with
 * `?payment=cancelled&product=<id>`: the page says so and opens the dialog for that product again,
 * with the e-mail the buyer gave.
 */
export function cancelledPayment(doc: Document = document): void {
  const params = new URLSearchParams((doc.defaultView ?? window).location.search);
  const notice = doc.querySelector<HTMLElement>('.payment-cancelled');
  if (params.get('payment') !== 'cancelled' || !notice) return;
  notice.hidden = false;
  const product = params.get('product') ?? '';
  const dialog = doc.getElementById(PURCHASE_DIALOG_ID) as HTMLDialogElement | null;
  const known = [...(dialog?.querySelectorAll<HTMLElement>('[data-for-product]') ?? [])].some(
    (part) => part.dataset.forProduct === product,
  );
  if (!dialog || !known) return;
  selectProduct(dialog, product);
  const email = dialog.querySelector<HTMLInputElement>('input[name="email"]');
  if (email && !email.value) email.value = read(session, PURCHASE_EMAIL_KEY) ?? '';
  whenStyled(doc, () => dialog.open || dialog.showModal());
}

/**
 * The behaviours of a page that need no React but its first taps (see `firstTap`). This file comes
 * once the first content is on the screen (`loadPageScript`), and runs in a task of its own. It does at
 * once only what costs nothing until an event comes (listeners on the document) and what shows
 * state the page already has (the portraits', a cancelled payment's dialog). The rest waits for
 * one more frame:
 * the first reads of `sessionStorage` and `localStorage` are synchronous round trips to the browser
 * process (the development notice's and the typeface's flags were a third of the script's time at
 * load in a CPU profile at 4x), reading `scrollY` makes the browser style and lay out the whole
 * page inside the script (the header's shadow took more time than the rest of the script at load
 * in a trace at 4x CPU), and an observer and a cookie can come a frame later just as well. The
 * development notice is a toast over the page, so showing it a frame later moves nothing.
 */
export function pageBehaviours(doc: Document = document): void {
  dropdowns(doc);
  menus(doc);
  avatars(doc);
  cancelledPayment(doc);
  const win = doc.defaultView ?? window;
  // One task each: together they were one task of 26 ms of CPU after the first paint in a trace,
  // which a phone's CPU makes a long one.
  const later = [
    headerShadow,
    // Drawn over the page by this script: never with the first screen's inline rules alone.
    (d: Document) => whenStyled(d, () => showDevNotice(d)),
    (d: Document) => whenStyled(d, () => scheduleWelcomePopup(d)),
    brandFont,
    rememberLanguage,
    linkManifest,
    footerService,
    pageOwnScript,
  ];
  afterNextPaint(win, () => {
    for (const behaviour of later) win.setTimeout(() => behaviour(doc), 0);
    // After the last of them (timers of one delay run in order): when the page is fully in place,
    // for a trace and for the browser tests, which wait for it before they act.
    win.setTimeout(() => win.performance?.mark?.(PAGE_READY_MARK), 0);
  });
}

/** How often an island that starts by itself tries a failed load again, after 1, 2, 4, 8, 16 s. */
const AUTO_RETRIES = 5;
const AUTO_RETRY_MS = 1000;

/** What the console says when a load of an island failed; it waits for the next interaction again at once. */
const LOAD_FAILED = 'The app did not load; it is tried again at the next interaction.';

/**
 * Hydrates each island of the page (`[data-island]`) when the visitor reaches for it, or at load
 * when it says so (`data-start`: `at-load`, or `with-query` when the URL has a query).
 * `hydrate` loads React and resolves once the island handles events; a failure is tried again
 * at the next interaction with the island, and by itself a few times when the island started so. Until then the island's HTML works as HTML: the
 * dialog opens, the fields take what is typed or autofilled. A form sent before React is there
 * is held and sent by React once it is (reading FormData then, so nothing is lost); a press of a
 * button that only React handles is held the same way.
 */
export function islands(hydrate: HydrateIsland, doc: Document = document): void {
  const win = doc.defaultView ?? window;
  type State = {
    status: 'waiting' | 'loading' | 'ready';
    /** Set for an island that starts by itself: the tries it made again after a failed load. */
    retries?: number;
    click?: HTMLButtonElement;
    submit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  };
  const states = new Map<HTMLElement, State>();

  const start = (island: HTMLElement) => {
    const state = states.get(island);
    if (state?.status !== 'waiting') return;
    state.status = 'loading';
    // The answer to what started it (a dialog opening, a field taking focus) is painted first:
    // loading, compiling and hydrating the island never compete with that frame.
    afterNextPaint(win, () => load(island, state));
  };
  const load = (island: HTMLElement, state: State) =>
    hydrate(island).then(
      () => {
        state.status = 'ready';
        doc.dispatchEvent(new CustomEvent(APP_STARTED_EVENT));
        const { click, submit } = state;
        state.click = state.submit = undefined;
        if (click) {
          click.removeAttribute('aria-busy');
          if (click.isConnected) click.click();
        }
        if (submit?.form.isConnected) submit.form.requestSubmit(submit.submitter);
      },
      (error: unknown) => {
        // A failed load (a network blip) is tried again at the next interaction. A button pressed
        // meanwhile stops showing that it waits: it is pressed again to try again. A form sent
        // meanwhile stays held, and is sent once a later load succeeds.
        console.error(LOAD_FAILED, error);
        state.click?.removeAttribute('aria-busy');
        state.click = undefined;
        state.status = 'waiting';
        doc.dispatchEvent(new CustomEvent(APP_STARTED_EVENT, { detail: error ?? 'failed' }));
        // An island that starts by itself (an order waiting for its payment) has no interaction to
        // wait for: it tries again on its own, a little later each time.
        if (state.retries !== undefined && state.retries < AUTO_RETRIES) {
          const delay = AUTO_RETRY_MS * 2 ** state.retries++;
          win.setTimeout(() => start(island), delay);
        }
      },
    );
  const islandOf = (target: EventTarget | null) => {
    const island = closest(target, '[data-island]');
    return island && states.has(island) ? island : null;
  };

  for (const island of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    states.set(island, { status: 'waiting' });
    for (const type of REACH) island.addEventListener(type, () => start(island), { capture: true, passive: true });
  }
  // A button that opens an island's dialog (a plan's "choose") starts that island as it opens.
  doc.addEventListener('click', (event) => {
    const button = closest<HTMLButtonElement>(event.target, 'button');
    const island = islandOf(button && doc.getElementById(button.getAttribute('commandfor') ?? ''));
    if (island) start(island);
    const own = islandOf(button);
    const state = own && states.get(own);
    // A press of a button that only React handles (not a platform control) waits for React.
    if (!state || state.status === 'ready' || event.defaultPrevented || button?.type !== 'button') return;
    if (button.matches('[popovertarget],[commandfor]')) return;
    state.click = button;
    button.setAttribute('aria-busy', 'true');
  });
  // Listening on the document, this runs after React's own handler (on the island's root): a form
  // React has not handled is never sent as a plain page request, but held for React.
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    const island = islandOf(form);
    const state = island && states.get(island);
    if (!state || !(form instanceof win.HTMLFormElement) || form.method === 'dialog' || event.defaultPrevented) return;
    event.preventDefault();
    if (state.status === 'ready') return;
    state.submit = { form, submitter: event.submitter };
    start(island);
  });

  // An island that starts by itself waits for the page's own load (its images included): what the
  // page shows is drawn before any of React is fetched.
  const startAtLoad = (island: HTMLElement) => {
    if (doc.readyState === 'complete') start(island);
    else win.addEventListener('load', () => start(island), { once: true });
  };
  for (const [island] of states) {
    // Reached for before this script arrived: a plan button's dialog opened, a field focused,
    // typed or autofilled (client/first-tap.ts `rememberReach`).
    const dialogs = [...island.querySelectorAll('dialog')];
    const reached = island.dataset.reached === 'true' || island.contains(doc.activeElement);
    if (reached || dialogs.some((dialog) => dialog.open || isOpen(dialog))) {
      start(island);
      continue;
    }
    const when = island.dataset.start;
    if (when === 'at-load' || (when === 'with-query' && win.location.search)) {
      const state = states.get(island);
      if (state) state.retries = 0;
      startAtLoad(island);
    }
  }
}

/**
 * The event the page script dispatches on the document when an island has started: React
 * handles its events, or, with the error as `detail`, it could not start.
 */
export const APP_STARTED_EVENT = 'congress:app-started';

/**
 * The URL of the islands' entry for a load attempt. A retry asks for the same file under a path of
 * its own (`/assets/retry-<n>/`, which the worker answers with the same file): some browsers keep
 * a failed module in their module map and reject a second import of its URL without a request
 * (Chromium 150 does). The bundles refer to each other by relative URL, so a retry loads the whole
 * graph afresh, whichever of its files failed.
 */
export function entryUrl(entry: string, attempt: number): string {
  return attempt === 0 ? entry : entry.replace(/\/assets\//, `/assets/retry-${attempt}/`);
}

/** Imports the islands' entry from `url` and resolves with its `hydrateIsland`. */
export function importEntry(url: string, doc: Document = document): Promise<HydrateIsland> {
  return new Promise((resolve, reject) => {
    const take = (event: Event) => resolve((event as CustomEvent<HydrateIsland>).detail);
    doc.addEventListener(ENTRY_EVENT, take, { once: true });
    import(/* @vite-ignore */ url).then(
      // Settled already when the entry ran; otherwise it is not the entry.
      () => reject(new Error(`${url} is not the islands' entry`)),
      (error: unknown) => {
        doc.removeEventListener(ENTRY_EVENT, take);
        reject(error);
      },
    );
  });
}

/**
 * Hydrates an island with the islands' entry (client/main.tsx), imported once for every island of
 * the page; after a failure (the entry, a chunk or a catalogue) the next try imports it afresh
 * under the next retry path.
 */
export function islandLoader(entry: string): HydrateIsland {
  let attempt = 0;
  let module: Promise<HydrateIsland> | undefined;
  return (island) => {
    module ??= importEntry(entryUrl(entry, attempt));
    return module
      .then((hydrateIsland) => hydrateIsland(island))
      .catch((error: unknown) => {
        module = undefined;
        attempt++;
        throw error;
      });
  };
}
