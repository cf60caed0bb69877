// The rules of the site's stylesheet that style a page's first screen, found at build time in
// Chromium (scripts/prerender.ts inlines them and asks for the whole stylesheet once the first
// content is on the screen: docs/performance.md). A browser, not a static matcher, because "what the
// first screen shows" is a question of layout: which elements lie above the fold at 375 px and at
// 1920 px depends on the texts, the fonts and the stylesheet itself.
//
// A rule is kept when one of its selectors, without the states a visitor brings (hover, focus, open,
// checked...), matches an element that is drawn in the first screen at one of the widths. Each family
// gets two blocks: a complete one, which also has the rules of what may open in or over the first
// screen before the whole stylesheet has come (the mobile menu, the language list, the header's
// dropdowns, the answers), and a lean one without them, for the pages whose HTML has no room for
// those (what opens there waits for the whole stylesheet: client/first-screen.ts `holdOpenings`).
// Closed dialogs are in neither: they always wait. At-rules that are not conditions (@font-face,
// @keyframes, @property) are kept whole. The kept rules stay in the stylesheet's order, so the
// cascade between them is the stylesheet's: an element of the first screen gets every rule that can
// match it, the same declarations in the same order, and nothing drawn moves when the whole
// stylesheet arrives (the e2e test `test/e2e/first-screen-css.spec.ts`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';

