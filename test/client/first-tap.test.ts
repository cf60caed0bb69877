import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterContentShown, afterNextPaint } from '../../client/first-tap';
import { fakePaintWindow } from './fake-paint';

// When the inline script's deferred work runs: after a frame has been shown, never on a timer that
// a busy phone's first frame outlasts (the page script's request then ran beside the stylesheet).
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A window whose frames, visibility and paint timing the test drives. */
const fakeWindow = fakePaintWindow;

describe('afterNextPaint', () => {
  it('runs the task once two frames have come, and no sooner however long they take', async () => {
    const { win, frame } = fakeWindow();
    const task = vi.fn();
    afterNextPaint(win, task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    frame();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it at once in a hidden tab, which draws no frames, and as a tab is hidden', async () => {
    const hidden = fakeWindow({ hidden: true });
    const first = vi.fn();
    afterNextPaint(hidden.win, first);
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toHaveBeenCalledTimes(1);

    const visible = fakeWindow();
    const second = vi.fn();
    afterNextPaint(visible.win, second);
    await vi.advanceTimersByTimeAsync(1000);
    expect(second).not.toHaveBeenCalled();
    visible.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toHaveBeenCalledTimes(1);
    visible.frame();
    visible.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('afterContentShown', () => {
  it('waits for the first contentful paint to be reported, then for a frame after it', async () => {
    const { win, frame, paint } = fakeWindow();
    const task = vi.fn();
    afterContentShown(win, task);
    // Frames that drew no content yet (a stylesheet still on its way) do not count.
    frame();
    frame();
    paint('first-paint');
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    paint('first-contentful-paint');
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('counts frames alone where the browser has no paint timing', async () => {
    const { win, frame } = fakeWindow({ paintTiming: false });
    const task = vi.fn();
    afterContentShown(win, task);
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
