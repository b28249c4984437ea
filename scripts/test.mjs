// `npm test`: install what is missing, check formatting, lint and types, then run every suite:
// unit and API tests (API on PGlite and on a throwaway PostgreSQL), and the browser suite.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackages, ensureDependencies, root, run } from './lib/setup.mjs';
import { freePort, startPostgres } from './lib/postgres.mjs';
import { readPlaywrightReport, readVitestReport } from './lib/reports.mjs';

const outDir = path.join(root, '.tmp', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = [];
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, options = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const status = run(command, options);
  results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
  return status === 0;
}

function spawned(command, options) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, { shell: true, cwd: root, ...options });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(output) }));
  });
}

/**
 * Runs lanes of single-threaded steps side by side (each lane keeps one core busy), the steps
 * of a lane in turn. Each step's output is printed whole once all lanes have ended, so the log
 * reads as if the steps ran one after another. Answers whether each step passed, by name.
 */
async function together(lanes) {
  const ended = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const { name, command, options = {} } of lane) {
        const started = Date.now();
        const { status, output } = await spawned(command, options);
        done.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000, output });
      }
      return done;
    }),
  );
  const passed = {};
  for (const { name, ok, seconds, output } of ended.flat()) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    results.push({ name, ok, seconds });
    passed[name] = ok;
  }
  return passed;
}

function count(report) {
  passed += report.passed;
  failed += report.failed;
  failures.push(...report.failures);
}

function vitest(name, dir, label, env = {}) {
  const file = path.join(outDir, `${label}.json`);
  const ok = step(name, `npx vitest run --reporter=default --reporter=json --outputFile=${file}`, {
    cwd: path.join(root, dir),
    env: { ...process.env, ...env },
  });
  if (existsSync(file)) count(readVitestReport(file, root));
  if (!ok && !existsSync(file)) failed += 1;
}

const installing = Date.now();
ensureDependencies();
ensureDebianPackages();
results.push({
  name: 'install (npm ci, Debian packages)',
  ok: true,
  seconds: (Date.now() - installing) / 1000,
});

// The formatting check reads sources while the build writes only dist/, so they overlap.
const build = await together([
  [{ name: 'formatting (prettier)', command: 'npx prettier --check .' }],
  [
    { name: 'build (tsc -b)', command: 'npx tsc -b' },
    { name: 'build (web, vite)', command: 'npm run build -w apps/web' },
  ],
]);
const built = build['build (tsc -b)'] && build['build (web, vite)'];
// Type-aware lint reads the workspace packages' built declarations, so it runs after the build,
// beside the type checks of what the build leaves out: tests, browser tests and benchmarks.
await together([
  [{ name: 'lint (eslint)', command: 'npx eslint .' }],
  [
    'packages/contracts/tsconfig.test.json',
    'packages/audit-core/tsconfig.test.json',
    'apps/server/tsconfig.test.json',
    'e2e/tsconfig.json',
    'bench/tsconfig.json',
  ].map((project) => ({
    name: `test types (${path.dirname(project)})`,
    command: `npx tsc -p ${project}`,
  })),
]);

vitest('unit tests: contracts', 'packages/contracts', 'contracts');
vitest('unit tests: audit engine', 'packages/audit-core', 'audit-core');
vitest('API tests on PGlite', 'apps/server', 'server-pglite');

const postgres = await startPostgres();
try {
  vitest('API tests on PostgreSQL', 'apps/server', 'server-postgres', {
    TEST_DATABASE_URL: postgres.url,
  });
} finally {
  postgres.stop();
}

if (existsSync(path.join(root, 'apps/web/vitest.config.ts'))) {
  vitest('web unit tests', 'apps/web', 'web');
}

// Browser tests: those on screens alone two at a time, then those that run audit stages, one at
// a time on a server of their own (see e2e/playwright.config.ts).
const browserRuns = [
  { project: 'screens', workers: 2 },
  { project: 'stages', workers: 1 },
];
for (const { project, workers } of built ? browserRuns : []) {
  const file = path.join(outDir, `e2e-${project}.json`);
  const ok = step(
    `browser tests: ${project} (Playwright, Chromium, ${workers} at a time)`,
    `npx playwright test --project=${project} --output=../.tmp/e2e-output/${project}`,
    {
      cwd: path.join(root, 'e2e'),
      env: {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
        E2E_PORT: String(await freePort()),
        E2E_WORKERS: String(workers),
      },
    },
  );
  if (existsSync(file)) {
    count(readPlaywrightReport(file));
  } else if (!ok) failed += 1;
}

console.log('\n=== summary ===');
for (const result of results) {
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name}  (${result.seconds.toFixed(1)} s)`);
}
if (failures.length > 0) {
  console.log('\nfailed tests:');
  for (const failure of failures) console.log(`  ${failure}`);
}
const stepsFailed = results.filter((result) => !result.ok).length;
if (stepsFailed > 0 && failed === 0) failed = stepsFailed;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(stepsFailed > 0 || failed > 0 ? 1 : 0);
