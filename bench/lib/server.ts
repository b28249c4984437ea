import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

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
    ['--max-semi-space-size=64', path.join(repoRoot, 'apps/server/dist/main.js')],
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
