import { describe, expect, it } from 'vitest';
import { tapBreakdown } from '../../scripts/tap-timing.mjs';

// Entries shaped as the page's PerformanceObserver hands them over (toJSON; only the fields read).
const event = (name: string, startTime: number, processingStart: number, processingEnd: number) => ({
  entryType: 'event',
  name,
  startTime,
  processingStart,
  processingEnd,
  duration: 64,
});
const frame = (scripts: { startTime: number; forcedStyleAndLayoutDuration: number }[]) => ({
  entryType: 'long-animation-frame',
  name: 'long-animation-frame',
  startTime: 1000,
  scripts,
});

describe('tapBreakdown', () => {
  it("splits a tap at the click's listeners, counting only the layout they forced", () => {
    const entries = [
      event('pointerdown', 1000, 1020, 1024),
      event('click', 1000, 1050, 1096),
      // Before the click (a pointerdown listener) and after it (a timer): not the click's.
      frame([
        { startTime: 1021, forcedStyleAndLayoutDuration: 3 },
        { startTime: 1052, forcedStyleAndLayoutDuration: 2.4 },
        { startTime: 1060, forcedStyleAndLayoutDuration: 27.8 },
      ]),
      frame([{ startTime: 1200, forcedStyleAndLayoutDuration: 40 }]),
    ];
    expect(tapBreakdown(112, entries)).toEqual({ click: 50, listeners: 46, forced: 30, frame: 16 });
  });

  it('has nothing to say without the tap and its click', () => {
    expect(tapBreakdown(80, [event('pointerdown', 1000, 1020, 1024)])).toEqual({});
    expect(tapBreakdown(80, [])).toEqual({});
  });
});
