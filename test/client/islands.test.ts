import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandName } from '../../site/event';
import { LANGUAGES } from '../../site/languages';

describe("the islands' catalogues", () => {
  it("name the congress as site/ does: the order page takes the brand from there, not from 'common'", () => {
    for (const { code } of LANGUAGES) {
      const common = JSON.parse(readFileSync(`locales/${code}/common.json`, 'utf8'));
      expect(common.brand.full, code).toBe(brandName());
    }
  });
});