/** The screens the rules are collected at: phones (Lighthouse's and a tall one), a tablet, laptops. */
export const FIRST_SCREENS = [
  { width: 375, height: 667 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** TCP's first window: 10 segments of 1,460 B, what Lighthouse's simulation models (test/e2e/first-window.spec.ts). */
export const FIRST_WINDOW = 14_600;

/** The least a family's block weighs (gzip): a page with less room than this keeps the external stylesheet without a look. */
export const MIN_BLOCK = 3_000;

/**
 * What a server adds to a page's response besides the security headers: the status line and
 * Content-Type, Content-Encoding, ETag, Cache-Control, CF-Cache-Status, Transfer-Encoding (225 B
 * as served here, measured), with 75 B of room for a header more.
 */
const SERVER_HEADERS = 300;

/** A page's bytes on the wire: its headers as sent and its HTML as gzip, at the level servers use on the fly. */
export function wireSize(html: string, headers: Record<string, string>): number {
  const sent = Object.entries(headers).reduce((sum, [name, value]) => sum + `${name}: ${value}\r\n`.length, 0);
  return SERVER_HEADERS + sent + gzipSync(html, { level: 6 }).length;
}

/**
 * The head's stylesheet for a page with inline first-screen rules: the rules (a lean block marked
 * `data-lean`, which tells the head's script to hold what opens), the whole stylesheet for a browser
 * without script (render-blocking there, as it was), and the script that adds it once the first
 * content is on the screen (client/first-screen.ts).
 */
export function firstScreenHead(block: Block, stylesheet: string, script: string): string {
  return `<style${block.lean ? ' data-lean' : ''}>${block.css}</style><noscript><link rel="stylesheet" href="${stylesheet}"></noscript><script>${script}</script>`;
}

/** A family's inline rules: `lean` when they leave out what opens in or over the first screen. */
export interface Block {
  css: string;
  lean: boolean;
}

/** A family's two blocks: `complete` with the rules of what opens in the first screen, `lean` without. */
export interface Blocks {
  complete: Block;
  lean: Block;
}

/** A page as the build wrote it (with the external stylesheet linked), and the family it belongs to. */
export interface BuiltPage {
  family: string;
  path: string;
  html: string;
}

/**
 * Rules that only paint a box other rules size and place, left to the whole stylesheet: the flags'
 * colours (every language's, since a block serves a page in all five: 0.35 KB of gzip, which kept
 * the German and Spanish ticket shops out of their first window). The language button's flag is
 * drawn at its size and place with the first screen, and coloured a moment later; nothing moves.
 */
export const PAINTED_LATER = /^\.flag--[a-z]+$/;

const ORIGIN = 'http://first-screen.invalid';
/** Tabs at once: the build shares its machine, and the pages are small. */
const TABS = 3;

/**
 * The first-screen CSS of each family of pages: the rules any of its pages (a page id in every
 * language) draws in its first screen at any of `FIRST_SCREENS`, minified as the stylesheet is,
 * with and without what opens there (`Blocks`).
 */
export async function firstScreenCss(
  client: string,
  stylesheetHref: string,
  pages: BuiltPage[],
): Promise<Map<string, Blocks>> {
  if (pages.length === 0) return new Map();
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
  try {
    // No script: the first screen is what the HTML and the stylesheet draw before any script runs
    // (the page script, which could change it, comes after the first paint, and what it opens waits
    // for the whole stylesheet: client/boot.ts).
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: FIRST_SCREENS[0] });
    const documents = new Map(pages.map((p) => [p.path, p.html]));
    await context.route(`${ORIGIN}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      const html = documents.get(pathname);
      if (html !== undefined) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
      // The stylesheet; fonts and anything else are not needed to find which rules match.
      if (pathname.startsWith('/assets/') && pathname.endsWith('.css'))
        return route.fulfill({ contentType: 'text/css', body: await readFile(join(client, pathname)) });
      return route.abort();
    });
    const stylesheet = splitRules(await readFile(join(client, stylesheetHref), 'utf8'));
    const selectors = [...new Set(stylesheet.flatMap((rule) => rule.selectors))];
    // Per family, the selectors of what is drawn, and of what opens (closed) in the first screen.
    const found = new Map<string, Found>();
    const queue = [...pages];
    const work = async () => {
      const tab = await context.newPage();
      for (let next = queue.shift(); next; next = queue.shift()) {
        // One set per family: a selector found on one of its pages is not looked for on the others.
        const sets = found.get(next.family) ?? { drawn: new Set<string>(), opening: new Set<string>() };
        found.set(next.family, sets);
        await selectorsDrawn(tab, `${ORIGIN}${next.path}`, selectors, sets);
      }
      await tab.close();
    };
    await Promise.all(Array.from({ length: Math.min(TABS, pages.length) }, work));
    const block = (sets: Set<string>[]) =>
      joinRules(
        stylesheet.filter(
          (rule) =>
            rule.selectors.length === 0 ||
            (rule.selectors.some((s) => sets.some((set) => set.has(s))) &&
              !rule.selectors.every((s) => PAINTED_LATER.test(s))),
        ),
      );
    return new Map(
      [...found].map(([family, { drawn, opening }]) => {
        const lean = block([drawn]);
        const complete = block([drawn, opening]);
        // A family with nothing to open in its first screen has one block, which holds nothing back.
        return [family, { complete: { css: complete, lean: false }, lean: { css: lean, lean: complete !== lean } }];
      }),
    );
  } finally {
    await browser.close();
  }
}

type Tab = Awaited<ReturnType<Awaited<ReturnType<typeof import('@playwright/test').chromium.launch>>['newPage']>>;

/** The selectors a family's pages draw in their first screen, and those of what opens there. */
interface Found {
  drawn: Set<string>;
  opening: Set<string>;
}

/** Adds to `found` the selectors that match what the page draws, or may open, in its first screen at any of `FIRST_SCREENS`. */
async function selectorsDrawn(tab: Tab, url: string, selectors: string[], found: Found): Promise<void> {
  await tab.setViewportSize(FIRST_SCREENS[0]);
  await tab.goto(url, { waitUntil: 'load' });
  // The elements of every screen first (a layout per screen), then one pass over the selectors.
  for (const screen of FIRST_SCREENS) {
    await tab.setViewportSize(screen);
    await tab.evaluate(noteDrawn);
  }
  for (const [set, kind] of [
    [found.drawn, 'firstScreen'],
    [found.opening, 'opening'],
  ] as const) {
    const left = selectors.filter((selector) => !set.has(selector));
    for (const selector of await tab.evaluate(matching, { selectors: left, kind })) set.add(selector);
  }
}

type Noted = Window & { firstScreen?: Set<Element>; opening?: Set<Element> };

/**
 * In the page: notes the elements drawn in the first screen at the current size, and apart from
 * them what opens in or over it: a closed popover (the mobile menu, the language picker, the
 * header's dropdowns) and what a closed `<details>` of the first screen holds (an answer). Those go
 * into a complete block only: where the HTML has no room for them (their rules were a fifth of each
 * block), what opens one before the whole stylesheet has come waits for it (client/first-screen.ts
 * `holdOpenings`). A closed dialog is in neither: it always waits.
 */
function noteDrawn(): void {
  const noted = window as Noted;
  const drawn = noted.firstScreen ?? new Set<Element>();
  const opening = noted.opening ?? new Set<Element>();
  noted.firstScreen = drawn;
  noted.opening = opening;
  const height = window.innerHeight;
  const width = window.innerWidth;
  const inFirstScreen = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.top < height && box.left < width;
  };
  for (const el of Array.from(document.querySelectorAll('*'))) {
    if (drawn.has(el) || opening.has(el) || el.closest('dialog:not([open])')) continue;
    if (el.closest('[popover]:not(:popover-open)')) {
      opening.add(el);
      continue;
    }
    const details = el.parentElement?.closest('details:not([open])');
    if (details && !el.closest('summary')?.parentElement?.isSameNode(details)) {
      if (inFirstScreen(details)) opening.add(el);
      continue;
    }
    // Not below the first screen nor right of it: an element placed above or left of the page (a
    // skip link, a visually hidden label) is there too, and takes its place in the flow without its rule.
    if (inFirstScreen(el)) drawn.add(el);
  }
}

/** In the page: the selectors that match an element noted as `kind`, a visitor's states and what script sets left out. */
function matching({ selectors, kind }: { selectors: string[]; kind: 'firstScreen' | 'opening' }): string[] {
  const drawn = (window as Noted)[kind] ?? new Set<Element>();
  // The states a visitor brings: a rule for them must be there when the state comes.
  const STATES =
    /:(hover|focus-visible|focus-within|focus|active|visited|link|any-link|checked|popover-open|open|modal|user-invalid|user-valid|invalid|valid|disabled|enabled|placeholder-shown|autofill|target|default|indeterminate)(?![-\w])/g;
  const PSEUDO_ELEMENTS =
    /::?(before|after|placeholder|marker|backdrop|selection|file-selector-button|-webkit-[a-z-]+|-moz-[a-z-]+)(?![-\w])(\([^)]*\))?/g;
  // Attributes set by a visitor's action or by script once the page is there.
  const SET_LATER = /\[(open|data-opening|data-reached|aria-expanded|hidden)(=[^\]]*)?\]/g;
  return selectors.filter((selector) => {
    const bare = selector.replace(PSEUDO_ELEMENTS, '').replace(STATES, '').replace(SET_LATER, '').trim();
    try {
      return Array.from(document.querySelectorAll(bare || '*')).some((el) => drawn.has(el));
    } catch {
      // What this reduction cannot express (an emptied :not(), a selector of another browser): kept.
      return true;
    }
  });
}

/** A rule of the stylesheet: its source text, the conditions around it, and its selectors (none for an at-rule such as @font-face). */
export interface SourceRule {
  conditions: string[];
  text: string;
  selectors: string[];
}

/**
 * The stylesheet's rules in order, each as written in the built file (minified, no comments, no
 * nesting: what Vite emits; a build that emits otherwise fails here rather than inline a wrong block).
 */
export function splitRules(css: string, conditions: string[] = []): SourceRule[] {
  const rules: SourceRule[] = [];
  let i = 0;
  while (i < css.length) {
    if (/\s/.test(css[i] ?? '')) {
      i++;
      continue;
    }
    const open = scan(css, i, '{');
    if (open < 0) throw new Error(`critical-css: no block after ${css.slice(i, i + 40)}`);
    const prelude = css.slice(i, open).trim();
    const close = matchingBrace(css, open);
    const body = css.slice(open + 1, close);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) rules.push(...splitRules(body, [...conditions, prelude]));
    else if (prelude.startsWith('@')) rules.push({ conditions, text: css.slice(i, close + 1), selectors: [] });
    else {
      if (scan(body, 0, '{') >= 0) throw new Error(`critical-css: nested rules in ${prelude}`);
      rules.push({ conditions, text: css.slice(i, close + 1), selectors: topLevel(prelude) });
    }
    i = close + 1;
  }
  return rules;
}

/** Rules back into a stylesheet, neighbours under the same conditions in one block. */
export function joinRules(rules: SourceRule[]): string {
  let out = '';
  let open: string[] = [];
  for (const rule of rules) {
    const same = open.length === rule.conditions.length && open.every((c, i) => c === rule.conditions[i]);
    if (!same) {
      out += '}'.repeat(open.length);
      out += rule.conditions.map((c) => `${c}{`).join('');
      open = rule.conditions;
    }
    out += rule.text;
  }
  return out + '}'.repeat(open.length);
}

/** The index of `char` at depth 0 from `from`, outside strings and brackets; -1 if none. */
function scan(text: string, from: number, char: string): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = text.indexOf(c, i + 1);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === char && depth === 0) return i;
    if (i < 0) break;
  }
  return -1;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = text.indexOf(c, i + 1);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    if (i < 0) break;
  }
  throw new Error('critical-css: unbalanced braces');
}

/** A selector list split at its top-level commas (not those inside :is(), :not() or strings). */
function topLevel(list: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let comma = scan(list, from, ','); comma >= 0; comma = scan(list, from, ',')) {
    parts.push(list.slice(from, comma).trim());
    from = comma + 1;
  }
  parts.push(list.slice(from).trim());
  return parts;
}
