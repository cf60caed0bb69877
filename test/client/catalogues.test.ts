import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../site/languages';
import { EMAIL_KINDS, ORDER_EVENTS } from '../../site/orders';
import { NAMESPACES } from '../../site/pages';
import { builtPages } from './built-pages';

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

// Catalogues no page loads: the worker's e-mails and the organiser console's own (its own bundle, /admin).
const CATALOGUES = [...NAMESPACES, 'email', 'admin'];

const load = (lang: string, ns: string): Tree => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('exist for exactly the five languages and the known namespaces', () => {
    expect(readdirSync('locales').sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const lang of LANGUAGES) {
      expect(readdirSync(join('locales', lang.code)).sort()).toEqual(CATALOGUES.map((ns) => `${ns}.json`).sort());
    }
  });

  describe.each(CATALOGUES)('%s', (ns) => {
    const reference = flatten(load('pl', ns));
    it.each(LANGUAGES.filter((l) => l.code !== 'pl'))('$code has exactly the Polish keys', (lang) => {
      expect([...flatten(load(lang.code, ns)).keys()].sort()).toEqual([...reference.keys()].sort());
    });
    it.each(LANGUAGES)('$code has no empty text and the same placeholders as Polish', (lang) => {
      for (const [key, text] of flatten(load(lang.code, ns))) {
        expect(text.trim(), `${lang.code}/${ns}:${key}`).not.toBe('');
        expect(placeholders(text), `${lang.code}/${ns}:${key}`).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  });
});

// The built pages must never show a catalogue key instead of a text (i18next's sign of a miss).
const built = existsSync('dist/client/pl/index.html');
describe.skipIf(!built)('built pages', () => {
  const keys = NAMESPACES.flatMap((ns) => [...flatten(load('pl', ns)).keys()]).filter((k) => k.includes('.'));
  // A skipped block is still collected: read dist only when it is there.
  const pages = built ? builtPages('dist/client') : [];
  it('were all prerendered', () => {
    expect(pages.length).toBeGreaterThanOrEqual(115);
  });
  it.each(pages)('%s shows no raw catalogue key', (file) => {
    const text = readFileSync(file, 'utf8')
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ');
    const raw = keys.filter((key) => text.includes(key));
    expect(raw).toEqual([]);
  });
  // The content security policy (style-src 'self') blocks style attributes in served HTML.
  it.each(pages)('%s has no inline style attribute', (file) => {
    expect(readFileSync(file, 'utf8').match(/<[^>]+\sstyle="[^"]*"/g) ?? []).toEqual([]);
  });
});

describe('the order domain in the console', () => {
  const admin = JSON.parse(readFileSync('locales/pl/admin.json', 'utf8'));
  it.each(ORDER_EVENTS)('names the log event %s', (event) => {
    expect(admin.order.events[event]).toEqual(expect.any(String));
  });
  it.each(EMAIL_KINDS)('names the e-mail kind %s', (kind) => {
    expect(admin.order.emailKinds[kind]).toEqual(expect.any(String));
  });
});
