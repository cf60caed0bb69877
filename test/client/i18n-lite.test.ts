import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createI18n, ISLAND_NAMESPACES } from '../../client/lib/i18n';
import lite, { I18nextProvider, type LiteI18n, useTranslation } from '../../client/lib/i18n-lite';
import { siteFacts } from '../../site/facts';
import { LANGUAGES, type LanguageCode } from '../../site/languages';

// The built client's islands take their texts from client/lib/i18n-lite.ts instead of i18next
// (vite.config.ts `islandI18n`), while the prerender and the worker render the same islands with
// i18next: a text that came out differently would be a hydration mismatch, or a wrong text.
// The order page's VAT section loads its own catalogue (client/components/order-vat.tsx).
const NAMESPACES = [...ISLAND_NAMESPACES, 'vat'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

type T = (key: string, options?: Record<string, unknown>) => string;

function instances(lang: LanguageCode) {
  const i18next = createI18n(lang);
  // Keys built at run time: i18next's typed `t` knows only literal keys.
  const real = { t: i18next.t as unknown as T, addResourceBundle: i18next.addResourceBundle.bind(i18next) };
  const mine = lite.createInstance().init({
    lng: lang,
    defaultNS: 'common',
    interpolation: { defaultVariables: siteFacts(lang) },
  });
  for (const ns of NAMESPACES) {
    real.addResourceBundle(lang, ns, load(lang, ns), true, true);
    mine.addResourceBundle(lang, ns, load(lang, ns));
  }
  return { real, mine };
}

describe('the islands’ texts without i18next', () => {
  for (const { code: lang } of LANGUAGES) {
    it(`are i18next's, text by text, in ${lang}`, () => {
      const { real, mine } = instances(lang);
      let compared = 0;
      for (const ns of NAMESPACES) {
        for (const [path, text] of leaves(load(lang, ns))) {
          const key = `${ns}:${path.replace(PLURAL, '')}`;
          const names = [...new Set([...text.matchAll(/\{\{-?\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] as string))];
          // Every placeholder given a value, then one left out, then one given as undefined; the
          // site's facts (`{{date}}`) come from the instance when not given.
          const given = Object.fromEntries(names.map((name, i) => [name, `«${name} ${i}»`]));
          const variants: Record<string, unknown>[] = [
            given,
            {},
            { [names[0] ?? 'x']: undefined },
            { [names[0] ?? 'x']: 7 },
          ];
          if (PLURAL.test(path)) for (const count of [0, 1, 2, 5, 12, 21, 22, 1.5]) variants.push({ ...given, count });
          for (const options of variants) {
            expect(mine.t(key, options), `${lang} ${key} ${JSON.stringify(options)}`).toBe(real.t(key, options));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(200);
    });
  }

  it('fall back as i18next does: the default value, else the key without its namespace', () => {
    const { real, mine } = instances('pl');
    for (const [key, options] of [
      ['cart:no.such.key', {}],
      ['cart:no.such.key', { defaultValue: 'Zapasowy {{n}}', n: 3 }],
      ['cart:errors', {}],
      ['no-namespace.key', {}],
      ['cart:no.such.key', { count: 2, defaultValue: 'x' }],
    ] as const) {
      expect(mine.t(key, options), key).toBe(real.t(key, options));
    }
  });

  it('look a key up in the hook’s namespaces in order, the first one the default', () => {
    const { mine } = instances('pl');
    mine.addResourceBundle('pl', 'first', { only: 'z pierwszego', both: 'pierwszy' });
    mine.addResourceBundle('pl', 'second', { only2: 'z drugiego', both: 'drugi' });
    function Texts() {
      const { t } = useTranslation(['first', 'second']);
      return createElement('p', null, [t('only'), t('only2'), t('both'), t('second:both')].join('|'));
    }
    render(createElement(I18nextProvider, { i18n: mine as LiteI18n }, createElement(Texts)));
    expect(screen.getByText('z pierwszego|z drugiego|pierwszy|drugi')).toBeTruthy();
  });
});
