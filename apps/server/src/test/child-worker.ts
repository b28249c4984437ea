import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

export interface ChildWorker {
  pid: number;
  output(): string;
  /** The exit code once the process has exited (null while it runs or when a signal ended it). */
  exitCode(): number | null;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP and SIGCONT: holds the worker still so a test can look at what it has claimed. */
  pause(): void;
  resume(): void;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts `src/worker.ts` (what `npm run worker` runs) as its own process and waits for it. */
export async function startChildWorker(env: Record<string, string>): Promise<ChildWorker> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join('src', 'worker.ts')],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'info',
        SEED_DEMO_ELECTION: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; !output.includes('is running'); attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The worker exited:\n${output}`);
    // Up to five minutes: on a loaded machine compiling and migrating take long.
    if (attempt > 3000) {
      child.kill('SIGKILL');
      throw new Error(`The worker did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exitCode: () => child.exitCode,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
  };
}
