// The versions of the terms and the privacy policy a purchase must accept (site/purchase-rules.ts
// CONSENT_VERSIONS), for the npm scripts that buy tickets: Node runs these scripts without a
// TypeScript loader, so the two dates are read from their one place in site/.
import { readFileSync } from 'node:fs';

const dateIn = (file, name) => {
  const source = readFileSync(new URL(`../site/${file}`, import.meta.url), 'utf8');
  const found = source.match(new RegExp(`export const ${name} = '(\\d{4}-\\d{2}-\\d{2})'`));
  if (!found) throw new Error(`site/${file} no longer declares ${name} as a date: update scripts/consent.mjs`);
  return found[1];
};

/** What a purchase sends as `consent`. */
export const CONSENT = {
  terms: dateIn('terms.ts', 'TERMS_DATE'),
  privacy: dateIn('privacy.ts', 'PRIVACY_POLICY_DATE'),
};
