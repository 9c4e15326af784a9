// Every environment variable the service reads, parsed and validated once.
// .env.example documents each of them; keep the two in step.
import { z } from 'zod';
import { resolve } from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Base address used in links the service hands out (billing_url, docs). */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Embedded database, blobs and other local state live here. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL schema to use (tests give each run its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('public'),
  /** Redis: BullMQ jobs and shared rate limits instead of the in-process defaults. */
  REDIS_URL: z.string().optional(),
  /** Prefix of BullMQ queues and Redis keys, so several deployments can share one Redis. */
  QUEUE_PREFIX: z.string().default('formfill'),
  /** Run a job worker inside the HTTP process (default). Set false when separate workers run. */
  RUN_WORKER: bool.default(true),
  /** Jobs processed at once by one worker. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute for one account. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Requests per minute from one client address, authenticated or not. */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** On the first start of an empty database, create a local account and print its key. */
  BOOTSTRAP_ACCOUNT: bool.default(true),
  /**
   * Testing only: accept http:// callback URLs on loopback addresses (127.0.0.0/8, ::1).
   * Never enable in production: it lets callers make the service call itself.
   */
  CALLBACK_ALLOW_LOOPBACK: bool.default(false),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Base delay of job and callback retries; attempt n waits base * 4^(n-1). */
  RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    ...c,
    DATA_DIR: resolve(c.DATA_DIR),
    PUBLIC_BASE_URL: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

/** Limits fixed by the interface (§8.1). They are part of the contract, not settings. */
export const LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  requestBytes: 30 * 1024 * 1024,
  pages: 100,
  contextFiles: 5,
  freeTierPageCap: 5,
  batchRows: 1000,
  idempotencyHours: 24,
} as const;

export const SCHEMA_VERSION = '1.0';
