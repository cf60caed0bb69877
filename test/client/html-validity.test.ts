import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { builtPages } from './built-pages';

// The Nu Html Checker (vnu.jar, run by the machine's Java) over every page the build wrote, in
// every language, the 404 pages included: no error. `npm test` runs this suite after the build.

const jar: string = createRequire(import.meta.url)('vnu-jar');
const ROOT = 'dist/client';

/**
 * What the checker's CSS validator does not know yet, met in the pages' inline first-screen rules
 * (scripts/critical-css.ts): CSS Anchor Positioning (the header's menus, where the browser has it)
 * and a colour stop at a unitless 0 (the language flags, `linear-gradient(#fff 50%, #dc143c 0)`),
 * both valid CSS. Any other CSS message is an error as before.
 */
const VALIDATOR_GAPS = [
  /^CSS: “(anchor-name|anchor-scope|position-anchor|position-area|position-try-fallbacks)”: Property “\1” doesn't exist\.$/,
  /^CSS: “background”: too few values for the property “linear-gradient”\.$/,
  // `blocking="render"` on `<link rel="expect">` (the pages' head: no frame before the page up to its
  // footer is parsed), which the HTML standard allows and the checker does not know yet: it allows
  // `blocking` on stylesheets only. The pages' test below checks that every such link is one of the two.
  /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
];
const known = (message: string) => VALIDATOR_GAPS.some((gap) => gap.test(message));

/** The checker's errors for some files (or one document on stdin), as `file: line: message`. */
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
    .filter((m) => (m.type === 'error' || m.type === 'non-document-error') && !known(m.message))
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

  it('lets only the validator’s known gaps through in inline CSS, not a real mistake', { timeout: 60_000 }, () => {
    const page = (css: string) => `<!doctype html><html lang="pl"><title>x</title><style>${css}</style><p>x</p></html>`;
    const messages = (css: string) =>
      (
        JSON.parse(
          spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '-'], {
            input: page(css),
            encoding: 'utf8',
          }).stderr,
        ) as { messages: { message: string }[] }
      ).messages.map((m) => m.message);
    const gaps = messages('a{anchor-name:--m;position-area:bottom}b{background:linear-gradient(#fff 50%,#dc143c 0)}');
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.filter((m) => !known(m))).toEqual([]);
    expect(messages('a{colr:red}').filter((m) => !known(m))).not.toEqual([]);
  });

  it('finds no error on any page in any language', { timeout: 240_000 }, () => {
    const files = builtPages(ROOT);
    expect(files.length).toBeGreaterThanOrEqual(115);
    expect(errors(files)).toEqual([]);
    // The checker's gap for `blocking` lets through any link with it: only these two may carry it.
    const blocking = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<link\b[^>]*\bblocking=[^>]*>/g)].map((link) => `${file}: ${link[0]}`),
    );
    expect(blocking.length).toBeGreaterThanOrEqual(115);
    expect(blocking.filter((link) => !/\brel="(expect|stylesheet)"/.test(link))).toEqual([]);
    // Each page's first frame waits for an element the page has (a target it lacks would hold the
    // frame until the whole page is parsed): the footer, or on a ticket's page (the worker writes the
    // ticket in) the programme's heading, whose test is in test/worker/ticket-page.test.ts.
    const targets = files.flatMap((file) => {
      const html = readFileSync(file, 'utf8');
      const target = html.match(/<link rel="expect" href="#([\w-]+)"/)?.[1];
      // The console's page has no such link: it draws no page content before its script.
      if (!target || (target === 'ticket-agenda' && /\/bilet\/index\.html$/.test(file))) return [];
      return html.includes(` id="${target}"`) ? [] : [`${file}: #${target}`];
    });
    expect(targets).toEqual([]);
  });
});
