import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../../client/islands';
import { ISLAND_NAMESPACES } from '../../client/lib/i18n';
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

  it("name the congress as site/ does: the order page takes the brand from there, not from 'common'", () => {
    for (const { code } of LANGUAGES) {
      const common = JSON.parse(readFileSync(`locales/${code}/common.json`, 'utf8'));
      expect(common.brand.full, code).toBe(brandName());
    }
  });
});
