import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, allowed in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (item: string) => {
  if (PROXY_RANGES.has(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
};

/**
 * Which proxies may speak for the client (X-Forwarded-For, -Proto, -Host): none when unset; a
 * number names how many hops in front of the server to trust; else a comma-separated list of
 * addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`. `true` is refused: it would
 * let anyone choose the address rate limits count by.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const items = text.split(',').map((item) => item.trim());
    const wrong = items.filter((item) => !isProxyAddress(item));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `name the number of proxy hops or the proxies' addresses (not ${wrong.join(', ')})`,
      });
      return z.NEVER;
    }
    return items;
  });

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Scrutineer <no-reply@scrutineer.local>'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxySchema,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  SIGNIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  SIGNIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  WEB_DIST_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** How long a signed part URL works; a resumed upload asks for fresh ones. */
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 3600),
  /** An upload with no new part for this long is aborted and its parts released. */
  UPLOAD_IDLE_HOURS: z.coerce.number().positive().default(72),
  /** How often the server looks for abandoned uploads (also once when it starts). */
  UPLOAD_SWEEP_SECONDS: z.coerce.number().positive().default(3600),
  /** Largest general upload (the page needs no account), in bytes; default 20 GiB. */
  GENERAL_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /** Unfinished general uploads one address may hold at once, and their declared bytes. */
  GENERAL_UPLOAD_OPEN_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  GENERAL_UPLOAD_ADDRESS_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(40 * 1024 ** 3),
  /** A general upload with no new part for this long is aborted and its parts released. */
  GENERAL_UPLOAD_IDLE_HOURS: z.coerce.number().positive().default(24),
  /** How long a general upload link an Admin copies keeps working. */
  GENERAL_UPLOAD_LINK_DAYS: z.coerce.number().positive().default(30),
  /** A job attachment uploaded but never described for this long is deleted (same sweep). */
  ATTACHMENT_GRACE_HOURS: z.coerce.number().positive().default(24),
  /** `local` is the built-in test-mode checkout; `stripe` needs the STRIPE_ keys. */
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe client sends API calls; set only to point it at a stand-in server. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** API requests served at once; more are answered 503 with Retry-After, not queued. */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(64),
  /** A request is let in only while those in progress could finish, at the recent rate, within this. */
  MAX_REQUEST_WAIT_MS: z.coerce.number().int().positive().default(2000),
  /** PostgreSQL connections of this process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** The longest a request waits for a free PostgreSQL connection before it is answered 503. */
  DATABASE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  /** Pipeline handlers inside this process; 0 leaves the work to `npm run worker` processes. */
  PIPELINE_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Ballots per batch of a stage that fans out (a JOB file's batch_size wins). */
  PIPELINE_BATCH_SIZE: z.coerce.number().int().positive().default(500),
  /** A batch whose worker has not reported for this long goes back on the queue. */
  PIPELINE_STALE_SECONDS: z.coerce.number().int().positive().default(30),
  PIPELINE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(1000),
  /** Turns on `/metrics` for scrapers that send it as a bearer token; unset, `/metrics` is 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * On SIGTERM, how long a worker lets its batches in flight finish before it hands the rest
   * back to the queue (and an API instance lets requests finish before it closes them).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /**
   * A page watching a job's progress is asked again whether it may, at the first push after
   * this many seconds: a removed permission or a sign-out stops the pushes that soon.
   */
  PROGRESS_RECHECK_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ADMIN_EMAIL: z.email().default('admin@scrutineer.local'),
  SEED_ADMIN_PASSWORD: z.string().min(8).default('admin-password'),
  SEED_USER_EMAIL: z.email().default('user@scrutineer.local'),
  SEED_USER_PASSWORD: z.string().min(8).default('user-password'),
  /** A generated demo election on first start; `false` for an empty installation. */
  SEED_DEMO_ELECTION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops". */
export const trustProxyOption = (
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof setting === 'number' ? (_address, hop) => hop < setting : setting;

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  PAYMENT_PROVIDER: 'local' | 'stripe';
};

/** Reads settings from the environment; a bad setting stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const provider = config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (provider === 'stripe' && (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(
    /\/$/,
    '',
  );
  return { ...config, PAYMENT_PROVIDER: provider, publicUrl };
}
