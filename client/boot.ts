// The page's own script, inlined into every prerendered page by the build (scripts/prerender.mjs)
// so that it costs no request. The page is complete HTML whose controls are the platform's own:
// `<details name>` accordions, popover menus and `<dialog>`s opened by invoker commands answer a
// tap at once, before React and without any script. This script adds what the HTML cannot say:
// the welcome popup, the development notice, remembering the language, the product a purchase
// dialog is opened for, and a few lines for browsers that lack invoker commands or `closedby`.
// React with the catalogues (the app, client/main.tsx) is loaded at the first interaction and
// takes over the stateful parts; a form sent before it is there is sent by React once it is.
import { findLanguage, manifestPath } from '../site/languages';
import { DEV_NOTICE_STORAGE_KEY, WELCOME_POPUP_STORAGE_KEY } from '../site/privacy';
import { storeLanguage } from './lib/storage';

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
  const timer = setTimeout(() => {
    if (!dialog.open) dialog.showModal();
  }, WELCOME_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * What browsers without invoker commands (`commandfor`/`command`) or without `closedby` (Safari
 * until 26.2 and 26.x) lack, in a few lines: a button opens or closes its dialog, and a click on
 * the backdrop of a `closedby="any"` dialog closes it.
 */
export function dialogFallbacks(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  if (!('commandForElement' in win.HTMLButtonElement.prototype)) {
    doc.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest?.('button[commandfor]');
      const dialog = button && doc.getElementById(button.getAttribute('commandfor') ?? '');
      if (!(dialog instanceof win.HTMLDialogElement)) return;
      const command = button?.getAttribute('command');
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      else if (command === 'close' || command === 'request-close') dialog.close();
    });
  }
  if (!('closedBy' in win.HTMLDialogElement.prototype)) {
    doc.addEventListener('click', (event) => {
      const dialog = event.target;
      if (!(dialog instanceof win.HTMLDialogElement) || dialog.getAttribute('closedby') !== 'any') return;
      // A click on the dialog element itself outside its box is a click on its backdrop.
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
}

/**
 * Tells a dialog which product it is opened for: a button with `commandfor` and `data-product`
 * (a plan's "choose" button) writes the product into the dialog's `product` field and shows only
 * the dialog's parts marked `data-for-product` with that product (its title and prices). Runs on
 * the click, before the browser performs the button's command, so the dialog opens complete.
 */
export function productDialogs(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[commandfor][data-product]');
    const dialog = button && doc.getElementById(button.getAttribute('commandfor') ?? '');
    if (dialog) selectProduct(dialog, button.dataset.product ?? '');
  });
}

/** Shows a dialog's parts for one product and names it in the dialog's `product` field. */
export function selectProduct(dialog: HTMLElement, product: string): void {
  const field = dialog.querySelector<HTMLInputElement>('input[name="product"]');
  if (field) field.value = product;
  for (const part of dialog.querySelectorAll<HTMLElement>('[data-for-product]'))
    part.hidden = part.dataset.forProduct !== product;
}

/**
 * Shows the "under development" notice unless it was closed in this browser session, and closes
 * it for the session with its button. Shown means `data-dev-notice="shown"` on the root element,
 * which the stylesheet reads: React never renders that element's attributes.
 */
export function showDevNotice(doc: Document = document): void {
  const notice = doc.querySelector<HTMLElement>('.dev-notice');
  if (!notice || read(session, DEV_NOTICE_STORAGE_KEY) === 'true') return;
  const root = doc.documentElement;
  root.dataset.devNotice = 'shown';
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
    // One manifest per language (built by scripts/prerender.mjs), in the page's language.
    element.href = manifestPath(doc.documentElement.lang);
    doc.head.append(element);
  };
  const later = () => win.setTimeout(link, MANIFEST_DELAY_MS);
  if (doc.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/** The load-time behaviours of a page: dialogs, the welcome popup, the development notice, its language, its manifest. */
export function pageBehaviours(doc: Document = document): void {
  dialogFallbacks(doc);
  productDialogs(doc);
  scheduleWelcomePopup(doc);
  showDevNotice(doc);
  rememberLanguage(doc);
  linkManifest(doc);
}

/** What the console says when a load of the app failed; listening for the next interaction follows at once. */
const LOAD_FAILED = 'The app did not load; it is tried again at the next interaction.';

// Not focusin: the welcome popup moves focus into itself without the visitor doing anything.
// A click counts too: a screen reader activates a button with a click and no pointer or key events.
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'click', 'wheel', 'scroll'] as const;

