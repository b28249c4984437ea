// `npm test`: install what is missing, check formatting, lint and types, then run every suite:
// unit and API tests (API on PGlite and on a throwaway PostgreSQL), and the browser suite.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackages, ensureDependencies, root } from './lib/setup.mjs';
import { freePort, startPostgres } from './lib/postgres.mjs';
import { readPlaywrightReport, readVitestReport } from './lib/reports.mjs';

const outDir = path.join(root, '.tmp', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = [];
let passed = 0;
let failed = 0;
const failures = [];

/** Runs a shell command; answers its exit status and, unless `live` printed it, its output. */
function spawned(command, options, live) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, {
      shell: true,
      cwd: root,
      stdio: live ? 'inherit' : 'pipe',
      ...options,
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(output) }));
  });
}

/**
 * A step of the run: a shell command; `prepare` may start what it needs first (answering extra
 * environment and what stops it), `report` reads its test report once it ended.
 */
function task(name, command, { cwd = root, env = {}, prepare, report } = {}) {
  return { name, command, cwd, env, prepare, report };
}

/**
 * Runs lanes of steps side by side, the steps of a lane in turn: a lane of single-threaded steps
 * beside one whose steps wait on child processes, browsers or a database keeps both cores busy.
 * Each step's output is printed whole once all lanes have ended, so the log reads as if the
 * steps ran one after another. Answers whether each step passed, by name.
 */
async function together(lanes) {
  // A single lane prints as it goes.
  const live = lanes.length === 1 && lanes[0].length === 1;
  if (live) console.log(`\n=== ${lanes[0][0].name} ===`);
  const ended = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const step of lane) {
        const started = Date.now();
        let outcome = { status: 1, output: Buffer.alloc(0) };
        let stop;
        try {
          const prepared = step.prepare ? await step.prepare() : {};
          stop = prepared.stop;
          outcome = await spawned(
            step.command,
            { cwd: step.cwd, env: { ...process.env, ...step.env, ...prepared.env } },
            live,
          );
        } catch (error) {
          outcome.output = Buffer.from(`${String(error?.stack ?? error)}\n`);
        } finally {
          stop?.();
        }
        const seconds = (Date.now() - started) / 1000;
        done.push({ step, ok: outcome.status === 0, seconds, output: outcome.output });
      }
      return done;
    }),
  );
  const passed = {};
  for (const { step, ok, seconds, output } of ended.flat()) {
    if (!live) console.log(`\n=== ${step.name} ===`);
    process.stdout.write(output);
    results.push({ name: step.name, ok, seconds });
    step.report?.(ok);
    passed[step.name] = ok;
  }
  return passed;
}

function count(report) {
  passed += report.passed;
  failed += report.failed;
  failures.push(...report.failures);
}

function vitest(name, dir, label, options = {}) {
  const file = path.join(outDir, `${label}.json`);
  return task(name, `npx vitest run --reporter=default --reporter=json --outputFile=${file}`, {
    ...options,
    cwd: path.join(root, dir),
    report: (ok) => {
      if (existsSync(file)) count(readVitestReport(file, root));
      else if (!ok) failed += 1;
    },
  });
}

/** A Playwright project on a server of its own (see e2e/playwright.config.ts). */
function browser(project, workers) {
  const file = path.join(outDir, `e2e-${project}.json`);
  return task(
    `browser tests: ${project} (Playwright, Chromium, ${workers} at a time)`,
    `npx playwright test --project=${project} --output=../.tmp/e2e-output/${project}`,
    {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_WORKERS: String(workers) },
      prepare: async () => ({ env: { E2E_PORT: String(await freePort()) } }),
      report: (ok) => {
        if (existsSync(file)) count(readPlaywrightReport(file));
        else if (!ok) failed += 1;
      },
    },
  );
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
  [task('formatting (prettier)', 'npx prettier --check .')],
  [task('build (tsc -b)', 'npx tsc -b'), task('build (web, vite)', 'npm run build -w apps/web')],
]);
const built = build['build (tsc -b)'] && build['build (web, vite)'];

// Type-aware lint reads the workspace packages' built declarations, so it runs after the build.
// Beside it: the type checks of what the build leaves out (tests, browser tests, benchmarks;
// they read the build's declarations for the sources), then the unit tests.
await together([
  [task('lint (eslint)', 'npx eslint .')],
  [
    ...[
      'packages/contracts/tsconfig.test-types.json',
      'packages/audit-core/tsconfig.test-types.json',
      'apps/server/tsconfig.test-types.json',
      'e2e/tsconfig.json',
      'bench/tsconfig.json',
    ].map((project) => task(`test types (${path.dirname(project)})`, `npx tsc -p ${project}`)),
    vitest('unit tests: contracts', 'packages/contracts', 'contracts'),
    ...(existsSync(path.join(root, 'apps/web/vitest.config.ts'))
      ? [vitest('web unit tests', 'apps/web', 'web')]
      : []),
    vitest('unit tests: audit engine', 'packages/audit-core', 'audit-core'),
  ],
]);

await together([[vitest('API tests on PGlite', 'apps/server', 'server-pglite')]]);

// The browser tests on screens alone run two at a time; those that run audit stages run one at
// a time on a fresh server, and leave a core to the API tests on PostgreSQL beside them.
const postgres = await startPostgres();
try {
  const postgresTests = vitest('API tests on PostgreSQL', 'apps/server', 'server-postgres', {
    env: { TEST_DATABASE_URL: postgres.url },
  });
  if (built) {
    await together([[browser('screens', 2)]]);
    await together([[browser('stages', 1)], [postgresTests]]);
  } else {
    await together([[postgresTests]]);
  }
} finally {
  postgres.stop();
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
