// Types of scripts/bench-lines.mjs for its test.
type Tap = { median: number; times: number[]; anchor: string; anchorMedian: number };
type Page = {
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  tbts?: number[];
  cls: number;
  jsOnUse: number;
  css: number;
  html: number;
  htmlWire: number;
  cssWire: number;
  taps?: Record<string, Tap>;
};
export declare const LINES: {
  lcpRatio: number;
  tbtOverBare: number;
  cls: number;
  score: number;
  tap: number;
  tapRatio: number;
  js: number;
  css: number;
  html: number;
  firstWindow: number;
};
export declare function missesTiming(r: Pick<Page, 'lcp' | 'tbt' | 'cls'>, bare: { lcp: number; tbt: number }): boolean;
export declare function tapMisses(median: number, anchorMedian: number): boolean;
export declare function pageMisses(path: string, r: Page, bare: { lcp: number; tbt: number }): string[];
export declare function signed(n: number): string;
export declare class HungRun extends Error {}
export declare function withTimeout<T>(promise: Promise<T>, limitMs: number, what: string): Promise<T>;
export declare function median(values: number[]): number;
export declare function firstBytes(
  endpoints: { name: string; url: string }[],
  rounds: number,
  request: (url: string) => Promise<number>,
): Promise<Record<string, { median: number; p90: number; times: number[] }>>;
