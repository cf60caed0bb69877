import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkJsBudget, JS_BUDGET } from '../../scripts/js-budget.mjs';

// `vite build` checks every page's JS in all against the line (vite.config.ts `jsBudget`); these
// pin what it counts, on a small built client made here.
const dir = mkdtempSync(join(tmpdir(), 'js-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
// Text that gzip barely shrinks, so that sizes can be set.
const noise = (bytes: number, seed: number) => {
  let x = seed;
  return Array.from({ length: bytes }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return String.fromCharCode(33 + (x % 90));
  }).join('');
};
const gz = (path: string) => gzipSync(readFileSync(join(dir, path)), { level: 9 }).length;

const ISLANDS_SOURCE = `export const ISLANDS = {
  order: {
    namespaces: ['delivery'],
    load: () => import('./components/order-status').then((m) => m.OrderStatus),
  },
  contact: { namespaces: ['contact'], load: () => import('./components/contact-form').then((m) => m.ContactForm) },
} as const;`;

write(
  '.vite/manifest.json',
  JSON.stringify({
    'client/index.html': { file: 'assets/index.js', isEntry: true },
    'client/components/order-status.tsx': {
      file: 'assets/order-status.js',
      imports: ['client/index.html'],
      dynamicImports: ['client/components/order-vat.tsx'],
    },
    'client/components/order-vat.tsx': {
      file: 'assets/order-vat.js',
      dynamicImports: ['locales/pl/vat.json', 'locales/de/vat.json'],
    },
    'client/components/contact-form.tsx': { file: 'assets/contact-form.js' },
    'locales/pl/vat.json': { file: 'assets/locale-pl-vat.js' },
    'locales/de/vat.json': { file: 'assets/locale-de-vat.js' },
    'locales/pl/delivery.json': { file: 'assets/locale-pl-delivery.js' },
    'locales/de/delivery.json': { file: 'assets/locale-de-delivery.js' },
  }),
);
for (const [i, file] of [
  'index.js',
  'order-status.js',
  'order-vat.js',
  'contact-form.js',
  'locale-pl-vat.js',
  'locale-de-vat.js',
  'locale-pl-delivery.js',
  'locale-de-delivery.js',
  'page-script-abc.js',
].entries())
  write(`assets/${file}`, noise(1000 + 100 * i, i + 1));
const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><body>${body}<script>var a=1;u(\`/assets/page-script-abc.js\`)</script><script type="application/ld+json">{"x":1}</script></body></html>`;
write('pl/program/index.html', page('pl', '<main>programme</main>'));
write('pl/kup-bilet/dziekujemy/index.html', page('pl', '<div data-island="order" data-props="{}"></div>'));
write('de/kup-bilet/dziekujemy/index.html', page('de', '<div data-island="order" data-props="{}"></div>'));

const inline = gzipSync('var a=1;u(`/assets/page-script-abc.js`)', { level: 9 }).length;

describe('JS in all, from the built files', () => {
  it("counts the inline script, the page script, and on an island page the entry, the island, what it loads later and the page language's catalogues", () => {
    const pages = checkJsBudget(dir, ISLANDS_SOURCE);
    const bytes = Object.fromEntries(pages.map((p) => [p.page, p.bytes]));
    expect(bytes['/pl/program/index.html']).toBe(inline + gz('assets/page-script-abc.js'));
    expect(bytes['/pl/kup-bilet/dziekujemy/index.html']).toBe(
      inline +
        [
          'page-script-abc.js',
          'index.js',
          'order-status.js',
          'order-vat.js',
          'locale-pl-vat.js',
          'locale-pl-delivery.js',
        ]
          .map((file) => gz(`assets/${file}`))
          .reduce((a, b) => a + b),
    );
    expect(pages[0]?.page).toBe('/de/kup-bilet/dziekujemy/index.html');
    expect(pages[0]?.files).not.toContain('assets/locale-pl-vat.js');
  });

  it('fails naming each page over the line', () => {
    const largest = checkJsBudget(dir, ISLANDS_SOURCE)[0]?.bytes ?? 0;
    expect(() => checkJsBudget(dir, ISLANDS_SOURCE, largest)).not.toThrow();
    expect(() => checkJsBudget(dir, ISLANDS_SOURCE, largest - 1)).toThrow(
      /over \d+ B gzip on 1 page\(s\): \/de\/kup-bilet\/dziekujemy\/index\.html/,
    );
    expect(JS_BUDGET).toBe(100 * 1024);
  });

  it('fails on a page whose island the build has no chunk for', () => {
    write('pl/kontakt/index.html', page('pl', '<div data-island="workshop"></div>'));
    expect(() => checkJsBudget(dir, ISLANDS_SOURCE)).toThrow(/no built chunk for the island workshop/);
    rmSync(join(dir, 'pl/kontakt'), { recursive: true });
  });
});
