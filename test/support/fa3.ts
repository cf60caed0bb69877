import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xmllint } from './xmllint';

// KSeF's FA(3) schema, vendored byte for byte (test/vendor/ksef-fa3/SOURCE.md). Its import of the
// base types names an http address; the catalogue maps it to the vendored copies, so validation
// runs offline (--nonet) and the official files stay as published.
const VENDOR = fileURLToPath(new URL('../vendor/ksef-fa3/', import.meta.url));
const SCHEMA = `${VENDOR}schemat_FA(3)_v1-0E.xsd`;
const CATALOG = `${VENDOR}catalog.xml`;

function run(args: string[], xml: string) {
  const result = spawnSync(xmllint(), [...args, '-'], {
    input: xml,
    encoding: 'utf8',
    env: { ...process.env, XML_CATALOG_FILES: CATALOG },
  });
  if (result.error) throw result.error;
  return result;
}

/**
 * An FA(3) document checked against the official schema by xmllint: valid, or xmllint's messages.
 * A schema that could not load its imports counts as invalid, never as a pass.
 */
export function validateFa3(xml: string): { valid: boolean; errors: string } {
  const result = run(['--noout', '--nonet', '--schema', SCHEMA], xml);
  const errors = result.stderr.trim();
  const schemaIncomplete = /Failed to locate a schema|Skipping the import|failed to load/i.test(errors);
  return { valid: result.status === 0 && !schemaIncomplete && /\bvalidates$/.test(errors), errors };
}

/**
 * Many FA(3) documents checked in one xmllint run (the schema is read once): each one's verdict,
 * in order. Each document is a file of its own, so a message names the document it is about.
 */
export function validateFa3Many(xmls: string[]): { valid: boolean; errors: string }[] {
  if (xmls.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'fa3-'));
  try {
    const files = xmls.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const result = spawnSync(xmllint(), ['--noout', '--nonet', '--schema', SCHEMA, ...files], {
      encoding: 'utf8',
      env: { ...process.env, XML_CATALOG_FILES: CATALOG },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.error) throw result.error;
    const lines = result.stderr.split('\n');
    const schemaIncomplete = /Failed to locate a schema|Skipping the import|failed to load/i.test(result.stderr);
    return files.map((file) => {
      const own = lines.filter((line) => line.startsWith(file)).join('\n');
      return { valid: !schemaIncomplete && own === `${file} validates`, errors: own };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** XPath over element names without their namespace: `Fa/P_2` is `/Faktura/Fa/P_2`, `*` any element. */
function path(elements: string): string {
  return `/*[local-name()='Faktura']${elements
    .split('/')
    .map((name) => (name === '*' ? '/*' : `/*[local-name()='${name}']`))
    .join('')}`;
}

/** The text of the first element at a path under `Faktura` (`Fa/FaWiersz/P_11`), or '' when none. */
export function fa3Text(xml: string, elements: string): string {
  return xpath(xml, `string(${path(elements)})`);
}

/** An XPath 1.0 expression's value as xmllint prints it, without the line end it adds. */
function xpath(xml: string, expression: string): string {
  return run(['--xpath', expression], xml).stdout.replace(/\n$/, '');
}

/**
 * The texts of every leaf element at a path under `Faktura`, in document order, from one xmllint
 * run: it prints each element found on a line of its own.
 */
export function fa3Texts(xml: string, elements: string): string[] {
  const result = run(['--xpath', path(elements)], xml);
  // xmllint ends with status 10 when nothing matches.
  if (result.status === 10) return [];
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const leaf = /^<[^>]*?(?:\/>|>([^<]*)<\/[^>]+>)$/.exec(line);
      if (!leaf) throw new Error(`fa3Texts: not one leaf element per line: ${line}`);
      return xmlUnescape(leaf[1] ?? '');
    });
}

/** XML text with its entities replaced by the characters they stand for. */
export const xmlUnescape = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
