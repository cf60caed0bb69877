// What the test command (scripts/test.mjs) reads from the runners' JSON reports: each suite's counts
// and its failed tests, named with the first lines of their errors, so that the tail of a CI log
// says what failed.

/** A failed test as printed above the summary: its name, then the first lines of its error. */
export function formatFailure({ name, message }) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in runners' messages
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  // The first lines: the error, and for a property test its seed and counterexample.
  const head = plain
    .split('\n')
    .map((line) => line.trim().slice(0, 300))
    .filter(Boolean)
    .slice(0, 4);
  return [`  ✗ ${name}`, ...head.map((line) => `      ${line}`)].join('\n');
}

/** Counts and failures of a vitest JSON report (`--reporter=json`); paths relative to `root`. */
export function readVitest(report, root = process.cwd()) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push({ name: `${path} › ${test.fullName}`, message: test.failureMessages?.[0] });
    // A file that failed outside its tests (an import error, a hook) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) failures.push({ name: path, message: file.message });
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests,
    failures,
  };
}

/** Counts and failures of a Playwright JSON report; a flaky test (passed on a retry) counts as passed. */
export function readPlaywright(report) {
  const failures = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.at(-1);
        failures.push({
          name: `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`,
          message: (result?.error ?? result?.errors?.[0])?.message,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside any test: the web server that did not start, a spec that did not load.
  for (const error of report.errors ?? []) failures.push({ name: 'outside the tests', message: error.message });
  const { stats } = report;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, failures };
}
