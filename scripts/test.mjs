// `npm test`: install what is missing, check formatting, lint and types, then run every suite:
// unit and API tests (API on PGlite and on a throwaway PostgreSQL), and the browser suite.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, ensureDebianPackages, ensureDependencies, root, run } from './lib/setup.mjs';
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

ensureDependencies();
ensureDebianPackages();

step('formatting (prettier)', 'npx prettier --check .');
let built = true;
try {
  build();
} catch (error) {
  console.error(error.message);
  built = false;
}
results.push({ name: 'build (tsc -b, vite build)', ok: built, seconds: 0 });
// Type-aware lint reads the workspace packages' built declarations, so it runs after the build.
step('lint (eslint)', 'npx eslint .');
for (const project of ['packages/contracts', 'packages/audit-core', 'apps/server']) {
  step(`test types (${project})`, `npx tsc -p ${project}/tsconfig.test.json`);
}

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

if (built) {
  const file = path.join(outDir, 'e2e.json');
  const ok = step('browser tests (Playwright, Chromium)', 'npx playwright test', {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_PORT: String(await freePort()) },
  });
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
