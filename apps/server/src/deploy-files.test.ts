import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { validate } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, loadConfig } from './platform/config.js';

// The deployment files are checked without a container engine: Debian's docker-compose (1.29)
// resolves the compose file as `docker compose config` does, with the settings an operator
// writes from deploy/.env.example, and the Dockerfile is read by dockerfile-utils (the parser
// of the Dockerfile language server). What each service runs is then checked against the
// repository and the server's own settings.

const root = path.resolve(import.meta.dirname, '../../..');
const deploy = path.join(root, 'deploy');
const run = promisify(execFile);

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  stop_grace_period?: string;
  volumes?: string[];
  build?: { context: string; dockerfile: string };
  deploy?: { replicas?: number };
}
let services: Record<string, Service>;
let folder: string;
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The secrets docs/operations.md says to generate, filled into the example settings. */
const SECRETS = ['POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'JWT_SECRET', 'METRICS_TOKEN'];
const PASSWORDS = ['SEED_ADMIN_PASSWORD', 'SEED_USER_PASSWORD'];

beforeAll(async () => {
  const example = await readFile(path.join(deploy, '.env.example'), 'utf8');
  const filled = example
    .split('\n')
    .map((line) => {
      const name = /^([A-Z0-9_]+)=$/.exec(line)?.[1] ?? '';
      if (SECRETS.includes(name)) return `${line}${randomBytes(32).toString('hex')}`;
      if (PASSWORDS.includes(name)) return `${line}a-strong-passphrase`;
      return line;
    })
    .join('\n');
  folder = await mkdtemp(path.join(os.tmpdir(), 'deploy-env-'));
  const envFile = path.join(folder, '.env');
  await writeFile(envFile, filled);
  // docker-compose 1.29 predates the top-level `name` (the project's name in Compose v2): the
  // file is given without it on standard input, from the deploy folder so paths resolve alike.
  const compose = (await readFile(path.join(deploy, 'compose.yaml'), 'utf8')).replace(
    /^name: .*\n/m,
    '',
  );
  const resolving = run('docker-compose', ['-f', '-', '--env-file', envFile, 'config'], {
    cwd: deploy,
  });
  resolving.child.stdin?.end(compose);
  const { stdout } = await resolving.catch((error: unknown) => {
    const { stderr, message } = error as Error & { stderr?: string };
    throw new Error(
      `docker-compose config refused deploy/compose.yaml (Debian's docker-compose must be installed; npm test installs it): ${stderr ?? message}`,
    );
  });
  services = (parse(stdout) as { services: Record<string, Service> }).services;
});

const seconds = (period = '') => Number(/^(\d+)s$/.exec(period)?.[1] ?? NaN);

describe('deploy/compose.yaml', () => {
  it('resolves with the example settings and every service the operations guide names', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api1',
      'api2',
      'minio',
      'minio-bucket',
      'postgres',
      'prometheus',
      'proxy',
      'worker',
    ]);
    expect(services.api1?.build?.context).toBe(root);
    expect(existsSync(path.join(root, services.api1?.build?.dockerfile ?? ''))).toBe(true);
    const mounted = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0] ?? '')
      .filter((source) => source.startsWith('/') && !source.endsWith('metrics-token'));
    expect(mounted.length).toBeGreaterThan(0);
    for (const source of mounted) expect([source, existsSync(source)]).toEqual([source, true]);
  });

  it('gives the API and the workers settings the server knows and accepts, the same shared ones to both', () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const name of ['api1', 'api2', 'worker']) {
      const env = services[name]?.environment ?? {};
      expect([name, Object.keys(env).filter((key) => !known.has(key))]).toEqual([name, []]);
      expect(() => loadConfig(env)).not.toThrow();
    }
    const api = services.api1?.environment ?? {};
    const worker = services.worker?.environment ?? {};
    for (const shared of ['DATABASE_URL', 'JWT_SECRET', 'S3_ENDPOINT', 'S3_BUCKET'])
      expect([shared, worker[shared]]).toEqual([shared, api[shared]]);
    expect(api.PIPELINE_WORKERS).toBe('0');
    expect(Number(worker.PIPELINE_WORKERS)).toBeGreaterThan(0);
  });

  it('runs the built worker and gives each role more time to stop than its grace period', () => {
    const script = services.worker?.command?.at(-1) ?? '';
    expect(script).toBe('apps/server/dist/worker.js');
    expect(existsSync(path.join(root, 'apps/server/src/worker.ts'))).toBe(true);
    for (const name of ['api1', 'worker']) {
      const service = services[name];
      const grace = Number(service?.environment?.SHUTDOWN_GRACE_SECONDS);
      expect([name, seconds(service?.stop_grace_period) > grace]).toEqual([name, true]);
    }
  });
});

describe('deploy/Dockerfile', () => {
  it('parses without errors, installs every workspace and runs the built API', async () => {
    const text = await readFile(path.join(deploy, 'Dockerfile'), 'utf8');
    // Severity 1 is an error in the language server protocol (2 a warning).
    const errors = validate(text).filter((d) => d.severity === 1);
    expect(
      errors.map(
        (d) =>
          `${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
      ),
    ).toEqual([]);
    const workspaces = (
      JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
        workspaces: string[];
      }
    ).workspaces;
    // npm ci in the image needs every workspace's manifest before the sources are copied.
    for (const workspace of workspaces)
      expect(text).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    expect(text).toMatch(/^CMD \[.*"apps\/server\/dist\/main\.js"\]$/m);
    expect(existsSync(path.join(root, 'apps/server/src/main.ts'))).toBe(true);
    expect(text).toContain('COPY --from=build /app/apps/server/drizzle apps/server/drizzle');
    expect(existsSync(path.join(root, 'apps/server/drizzle'))).toBe(true);
  });
});
