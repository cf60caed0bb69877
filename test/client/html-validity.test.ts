import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { builtPages } from './built-pages';

// The Nu Html Checker (vnu.jar, run by the machine's Java) over every page the build wrote, in
// every language, the 404 pages included: no error. `npm test` runs this suite after the build.

const jar: string = createRequire(import.meta.url)('vnu-jar');
const ROOT = 'dist/client';

/** The checker's errors for some files, as `file: line: message`. */
function errors(files: string[]): string[] {
  const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const report = JSON.parse(run.stderr || '{"messages":[]}') as {
    messages: { type: string; url?: string; lastLine?: number; message: string }[];
  };
  return report.messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${(m.url ?? '').replace(/^.*dist\/client\//, '')}: ${m.lastLine ?? '?'}: ${m.message}`);
}

describe.skipIf(!existsSync(ROOT))('the built pages in the Nu Html Checker', () => {
  // A JVM's start alone took over 5 s on a busy 2-core machine (the default limit): a minute, as below.
  it('finds an error where there is one (the checker runs)', { timeout: 60_000 }, () => {
    // The dialog's mistake before issue 30: a one-line control with a multi-line autocomplete token.
    const probe = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '-'], {
      input: '<!doctype html><html lang="pl"><title>x</title><input autocomplete="street-address"></html>',
      encoding: 'utf8',
    });
    expect(JSON.parse(probe.stderr).messages.length).toBeGreaterThan(0);
  });

  it('finds no error on any page in any language', { timeout: 240_000 }, () => {
    const files = builtPages(ROOT);
    expect(files.length).toBeGreaterThanOrEqual(115);
    expect(errors(files)).toEqual([]);
  });
});