/**
 * Loads the app (`loadApp` resolves once React handles events) at the first interaction, or at
 * once on a page that needs it at load (`data-hydrate` on the root element). Not when the browser
 * is idle after load: on Lighthouse's phone profile the app's evaluation and hydration are long
 * tasks (index.js alone 0.67 s at 4x), which put TBT at 1.4 s. The controls do not need React to
 * answer a tap (they are the platform's), so the first tap is answered at once and starts React.
 * A failed load is tried again at the next interaction. A form sent before React is there waits
 * for it and is then sent by React.
 */
export function hydrateOnIntent(loadApp: () => Promise<void>, doc: Document = document): void {
  const win = doc.defaultView ?? window;
  let ready = false;
  let started = false;
  let pendingClick: HTMLButtonElement | undefined;
  let pendingSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;

  const replay = () => {
    ready = true;
    // The element under the pointer gets the pointerover it had before React listened (hover menus).
    const hovered = [...doc.querySelectorAll(':hover')].pop();
    hovered?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    const click = pendingClick;
    const submit = pendingSubmit;
    pendingClick = pendingSubmit = undefined;
    if (click) {
      click.removeAttribute('aria-busy');
      if (click.isConnected) click.click();
    }
    if (submit?.form.isConnected) submit.form.requestSubmit(submit.submitter);
  };

  const listen = () => {
    for (const type of INTENT) win.addEventListener(type, start, { capture: true, passive: true });
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT) win.removeEventListener(type, start, true);
    loadApp().then(replay, (error) => {
      // A failed load (a network blip) is tried again on the next interaction.
      console.error(LOAD_FAILED, error);
      started = false;
      listen();
    });
  };

  // A press of a button that only React handles (not a platform control, which the browser has
  // answered already) waits for React.
  doc.addEventListener('click', (event) => {
    if (ready || event.defaultPrevented || !(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button?.type !== 'button' || button.matches('[popovertarget],[commandfor]')) return;
    pendingClick = button;
    button.setAttribute('aria-busy', 'true');
    start();
  });
  // A form sent before React is there would go out as a plain page request; React sends it
  // instead, reading what the form holds then (FormData), so nothing typed or autofilled is lost.
  // Listening on the document, this runs after React's own handler: a form React has not taken
  // yet (its part of the page still hydrating) is held and sent again a moment later, for 3 s.
  let tries = 0;
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method === 'dialog') return;
    if (ready && (event.defaultPrevented || tries >= 60)) {
      tries = 0;
      return;
    }
    event.preventDefault();
    pendingSubmit = { form, submitter: event.submitter };
    if (!ready) return start();
    tries++;
    win.setTimeout(replay, 50);
  });

  const hydrate = doc.documentElement.dataset.hydrate;
  if (hydrate === 'at-load' || (hydrate === 'with-query' && win.location.search)) {
    start();
    return;
  }
  listen();
}

/**
 * The event the app entry (client/main.tsx) dispatches on the document when it has started: React
 * handles events, or, with the error as `detail`, it could not start.
 */
export const APP_STARTED_EVENT = 'congress:app-started';

/**
 * The URL of the app entry for a load attempt. A retry asks for the same file under a path of its
 * own (`/assets/retry-<n>/`, which the worker answers with the same file): some browsers keep a
 * failed module in their module map and reject a second import of its URL without a request
 * (Chromium 150 does). The bundles refer to each other by relative URL, so a retry loads the whole
 * graph afresh, whichever of its files failed.
 */
export function entryUrl(entry: string, attempt: number): string {
  return attempt === 0 ? entry : entry.replace(/\/assets\//, `/assets/retry-${attempt}/`);
}

/** Imports the app entry and resolves once it has started, or rejects with why it could not. */
export function loadApp(url: string, doc: Document = document): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const started = (event: Event) => {
      const error = (event as CustomEvent).detail;
      if (error) reject(error);
      else resolve();
    };
    doc.addEventListener(APP_STARTED_EVENT, started, { once: true });
    import(/* @vite-ignore */ url).catch((error) => {
      doc.removeEventListener(APP_STARTED_EVENT, started);
      reject(error);
    });
  });
}

/** Set by the build to the app entry's URL; undefined where this module is imported (tests, the app). */
declare const __APP_ENTRY__: string | undefined;
if (typeof __APP_ENTRY__ === 'string') {
  const entry = __APP_ENTRY__;
  let attempt = 0;
  pageBehaviours();
  hydrateOnIntent(() => loadApp(entryUrl(entry, attempt++)));
}
