import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { xmllint } from './xmllint';

// The sitemap protocol's schema with a schema for the hreflang links (test/vendor/sitemaps/SOURCE.md).
const SCHEMA = fileURLToPath(new URL('../vendor/sitemaps/all.xsd', import.meta.url));

/**
 * A sitemap checked by xmllint against the protocol's schema: valid, or xmllint's messages. A
 * schema that could not load its imports counts as invalid, never as a pass.
 */
export function validateSitemap(xml: string): { valid: boolean; errors: string } {
  const result = spawnSync(xmllint(), ['--noout', '--nonet', '--schema', SCHEMA, '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  const errors = result.stderr.trim();
  const schemaIncomplete = /Failed to locate a schema|Skipping the import|failed to load/i.test(errors);
  return { valid: result.status === 0 && !schemaIncomplete && /\bvalidates$/.test(errors), errors };
}
