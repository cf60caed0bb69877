// Inlined at the end of every prerendered page's body (scripts/prerender.ts), allowed by its hash
// in the CSP: what a tap may need before anything else has arrived (`firstTap`), then the page
// script's file (client/boot.ts, client/page-script.ts) once the first content is on the screen.
// It imports only the frame timing it shares with client/first-screen.ts, so that it stays about
// 1 KB of gzip and the page's HTML fits the network's first round trip.
import { afterContentShown, afterNextPaint } from './lib/after-paint';

export { afterContentShown, afterNextPaint };

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
 * A button's `show-modal` command draws its dialog at once and makes it modal two frames later. A
 * modal dialog makes the rest of the page inert, and the browser restyles the whole page for that
 * before it draws anything: on a phone's CPU half the cost of opening the purchase dialog on a home
 * page. So the dialog is first shown as a popover (in the top layer, with its backdrop, the page
 * not yet inert), what its stylesheet held back from that frame is drawn in the next, and once
 * that one is drawn it is turned into the modal dialog in one task, which no frame sees; the focus
 * stays where the visitor put it, and goes back to the button on closing.
 */
export function modalsPaintFirst(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  doc.addEventListener(
    'command',
    (event) => {
      const dialog = event.target;
      if (event.defaultPrevented || (event as Event & { command?: string }).command !== 'show-modal') return;
      if (!(dialog instanceof win.HTMLDialogElement) || dialog.open || !('showPopover' in dialog)) return;
      if (dialog.matches(':popover-open')) return event.preventDefault();
      event.preventDefault();
      showModalPaintFirst(dialog, (event as Event & { source?: Element | null }).source);
    },
    true,
  );
}

/**
 * Shows a dialog as a popover at once, draws what its first frame held back in the next frame, and
 * makes it the modal dialog once that one is drawn (see `modalsPaintFirst`); `source` gets the focus
 * back on closing. Where the Popover API is missing, it is the modal dialog at once.
 */
export function showModalPaintFirst(dialog: HTMLDialogElement, source?: Element | null): void {
  const doc = dialog.ownerDocument;
  const win = doc.defaultView ?? window;
  if (typeof dialog.showPopover !== 'function') {
    dialog.showModal();
    return;
  }
  dialog.popover = 'manual';
  // Its first frame draws what the stylesheet does not hold back while `data-opening` is set (on a
  // phone, the purchase dialog's title, e-mail field and buttons: its tickets and the rest would
  // double the time to that frame); the rest is drawn in the next frame.
  dialog.setAttribute('data-opening', '');
  dialog.showPopover();
  const drawAll = () => dialog.removeAttribute('data-opening');
  // A key pressed before it is modal (Escape, Tab) is meant for the modal dialog: it is made modal
  // first, in the capture phase, and the browser then handles the key as the dialog's.
  let done = false;
  const promote = () => {
    if (done) return;
    done = true;
    drawAll();
    doc.removeEventListener('keydown', promote, true);
    if (!dialog.matches(':popover-open')) return;
    // The modal dialog gives the focus back on closing to what had it when it opened: the button.
    const focused = doc.activeElement;
    if (source instanceof win.HTMLElement) source.focus({ preventScroll: true });
    dialog.hidePopover();
    dialog.removeAttribute('popover');
    dialog.showModal();
    if (focused instanceof win.HTMLElement && focused !== dialog && dialog.contains(focused)) focused.focus();
  };
  doc.addEventListener('keydown', promote, true);
  // The rest is styled and laid out in the frame after the first, once that one is on its way to
  // the screen; the dialog turns modal after it.
  win.requestAnimationFrame(() => win.requestAnimationFrame(drawAll));
  afterNextPaint(win, promote);
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
  // The cart's first ticket is of that product; its change tells React (once there) to count again.
  const first = dialog.querySelector<HTMLSelectElement>('select[data-first-ticket]');
  if (first && first.value !== product) {
    first.value = product;
    first.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const part of dialog.querySelectorAll<HTMLElement>('[data-for-product]'))
    part.hidden = part.dataset.forProduct !== product;
}

// What shows that the visitor reaches for an island: a focus (also a dialog of it opening, which
// moves focus into it), a press, typing. Not hover or scroll: those only pass by.
export const REACH = ['focusin', 'pointerdown', 'input', 'keydown'] as const;

/**
 * What a tap may need before the page script's file has arrived (client/first-tap.ts, inlined):
 * a plan button's dialog opens for its product and is drawn before it turns modal, also where the
 * browser lacks invoker commands.
 */
export function firstTap(doc: Document = document): void {
  dialogFallbacks(doc);
  modalsPaintFirst(doc);
  productDialogs(doc);
  rememberReach(doc);
}

/**
 * Marks an island the visitor reached for (`data-reached`) before the page script's file came:
 * a field typed or autofilled, a press. The file's `islands` starts it as it arrives.
 */
export function rememberReach(doc: Document = document): void {
  const mark = (event: Event) => {
    const island = (event.target as Element | null)?.closest?.<HTMLElement>('[data-island]');
    if (island) island.dataset.reached = 'true';
  };
  for (const type of REACH) doc.addEventListener(type, mark, { capture: true, passive: true });
}

/**
 * Adds the page script's file (client/page-script.ts) once the page's content is on the screen:
 * a request that ends before the largest paint is counted against it by Lighthouse's phone
 * profile, as a slow network makes a visitor's phone wait for it beside the stylesheet. A failed
 * load is tried again at the visitor's next interaction.
 */
export function loadPageScript(url: string, doc: Document = document): void {
  const win = doc.defaultView ?? window;
  let attempt = 0;
  const add = () => {
    const script = doc.createElement('script');
    script.src = attempt ? `${url}?retry=${attempt}` : url;
    script.onerror = () => {
      script.remove();
      attempt++;
      const again = () => {
        for (const type of REACH) doc.removeEventListener(type, again, true);
        add();
      };
      for (const type of REACH) doc.addEventListener(type, again, { capture: true, passive: true });
    };
    doc.body.append(script);
  };
  afterContentShown(win, add);
}

/** Set by the build to the page script's URL (a hashed file under /assets/); undefined in tests. */
declare const __PAGE_SCRIPT__: string | undefined;
if (typeof __PAGE_SCRIPT__ === 'string') {
  firstTap();
  loadPageScript(__PAGE_SCRIPT__);
}
