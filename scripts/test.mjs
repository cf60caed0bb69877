// The one test command: lint and format, typecheck, the layers' rules, deploy dry run, worker tests in workerd,
// component tests, node-side tests (the invoice documents against their schemas and read back with
// pdf.js, the KSeF client against its OpenAPI contract), a production build, then end-to-end tests
// in Chromium against it.
// Prints `N passed, N failed` over every suite as its last line (also in test-results/summary.txt).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { browserVersion, findBrowser } from './browser.mjs';
import { formatFailure, readPlaywright, readVitest } from './test-report.mjs';

const RESULTS = 'test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Failed tests by name with the first lines of their error, printed again just above the summary. */
const failures = [];

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } }).status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function check(name, command, args) {
  const ok = run(command, args);
  totals[ok ? 'passed' : 'failed']++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  return ok;
}

/** A vitest suite: its own test counts, or one failure when it could not report. */
function vitest(name, config) {
  const output = `${RESULTS}/${name}.json`;
  const ok = run('npx', [
    'vitest',
    'run',
    '--config',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${output}`,
  ]);
  count(name, ok, () => readVitest(JSON.parse(readFileSync(output, 'utf8'))));
}

function playwright(name) {
  const ok = run('npx', ['playwright', 'test', '--config', 'test/e2e/playwright.config.ts']);
  count(name, ok, () => readPlaywright(JSON.parse(readFileSync(`${RESULTS}/e2e.json`, 'utf8'))));
  // Turnstile's specs, against a server of their own with it on (test/e2e/turnstile.config.ts).
  const turnstile = run('npx', ['playwright', 'test', '--config', 'test/e2e/turnstile.config.ts']);
  count(`${name}, Turnstile on`, turnstile, () =>
    readPlaywright(JSON.parse(readFileSync(`${RESULTS}/e2e-turnstile.json`, 'utf8'))),
  );
}

function count(name, ok, read) {
  let result = { passed: 0, failed: 1, skipped: 0 };
  try {
    result = read();
  } catch {
    // No report: the runner itself failed; counted as one failure.
  }
  // A runner that failed without a failing test (a crash, an error outside tests) still fails.
  if (!ok && result.failed === 0) result.failed = 1;
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  failures.push(...(result.failures ?? []));
  lines.push(`${result.failed ? 'FAIL' : 'ok  '} ${name}: ${result.passed} passed, ${result.failed} failed`);
}

check('lint and format (biome)', 'npx', ['biome', 'ci', '.']);
check('typecheck (every tsconfig)', 'npx', ['tsc', '-b']);
check('layers (dependency-cruiser, scripts/dependency-rules.cjs)', 'npm', ['run', 'deps']);
const built = check('production build with prerendered pages', 'npm', ['run', 'build']);
check('deploy configuration (wrangler deploy --dry-run)', 'npm', ['run', 'check:deploy']);
vitest('worker', 'test/worker/vitest.config.ts');
vitest('client', 'test/client/vitest.config.ts');
vitest('node', 'test/node/vitest.config.ts');
if (built) {
  try {
    // The browser's version is part of the suite's name, so a failure names it.
    const browser = browserVersion(findBrowser());
    console.log(`\nBrowser tests in ${browser}`);
    playwright(`e2e (${browser})`);
  } catch (error) {
    console.error(String(error.message ?? error));
    totals.failed++;
    lines.push('FAIL e2e: no browser');
  }
} else {
  totals.failed++;
  lines.push('FAIL e2e: not run, the build failed');
}

const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
if (failures.length) console.log(`\nFailed tests:\n${failures.map(formatFailure).join('\n')}`);
console.log(`\n${lines.join('\n')}\n`);
writeFileSync(`${RESULTS}/summary.txt`, `${summary}\n`);
console.log(summary);
process.exit(totals.failed ? 1 : 0);
