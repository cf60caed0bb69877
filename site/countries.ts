/**
 * Countries an invoice can name, without shipping a list: the runtime's own CLDR data (through
 * `Intl.DisplayNames`) knows every ISO 3166-1 alpha-2 code and its name in each of the site's
 * languages, so the dialog, the worker and the e-mails ask it instead of carrying 250 names in five
 * languages. What CLDR names beyond the countries (regions such as the EU or the Canary Islands,
 * pseudo-locales, "unknown") is left out here; what remains is FA(3)'s list of country codes
 * (`TKodKraju`), Kosovo's XK included, which a test checks against the official schema.
 */

/** Codes CLDR names that are not countries (FA(3) has none of them): regions, groupings, test codes. */
const NOT_COUNTRIES = 'AC CP CQ DG EA EU EZ IC QO TA UN XA XB ZZ';

let known: Set<string> | undefined;

function countrySet(): Set<string> {
  if (!known) {
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    known = new Set();
    for (let first = 65; first < 91; first++) {
      for (let second = 65; second < 91; second++) {
        const code = String.fromCharCode(first, second);
        // An old code (`UK`, `YU`) is an alias CLDR names after the country that replaced it.
        const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
        if (current && !NOT_COUNTRIES.includes(code) && names.of(code)) known.add(code);
      }
    }
  }
  return known;
}

/** Every country's code (ISO 3166-1 alpha-2, upper case), in alphabetical order of the codes. */
export const countryCodes = () => [...countrySet()];

/** Whether a value is a country's code (upper case, as `countryCodes()` gives them). */
export const isCountryCode = (value: string) => /^[A-Z]{2}$/.test(value) && countrySet().has(value);

/** A country's name in a language (`Niemcy`, `Germany`), or its code where the runtime has none. */
export const countryName = (lang: string, code: string) =>
  new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;

/** Every country but Poland with its name in a language, in that language's alphabetical order. */
export function otherCountries(lang: string): [code: string, name: string][] {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(lang);
  return countryCodes()
    .filter((code) => code !== 'PL')
    .map((code): [string, string] => [code, names.of(code) ?? code])
    .sort((a, b) => collator.compare(a[1], b[1]));
}
