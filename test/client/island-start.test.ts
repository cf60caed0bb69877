import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { islands } from '../../client/boot';

// The page script's islands: one that starts by itself (an order waiting for its payment) must not
// stay dead after a failed load, since no visitor's interaction will come to try it again.
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** A page with one island; `hydrate` fails its first `failures` calls. */
function page(start: string | null, failures: number) {
  document.body.innerHTML = `<section data-island="order"${start ? ` data-start="${start}"` : ''}><p>Pending</p></section>`;
  const island = document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
  let calls = 0;
  const hydrate = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new Error('network');
    island.dataset.hydrated = 'true';
  });
  islands(hydrate, document);
  return { island, hydrate };
}

describe('an island that starts at load', () => {
  it('tries a failed load again by itself, a little later each time, until it starts', async () => {
    const { island, hydrate } = page('at-load', 3);
    await vi.advanceTimersByTimeAsync(300);
    expect(hydrate).toHaveBeenCalledTimes(1);
    // 1 s, 2 s, 4 s after each failure (and a frame to paint first).
    await vi.advanceTimersByTimeAsync(1300);
    expect(hydrate).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2300);
    expect(hydrate).toHaveBeenCalledTimes(3);
    expect(island.dataset.hydrated).toBeUndefined();
    await vi.advanceTimersByTimeAsync(4300);
    expect(hydrate).toHaveBeenCalledTimes(4);
    expect(island.dataset.hydrated).toBe('true');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hydrate).toHaveBeenCalledTimes(4);
  });

  it('gives up after five tries of its own, and still starts at the next interaction', async () => {
    const { island, hydrate } = page('at-load', 6);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(hydrate).toHaveBeenCalledTimes(6);
    expect(island.dataset.hydrated).toBeUndefined();
    island.dispatchEvent(new FocusEvent('focusin'));
    await vi.advanceTimersByTimeAsync(300);
    expect(hydrate).toHaveBeenCalledTimes(7);
    expect(island.dataset.hydrated).toBe('true');
  });
});

describe('an island that waits for the visitor', () => {
  it('tries a failed load again only when the visitor reaches for it again', async () => {
    const { island, hydrate } = page(null, 1);
    island.dispatchEvent(new FocusEvent('focusin'));
    await vi.advanceTimersByTimeAsync(300);
    expect(hydrate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hydrate).toHaveBeenCalledTimes(1);
    island.dispatchEvent(new FocusEvent('focusin'));
    await vi.advanceTimersByTimeAsync(300);
    expect(island.dataset.hydrated).toBe('true');
  });
});
