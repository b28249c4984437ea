import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `scrutineer-e2e-${port}`);

/**
 * Files whose tests run audit stages. The server runs stages in its own process, which slows
 * every other request while they run, so these go one at a time; the other files' tests (each
 * on its own district and accounts) may run side by side: `E2E_WORKERS=2 npx playwright test
 * --project=screens`, as `npm test` does before it runs `--project=stages`.
 */
const STAGE_FILES = [
  'adjudication.spec.ts',
  'newcomer-steps.spec.ts',
  'operations-problems.spec.ts',
  'operations.spec.ts',
  'rla.spec.ts',
  'spec-rest.spec.ts',
  'templates-awaiting.spec.ts',
  'templates-exemplar.spec.ts',
  'templates-obscured.spec.ts',
  'templates.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-output',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: 'stages', testMatch: STAGE_FILES, workers: 1 },
    { name: 'screens', testIgnore: STAGE_FILES },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/e2e-results.json' }],
  ],
  use: {
    baseURL,
    // A click or a page load that cannot happen fails with its locator instead of running
    // into the test's timeout.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'off',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    // Requests a service worker handles pass by page.route; the service-worker test allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The built app as `npm start` serves it, on a fresh embedded database.
    command: `rm -rf ${dataDir} && node --max-semi-space-size=64 --initial-old-space-size=256 ../apps/server/dist/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_TIME_COST: '1',
      SIGNIN_RATE_LIMIT_MAX: '200',
    },
  },
});
