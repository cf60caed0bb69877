// When deferred work of the pages' inlined scripts runs (client/first-tap.ts, client/first-screen.ts):
// once a frame, or the first content, has been shown. No imports, no side effects: each inlined
// script carries only what it calls.

/**
 * Runs `task` once the next frame has been shown: the second animation frame callback comes once
 * the first frame has been produced, and a task queued from it runs after that one's rendering.
 * A hidden tab produces no frames: there it runs at once, or as the tab is hidden. No timer stands
 * in for the frame on a visible page: on a busy phone the first frame can take longer than any
 * such timer, which then fetched the page script before the first paint, beside the stylesheet.
 */
export function afterNextPaint(win: Window, task: () => void): void {
  const doc = win.document;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    doc.removeEventListener('visibilitychange', ifHidden);
    task();
  };
  const ifHidden = () => {
    if (doc.visibilityState === 'hidden') win.setTimeout(once, 0);
  };
  doc.addEventListener('visibilitychange', ifHidden);
  ifHidden();
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(once, 0)));
}

/**
 * Runs `task` a frame after the page's first content is on the screen: the browser reports the
 * first contentful paint once that frame has been presented, which on a busy phone comes well after
 * the frame's animation callbacks. Where paint timing is missing, a frame after the next one.
 */
export function afterContentShown(win: Window, task: () => void): void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(win, task);
    return;
  }
  const observer = new Observer((list: PerformanceObserverEntryList) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    afterNextPaint(win, task);
  });
  observer.observe({ type: 'paint', buffered: true });
}
