import { describe, expect, it } from 'vitest';
import {
  firstBytes,
  HungRun,
  LINES,
  missesTiming,
  pageMisses,
  tapMisses,
  withTimeout,
} from '../../scripts/bench-lines.mjs';

// The bench's lines of issue 50: ratios to and margins over the anchors of the same run.
const bare = { lcp: 800, tbt: 250 };
const page = {
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  performance: 71,
  lcp: 870,
  tbt: 290,
  tbts: [290, 310, 270],
  cls: 0,
  jsOnUse: 90_000,
  css: 12_000,
  html: 13_000,
  htmlWire: 14_000,
  cssWire: 13_000,
  taps: {
    'mobile menu': { median: 150, times: [140, 150, 160], anchor: 'bare details', anchorMedian: 80 },
  },
};

describe("the bench's lines", () => {
  it('are met beside the anchors, whatever the absolute TBT and performance score', () => {
    expect(pageMisses('/pl', page, bare)).toEqual([]);
    expect(missesTiming(page, bare)).toBe(false);
  });

  it('miss LCP over 1.10x the bare page, saying both figures and the ratio', () => {
    const misses = pageMisses('/pl', { ...page, lcp: 881 }, bare);
    expect(misses).toEqual(["/pl: LCP 881 ms = 1.10x the bare page's 800 ms (line 1.10x)"]);
    expect(pageMisses('/pl', { ...page, lcp: 880 }, bare)).toEqual([]);
    expect(missesTiming({ ...page, lcp: 881 }, bare)).toBe(true);
  });

  it('miss TBT more than 50 ms above the bare page', () => {
    expect(pageMisses('/pl', { ...page, tbt: 300 }, bare)).toEqual([]);
    expect(pageMisses('/pl', { ...page, tbt: 301 }, bare)).toEqual([
      "/pl: TBT 301 ms = +51 ms beside the bare page's 250 ms (line +50; runs 290, 310, 270)",
    ]);
    expect(missesTiming({ ...page, tbt: 301 }, bare)).toBe(true);
  });

  it('miss any CLS, a score under 100 but performance, JS in all over 100 KB', () => {
    const misses = pageMisses('/pl', { ...page, cls: 0.001, seo: 92, bestPractices: 96, jsOnUse: 102_401 }, bare);
    expect(misses).toEqual([
      '/pl: best practices 96',
      '/pl: SEO 92',
      '/pl: CLS 0.001',
      `/pl: JS in all 102401 B (line ${100 * 1024} B)`,
    ]);
  });

  it('miss a tap over 2x its bare control, or over 200 ms even beside a slow control', () => {
    const tap = (median: number, anchorMedian: number) => ({
      ...page,
      taps: { FAQ: { median, times: [median], anchor: 'bare details', anchorMedian } },
    });
    expect(pageMisses('/pl', tap(161, 80), bare)).toEqual([
      "/pl: tap on FAQ 161 ms = 2.01x the bare details's 80 ms (lines 200 ms and 2x; taps 161)",
    ]);
    expect(pageMisses('/pl', tap(160, 80), bare)).toEqual([]);
    expect(pageMisses('/pl', tap(201, 120), bare)).toHaveLength(1);
    expect(tapMisses(200, 100)).toBe(false);
    expect(LINES.tap).toBe(200);
  });

  it('miss an HTML file or stylesheet past TCP’s first window', () => {
    expect(pageMisses('/pl', { ...page, htmlWire: 14_601 }, bare)).toEqual([
      "/pl: HTML 14601 B on the wire, past TCP's first window",
    ]);
  });
});

describe('a hung Lighthouse run', () => {
  it('is a HungRun after its limit, and a run in time is its result', async () => {
    await expect(withTimeout(new Promise(() => {}), 20, 'Lighthouse on /de/program')).rejects.toBeInstanceOf(HungRun);
    await expect(withTimeout(new Promise(() => {}), 20, 'Lighthouse on /de/program')).rejects.toThrow(
      'Lighthouse on /de/program took over 0 s',
    );
    await expect(withTimeout(Promise.resolve(7), 1000, 'x')).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('NO_NAVSTART')), 1000, 'x')).rejects.toThrow('NO_NAVSTART');
  });
});

describe('time to first byte', () => {
  it('is measured round by round across the endpoints, median and p90 each', async () => {
    const order: string[] = [];
    let n = 0;
    const result = await firstBytes(
      [
        { name: 'static', url: 's' },
        { name: 'store', url: 'c' },
      ],
      10,
      async (url) => {
        order.push(url);
        n++;
        return url === 's' ? n : 100 + n;
      },
    );
    expect(order.slice(0, 4)).toEqual(['s', 'c', 's', 'c']);
    expect(result.static?.times).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    expect(result.static?.median).toBe(11);
    expect(result.static?.p90).toBe(17);
    expect(result.store?.median).toBe(112);
  });
});
