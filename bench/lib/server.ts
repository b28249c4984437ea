import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Node's flags for the server and its workers, as `npm start` and `npm run worker` give them. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--initial-old-space-size=256'];

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the built API (`npm run build` first) on a fresh data folder. */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-'));
  const child: ChildProcess = spawn(
    'node',
    [...SERVER_NODE_FLAGS, path.join(repoRoot, 'apps/server/dist/main.js')],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a bench baseline (a script under bench/lib that sends 'ready' once it listens on PORT)
 * as its own process, as the API is.
 */
export async function startBaseline(
  script: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child = fork(path.join(repoRoot, 'bench/lib', script), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
