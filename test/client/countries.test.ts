import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countryCodes, countryName, isCountryCode, otherCountries } from '../../site/countries';
import { countryOfPrefix, EU_VAT_PREFIXES } from '../../site/invoices';

/** FA(3)'s country codes (`TKodKraju`), from the official schema. */
const FA3_CODES = [
  ...readFileSync('test/vendor/ksef-fa3/bazowe/KodyKrajow_v10-0E.xsd', 'utf8').matchAll(
    /<xsd:enumeration value="([A-Z]{2})">/g,
  ),
].map((match) => match[1]);

describe('the countries an invoice can name', () => {
  it("are FA(3)'s country codes, but for the four that are no country of their own today", () => {
    expect(FA3_CODES.length).toBeGreaterThan(250);
    const codes = countryCodes();
    expect(codes.filter((code) => !FA3_CODES.includes(code))).toEqual([]);
    // The Netherlands Antilles (dissolved in 2010), Ceuta, Melilla and Northern Ireland (parts of
    // Spain and the United Kingdom, each with a code of its own for customs and VAT).
    expect(FA3_CODES.filter((code) => !codes.includes(code as string)).sort()).toEqual(['AN', 'XC', 'XI', 'XL']);
  });

  it('include every EU member state', () => {
    for (const prefix of EU_VAT_PREFIXES) expect(isCountryCode(countryOfPrefix(prefix)), prefix).toBe(true);
  });

  it('leave out regions, groupings, old codes and anything not upper case', () => {
    for (const code of ['EU', 'EZ', 'UN', 'ZZ', 'IC', 'UK', 'YU', 'EL', 'pl', 'POL', '', 'QQ']) {
      expect(isCountryCode(code), code).toBe(false);
    }
  });

  it('are named in the language and sorted by its alphabet, Poland apart', () => {
    expect(countryName('de', 'PL')).toBe('Polen');
    expect(countryName('es', 'DE')).toBe('Alemania');
    const others = otherCountries('pl');
    expect(others.map(([code]) => code)).not.toContain('PL');
    expect(others).toHaveLength(countryCodes().length - 1);
    const names = others.map(([, name]) => name);
    expect(names).toEqual([...names].sort(new Intl.Collator('pl').compare));
    // German order puts Österreich among the O's; code-point order would put it after Zypern.
    const german = otherCountries('de').map(([, name]) => name);
    expect(german.indexOf('Österreich')).toBeLessThan(german.indexOf('Pakistan'));
  });
});
