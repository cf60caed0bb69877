/** What a test's window observes: the paint entries by name, as `PerformanceObserver` lists them. */
type PaintList = { getEntriesByName: (name: string) => unknown[] };

/**
 * A window whose frames, paint timing, visibility and address a test drives, for the inline
 * scripts' deferred work (client/lib/after-paint.ts and the scripts that use it). `doc` is the
 * page's document when the code under test adds to it, otherwise a bare one whose visibility the
 * test sets (`hidden`, `hide`).
 */
export function fakePaintWindow({
  doc,
  hash = '',
  hidden = false,
  paintTiming = true,
}: {
  doc?: Document;
  hash?: string;
  hidden?: boolean;
  paintTiming?: boolean;
} = {}) {
  const frames: FrameRequestCallback[] = [];
  const observers: ((list: PaintList) => void)[] = [];
  const bare = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  bare.visibilityState = hidden ? 'hidden' : 'visible';
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    disconnected = false;
    constructor(private readonly callback: (list: PaintList) => void) {}
    observe() {
      observers.push((list) => this.disconnected || this.callback(list));
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  const win = {
    document: doc ?? bare,
    location: { hash },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  } as unknown as Window;
  return {
    win,
    /** Produces one frame: runs the callbacks asked for before it. */
    frame: () => {
      for (const callback of frames.splice(0)) callback(0);
    },
    /** The browser reports a paint entry (by default the first contentful paint). */
    paint: (name = 'first-contentful-paint') => {
      for (const notify of observers) notify({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    },
    /** The tab is hidden (the bare document only). */
    hide: () => {
      bare.visibilityState = 'hidden';
      bare.dispatchEvent(new Event('visibilitychange'));
    },
  };
}
