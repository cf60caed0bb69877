// Writes the invoice PDFs' typeface, Noto Sans regular and bold (SIL Open Font License 1.1, which
// allows embedding), cut down to the characters an invoice can hold, to worker/invoices/fonts/.
// The full files are 630 KB each; the worker carries these subsets (39 KB each) instead, and pdf-lib subsets
// them again to the glyphs a document uses when it embeds them. Run after changing the character
// set or the font package: `npm run invoice-fonts`.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'node_modules/@expo-google-fonts/noto-sans');
const out = join(root, 'worker/invoices/fonts');

const range = (from, to) => String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

// Names and addresses of buyers anywhere in the EU: Basic Latin, Latin-1 (German, Spanish, French,
// Portuguese, Nordic), Latin Extended-A (Polish, Czech, Hungarian, Baltic...), Romanian's comma
// letters, Greek and Cyrillic (Greek and Bulgarian buyers); then the punctuation Intl and typists
// use: the no-break spaces of Polish amounts, dashes, quotes, the euro sign.
const CHARACTERS = [
  range(0x20, 0x7e),
  range(0xa0, 0xff),
  range(0x100, 0x17f),
  range(0x218, 0x21b),
  range(0x370, 0x3ff),
  range(0x400, 0x45f),
  '\u2009\u202f\u2010\u2011\u2012\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u2030\u2032\u2033\u20ac\u2116\u2122\u2212',
].join('');

for (const [weight, file] of [
  ['400Regular', 'noto-sans-regular.ttf'],
  ['700Bold', 'noto-sans-bold.ttf'],
]) {
  const full = await readFile(join(source, weight, `NotoSans_${weight}.ttf`));
  // Hinting only helps small text on low-resolution screens; PDF viewers rasterise without it.
  // pdf-lib places glyphs one after another by their advance widths: no ligatures, no kerning,
  // so the layout tables (and the extra glyphs their features would pull in) are left out.
  const subset = await subsetFont(full, CHARACTERS, {
    targetFormat: 'sfnt',
    noHinting: true,
    keepFeatures: [],
    noLayoutClosure: true,
    dropTables: ['GSUB', 'GPOS', 'GDEF'],
  });
  await writeFile(join(out, file), subset);
  console.log(`${file}: ${full.length} -> ${subset.length} bytes`);
}
await copyFile(join(source, 'LICENSE_FONT'), join(out, 'OFL.txt'));
