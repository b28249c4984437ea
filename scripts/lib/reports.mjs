// Reads the JSON reports of Vitest and Playwright into counts and one line per failed test, so
// the end of `npm test`'s output (all CI keeps) names what failed.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(message) {
  return (
    String(message ?? '')
      .replace(colour, '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** @returns {{ passed: number, failed: number, failures: string[] }} */
export function readVitestReport(file, root) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name ?? '');
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that fails to load, or whose hooks throw, has no failed test of its own.
    if (result.status === 'failed' && failedTests.length === 0) {
      failures.push(`${where}: ${firstLine(result.message)}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    failures,
  };
}

function errorLocation(error) {
  const where = error.location;
  return where ? `${path.basename(where.file)}:${where.line}` : 'test';
}

/** The call log's line that says what an action waited for, if it has one. */
function waitingFor(error) {
  const line = String(error.message ?? '')
    .replace(colour, '')
    .split('\n')
    .find((candidate) => candidate.trim().startsWith('- waiting for'));
  return line ? ` (${line.trim().slice(2, 200)})` : '';
}

/** Lines naming a failed test: its title, how long it ran and its errors. */
function failureLines(test, title) {
  const result = test.results?.find((candidate) => candidate.error) ?? test.results?.[0];
  const seconds = ((result?.duration ?? 0) / 1000).toFixed(1);
  const first = result?.errors?.[0]?.location ? ` at ${errorLocation(result.errors[0])}` : '';
  const lines = [
    `e2e ${title} (${test.status}, ${seconds} s${first}): ${firstLine(result?.error?.message)}`,
  ];
  // A test timeout comes with a second error naming the step that was still waiting.
  for (const error of (result?.errors ?? []).slice(1, 4)) {
    lines.push(`    at ${errorLocation(error)}: ${firstLine(error.message)}${waitingFor(error)}`);
  }
  return lines;
}

function playwrightFailures(suites, titles, failures) {
  for (const suite of suites ?? []) {
    const trail = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        failures.push(...failureLines(test, [...trail, spec.title].join(' › ')));
      }
    }
    playwrightFailures(suite.suites, trail, failures);
  }
}

/** @returns {{ passed: number, failed: number, failures: string[] }} */
export function readPlaywrightReport(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  const failures = [];
  playwrightFailures(report.suites, [], failures);
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    failures,
  };
}
