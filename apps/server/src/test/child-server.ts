import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  url: string;
  pid: number;
  /** Calls the API with JSON in and out, as the web app does. */
  call<T = Record<string, unknown>>(
    method: string,
    apiPath: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: T }>;
  signIn(email: string, password: string): Promise<string>;
  /** What the process printed so far. */
  output(): string;
  /** The exit code once the process has exited (null while it runs or when a signal ended it). */
  exitCode(): number | null;
  /** SIGKILL: no shutdown code runs, as in a crash or a power cut. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Starts the real server (`src/main.ts` through tsx, the workspace packages from source) as its
 * own process on `dataDir` with the embedded PGlite, and waits until it answers.
 */
export async function startChildServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join('src', 'main.ts')],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        SIGNIN_RATE_LIMIT_MAX: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    // Up to five minutes: on a loaded machine compiling and migrating take long.
    if (attempt > 3000) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const call: ChildServer['call'] = async (method, apiPath, options = {}) => {
    const answer = await fetch(`${url}/api${apiPath}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : {}) as never };
  };

  return {
    url,
    pid: child.pid ?? 0,
    call,
    exitCode: () => child.exitCode,
    output: () => output,
    async signIn(email, password) {
      const session = await call<{ access_token?: string }>('POST', '/auth/sign-in', {
        body: { email, password: Buffer.from(password).toString('base64') },
      });
      if (!session.body.access_token) throw new Error(JSON.stringify(session.body));
      return session.body.access_token;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
