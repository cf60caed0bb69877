import { describe, expect, it } from 'vitest';
import { switchLanguagePath } from '../../client/components/language-picker';

describe('switchLanguagePath', () => {
  it('replaces the language segment', () => {
    expect(switchLanguagePath('/pl/kup-bilet', 'de')).toBe('/de/kup-bilet');
  });
  it('replaces an upper-case language segment', () => {
    expect(switchLanguagePath('/EN-GB/program', 'es')).toBe('/es/program');
  });
  it('prepends the language when the path has none', () => {
    expect(switchLanguagePath('/wspolpraca/dla-wystawcy', 'en-US')).toBe('/en-us/wspolpraca/dla-wystawcy');
  });
  it('switches the home page', () => {
    expect(switchLanguagePath('/pl', 'en-GB')).toBe('/en-gb');
    expect(switchLanguagePath('/', 'de')).toBe('/de');
  });
});
