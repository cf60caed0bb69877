import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../site/pages';
import { builtPages } from './built-pages';

// One register and one term list per language: a text that slips into the other form fails here.
type Rule = { why: string; pattern: RegExp };

const RULES: Record<string, readonly Rule[]> = {
  es: [
    { why: 'usted instead of tú', pattern: /\bustedes?\b/i },
    {
      why: 'usted imperative instead of tú',
      pattern:
        /\b(escríbanos|contáctenos|llámenos|envíe|envíenos|rellene|indique|indíquenos|consulte|describa|comparta|elija|díganos|cuéntenos|preséntenos|únase|reserve|asocie|construya|muestre|pegue|proponga|corrija|compruebe|espere|vuelva a cargar|vuelva a intentarlo|acórtelo|inténtelo|visítenos|pregúntenos|compre|lleve|proponga|intervenga|reciba|exponga|colabore|patrocine|invite|preséntese)\b/i,
    },
    {
      why: 'usted verb instead of tú',
      pattern: /\b(ha encontrado|prefiere escribirnos|¿tiene|le responderemos|le enviaremos|le invitaremos)\b/i,
    },
    { why: '"stand" instead of "estand"', pattern: /\bstands?\b(?!-)/i },
  ],
  de: [
    { why: '"Teilnehmer" instead of "Teilnehmende"', pattern: /\bTeilnehmer(n|s|in|innen)?\b/ },
    { why: 'du instead of Sie', pattern: /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/ },
    {
      why: 'du imperative instead of Sie',
      pattern: /\b(Frag|Schreib|Prüf|Korrigiere|Wähle|Gib|Klicke|Trag|Lies|Halte)\b(?! Sie)/,
    },
  ],
  'en-GB': [
    { why: 'American spelling in en-GB', pattern: /\b(program|programs|color|center|favorite|organiz\w*|catalog)\b/ },
  ],
  'en-US': [
    {
      why: 'British spelling in en-US',
      pattern: /\b(programme|programmes|colour|centre|favourite|organis\w*|catalogue)\b/,
    },
  ],
};

function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

/** The texts of a language that break one of its rules, as `namespace:key: why`. */
function violations(lang: string, catalogue: Record<string, unknown>): string[] {
  return Object.entries(catalogue).flatMap(([ns, tree]) =>
    texts(tree).flatMap(([key, text]) =>
      (RULES[lang] ?? [])
        // Placeholders name facts, not words: `{{organiser}}` is not a British spelling.
        .filter((rule) => rule.pattern.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '')))
        .map((rule) => `${ns}:${key}: ${rule.why}`),
    ),
  );
}

/** The site's catalogues, and the console's and the e-mails', which organisers and buyers read too. */
const load = (lang: string) =>
  Object.fromEntries(
    [...NAMESPACES, 'admin', 'email'].map((ns) => [ns, JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'))]),
  );

describe('one register per language', () => {
  it('catches a mixed register or term list', () => {
    expect(violations('es', { info: { a: 'Escríbanos.', b: 'Reserva tu stand.' } })).toHaveLength(2);
    expect(
      violations('de', { home: { a: 'Teilnehmer vor Ort', b: 'Schreib uns, wenn du Fragen hast.' } }),
    ).toHaveLength(3);
    expect(
      violations('de', { admin: { a: 'Frag nach.', b: 'Fragen Sie nach.', c: 'Halten Sie es fest.' } }),
    ).toHaveLength(1);
    expect(violations('en-US', { x: { a: 'The programme' } })).toHaveLength(1);
    expect(violations('en-GB', { x: { a: 'The program' } })).toHaveLength(1);
    expect(violations('es', { info: { a: 'Escríbenos: reserva tu estand; stand-up incluido.' } })).toEqual([]);
  });

  it.each(Object.keys(RULES))('%s catalogues keep their register and terms', (lang) => {
    expect(violations(lang, load(lang))).toEqual([]);
  });
});

// en-US pages show 12-hour times; a 24-hour time ("20:00") in a rendered page is a slip.
const TWENTY_FOUR_HOUR = /\b([01]?\d|2[0-3]):[0-5]\d\b(?!\s?[AP]M)/;

/** The visible text of a page: no scripts, no tags (attributes hold machine-readable times). */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ');

describe('en-US time format', () => {
  it('finds a 24-hour time in a page and accepts 12-hour ones', () => {
    expect(TWENTY_FOUR_HOUR.test(visibleText('<p>10:00–20:00</p>'))).toBe(true);
    expect(TWENTY_FOUR_HOUR.test(visibleText('<p><time datetime="2027-10-23T17:00+02:00">5:00 PM</time></p>'))).toBe(
      false,
    );
    expect(TWENTY_FOUR_HOUR.test('1:1 networking')).toBe(false);
  });

  const dir = 'dist/client/en-us';
  const pages = existsSync(dir) ? builtPages(dir) : [];
  it.skipIf(pages.length === 0).each(pages)('%s shows only 12-hour times', (file) => {
    const text = visibleText(readFileSync(file, 'utf8'));
    expect(text.match(new RegExp(TWENTY_FOUR_HOUR, 'g')) ?? []).toEqual([]);
  });
});
