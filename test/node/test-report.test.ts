import { describe, expect, it } from 'vitest';
import { formatFailure, readPlaywright, readVitest } from '../../scripts/test-report.mjs';

// Reports shaped as vitest's and Playwright's JSON reporters write them (only the fields read).
const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 2,
  testResults: [
    {
      name: '/repo/test/worker/writes.properties.test.ts',
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'purchase properties stores one order', failureMessages: [] },
        {
          status: 'failed',
          fullName: 'contact properties stores exactly one message',
          failureMessages: [
            '\u001b[31mError: Property failed after 33 tests\u001b[39m\n{ seed: 1791471126, path: "32:4" }\nCounterexample: [{"name":"!\u0085!"}]\nShrunk 72 time(s)\n\nHint: Enable verbose mode',
          ],
        },
      ],
    },
    { name: '/repo/test/worker/edge.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
    // An import error: the file failed, none of its tests ran.
    {
      name: '/repo/test/worker/broken.test.ts',
      status: 'failed',
      message: 'Failed to load ./missing',
      assertionResults: [],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 0 },
  errors: [],
  suites: [
    {
      title: 'shell.spec.ts',
      specs: [
        {
          title: 'the footer loads',
          file: 'shell.spec.ts',
          line: 10,
          tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }, {}] }],
        },
      ],
      suites: [
        {
          title: 'welcome popup',
          specs: [
            {
              title: 'does not open over a purchase dialog',
              file: 'shell.spec.ts',
              line: 270,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: 'Error: expect(locator).toBeHidden() failed' } }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('the test command reads the runners’ reports', () => {
  it('counts a vitest suite and names its failed tests and the files that failed outside them', () => {
    const result = readVitest(vitestReport, '/repo');
    expect(result).toMatchObject({ passed: 3, failed: 1, skipped: 2 });
    expect(result.failures.map((f) => f.name)).toEqual([
      'test/worker/writes.properties.test.ts › contact properties stores exactly one message',
      'test/worker/broken.test.ts',
    ]);
  });

  it('counts a Playwright run, a flaky test as passed, and names the failed one with its describe', () => {
    const result = readPlaywright(playwrightReport);
    expect(result).toMatchObject({ passed: 6, failed: 1, skipped: 0 });
    expect(result.failures).toEqual([
      {
        name: 'shell.spec.ts:270 › welcome popup › does not open over a purchase dialog',
        message: 'Error: expect(locator).toBeHidden() failed',
      },
    ]);
  });

  it('names an error outside any test, such as a server that did not start', () => {
    const result = readPlaywright({
      ...playwrightReport,
      errors: [{ message: 'Timed out waiting for the webServer' }],
    });
    expect(result.failures.at(-1)).toEqual({
      name: 'outside the tests',
      message: 'Timed out waiting for the webServer',
    });
  });

  it('prints a failure with the first lines of its error, colours removed: a property’s seed among them', () => {
    const [failure] = readVitest(vitestReport, '/repo').failures;
    expect(formatFailure(failure as { name: string; message: string }).split('\n')).toEqual([
      '  ✗ test/worker/writes.properties.test.ts › contact properties stores exactly one message',
      '      Error: Property failed after 33 tests',
      '      { seed: 1791471126, path: "32:4" }',
      '      Counterexample: [{"name":"!\u0085!"}]',
      '      Shrunk 72 time(s)',
    ]);
  });
});
