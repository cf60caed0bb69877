import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../../client/islands';
import { ISLAND_NAMESPACES } from '../../client/lib/i18n';
import { islandsOf } from '../../scripts/js-budget.mjs';
import { brandName } from '../../site/event';
import { LANGUAGES } from '../../site/languages';

describe("the islands' catalogues", () => {
  it('are the only ones the built client can load, and all of them', () => {
    const used = new Set(Object.values(ISLANDS).flatMap((island) => island.namespaces));
    expect([...used].sort()).toEqual([...ISLAND_NAMESPACES].sort());
    // The built client's glob (a literal) names the same namespaces.
    const source = readFileSync('client/lib/i18n.ts', 'utf8');
    const glob = source.match(/'\.\.\/\.\.\/locales\/\*\/\{([\w,]+)\}\.json'/)?.[1]?.split(',') ?? [];
    expect(glob.sort()).toEqual([...ISLAND_NAMESPACES].sort());
  });

  it("are read from client/islands.ts as they are declared, for the build's check of JS in all (scripts/js-budget.mjs)", () => {
    const { modules, namespaces } = islandsOf(readFileSync('client/islands.ts', 'utf8'));
    expect(Object.keys(modules).sort()).toEqual(Object.keys(ISLANDS).sort());
    for (const [name, island] of Object.entries(ISLANDS)) {
      expect(namespaces[name], name).toEqual([...island.namespaces]);
      expect(existsSync(`${modules[name]}.tsx`), name).toBe(true);
    }
  });

  it("name the congress as site/ does: the order page takes the brand from there, not from 'common'", () => {
    for (const { code } of LANGUAGES) {
      const common = JSON.parse(readFileSync(`locales/${code}/common.json`, 'utf8'));
      expect(common.brand.full, code).toBe(brandName());
    }
  });
});

// The bench's line "JS in all at most 100 KB" counts every file an island page loads: each island is
// the entry (React, i18next, the site's formatting) plus its own chunk and catalogue, never a common
// chunk beside them (vite.config.ts `entryChunk`; eight files were 1.5 KB more gzip than three).
const manifestFile = 'dist/client/.vite/manifest.json';
describe.skipIf(!existsSync(manifestFile))("the islands' built files", () => {
  type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; src?: string };
  const manifest: Record<string, Chunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  it("are the entry, the island's own chunk and its catalogue: no common chunk", () => {
    const scripts = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
    const entry = scripts.filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
    expect(entry).toEqual(['client/index.html']);
    const islands = scripts.filter(([key]) => key.startsWith('client/components/'));
    // One chunk per island, and one per part an island loads only when it needs it: the order
    // page's VAT section (order-status.tsx `loadOrderVat`), whose catalogue it loads itself.
    const parts = ['client/components/order-vat.tsx'];
    expect(islands).toHaveLength(Object.keys(ISLANDS).length + parts.length);
    for (const part of parts) expect(manifest[part]?.isDynamicEntry, part).toBe(true);
    for (const [key, chunk] of islands) expect(chunk.imports ?? [], key).toEqual(['client/index.html']);
    // Turnstile's loader (client/lib/bot-check.ts): a chunk of its own, loaded at a form's first focus.
    const lazy = ['client/lib/turnstile.ts'];
    for (const part of lazy) expect(manifest[part]?.isDynamicEntry, part).toBe(true);
    const rest = scripts.filter(
      ([key, chunk]) => !chunk.isEntry && !key.startsWith('client/components/') && !lazy.includes(key),
    );
    for (const [key, chunk] of rest) expect(chunk.file, key).toMatch(/^assets\/locale-[\w-]+\.js$/);
  });
});
