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
  /**
   * Documents in this S3-compatible bucket instead of DATA_DIR/blobs. Credentials come from the
   * AWS SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a role).
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Another S3-compatible service (MinIO, Ceph, R2, …): its address, e.g. http://127.0.0.1:9000. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Bucket in the path, not the host name; default true when S3_ENDPOINT is set (most non-AWS services need it). */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Redis: BullMQ jobs and shared rate limits instead of the in-process defaults. */
  REDIS_URL: z.string().optional(),
  /** Prefix of BullMQ queues and Redis keys, so several deployments can share one Redis. */
  QUEUE_PREFIX: z.string().default('formfill'),
  /** Run a job worker inside the HTTP process (default). Set false when separate workers run. */
  RUN_WORKER: bool.default(true),
  /** Jobs processed at once by one worker. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * BullMQ only: how long a worker's claim on a job lasts without renewal (renewed every half of
   * it), and how often workers look for jobs whose claim lapsed. A job whose worker died is taken
   * over by another worker after one to two of these. Default 30000 (BullMQ's own default).
   */
  JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /**
   * The request pool (page tools, and a request's heavy calls: admitting an upload, reading, filling,
   * spreadsheets; workers/offload.ts): worker threads (default min(2, cores)), jobs queued beyond
   * them (then 503), heap per worker, time per page tool.
   */
  PAGE_TOOL_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PAGE_TOOL_QUEUE: z.coerce.number().int().min(1).default(32),
  PAGE_TOOL_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  PAGE_TOOL_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** A request's other heavy call (admit, read, fill, spreadsheet) that takes longer is stopped: 422 pdf_too_complex. */
  REQUEST_WORK_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** One chunk of a batch's rows (BATCH_CHUNK_ROWS of them) that takes longer is stopped: the batch fails with pdf_too_complex. */
  BATCH_CHUNK_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Worker threads that build contracts (detection, OCR): the form job and the pay door wait for one. */
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_QUEUE: z.coerce.number().int().min(1).default(64),
  ENGINE_WORKER_MEMORY_MB: z.coerce.number().int().min(128).default(3072),
  /**
   * A worker thread left idle this long exits and its memory goes with it (the engine pool's all;
   * the request pool keeps one loaded); the next job starts a new one.
   */
  WORKER_IDLE_MS: z.coerce.number().int().min(100).default(60_000),
  /** A contract that takes longer is given up (its worker is stopped): the form fails with pdf_too_complex. */
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /**
   * Reading a context fill's documents (text, OCR, DOCX, XLSX) and proposing values, in the engine
   * pool: longer is stopped, and the job (or the pay door's request) fails with context_too_large.
   */
  CONTEXT_WORK_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** Serves Prometheus metrics at GET /metrics to `Authorization: Bearer <this>`; unset = no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Parsed form contracts one process keeps for the metadata routes (src/store/contract-cache.ts),
   * in megabytes of contract JSON; 0 reads and parses the contract on every request.
   */
  CONTRACT_CACHE_MB: z.coerce.number().min(0).default(64),
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
  /**
   * Service library (issue #20): how long a fetched blank is trusted before the official source is
   * asked again, and how long one fetch may take (connect to last byte).
   */
  LIBRARY_RECHECK_HOURS: z.coerce.number().min(0).default(24),
  LIBRARY_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Testing only: let the library fetch from loopback addresses (a local stand-in for agency hosts). */
  LIBRARY_ALLOW_LOOPBACK: bool.default(false),
  /** Another catalog directory (agency JSON files) instead of the one in the repository: tests. */
  LIBRARY_CATALOG_DIR: z.string().min(1).optional(),
  /** Testing only: a PEM file of extra CA certificates the library fetcher trusts. */
  LIBRARY_EXTRA_CA_FILE: z.string().min(1).optional(),
  /**
   * Files the MCP door fetches by URL (a tool's `{url}` file argument): how long one fetch may take.
   * The guard is the callbacks' (public https only, pinned address, redirects checked again).
   */
  DOCUMENT_URL_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Testing only: let the MCP door fetch file URLs from loopback addresses. */
  DOCUMENT_URL_ALLOW_LOOPBACK: bool.default(false),
  /** Testing only: a PEM file of extra CA certificates trusted when fetching file URLs. */
  DOCUMENT_URL_EXTRA_CA_FILE: z.string().min(1).optional(),
  /** HMAC key (≥ 32 characters) of the signed upload and download links; unset = one made on first start and kept in the database. */
  LINK_SIGNING_SECRET: z.string().min(32).optional(),
  /** Base delay of job and callback retries; attempt n waits base * 4^(n-1). */
  RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),

  // Payments (/pay/*, src/payments) and account billing (src/billing). All optional: with none
  // set, /pay/* quotes but offers no way to pay, and accounts are not limited to the free tier.
  /** Stripe secret key: MPP card payments, refunds, usage meter events, free-tier enforcement. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Another Stripe API address, e.g. a local stub in tests (http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Signing secret of the Stripe webhook endpoint POST /billing/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Meter event names are this prefix + the price kind (formfill_make_fillable, …). */
  STRIPE_METER_EVENT_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{0,60}$/).default('formfill_'),
  /** The meter outbox is also drained on this period, for usage recorded or voided by background jobs. */
  STRIPE_METER_REPORT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** HMAC key (≥ 32 characters) binding 402 quotes to their price, document and expiry (MPP and x402). */
  MPP_SECRET_KEY: z.string().min(32).optional(),
  /** MPP realm (defaults to the host of PUBLIC_BASE_URL). */
  MPP_REALM: z.string().min(1).optional(),
  /** Stripe network (business profile) id for Shared Payment Tokens. */
  MPP_STRIPE_NETWORK_ID: z.string().min(1).default('internal'),
  /** x402: CAIP-2 network of the stablecoin, e.g. eip155:8453 (Base) or eip155:84532 (Base Sepolia). */
  X402_NETWORK: z.string().regex(/^eip155:\d+$/).optional(),
  /** x402: EIP-3009 token address (defaults to USDC on networks @x402/evm knows). */
  X402_ASSET: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(),
  /** x402: the token's EIP-712 domain name and version ("USD Coin", "2" for USDC). */
  X402_ASSET_NAME: z.string().min(1).default('USD Coin'),
  X402_ASSET_VERSION: z.string().min(1).default('2'),
  /** x402: the address that receives payments. */
  X402_PAY_TO: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(),
  /** x402 in-process facilitator: chain JSON-RPC URL and the key that pays settlement gas. */
  X402_RPC_URL: z.string().url().optional(),
  X402_FACILITATOR_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/).optional(),
  /** x402: a remote facilitator instead of the in-process one. */
  X402_FACILITATOR_URL: z.string().url().optional(),
  /** x402: how long a signed authorization stays valid; must exceed the slowest paid request. */
  X402_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** How long a 402 quote can be paid. */
  PAY_QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long a paid result is kept for a retry after a lost response (pay-per-call is ephemeral: ≤ 70 min). */
  PAY_RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(4200).default(3600),
  /** Where an account adds a payment method (402 bodies link here); defaults to PUBLIC_BASE_URL/dashboard/billing. */
  BILLING_URL: z.string().url().optional(),
  // The dashboard (src/web): account holders sign in with an email and a password.
  /** SMTP server for verification and password-reset mail (smtp://user:pass@host:587, smtps://…); unset = mails are written to the log. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of the dashboard's mail. */
  MAIL_FROM: z.string().min(3).default('Form-filling service <no-reply@localhost>'),
  /** Key that signs session cookies; unset = one made on first start and kept in the database. */
  SESSION_SECRET: z.string().min(32).optional(),
  // The OAuth 2.1 authorization server for MCP clients (src/oauth); its resource is PUBLIC_BASE_URL/mcp.
  /** Lifetime of an OAuth access token (opaque, bound to the MCP resource). */
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Lifetime of an OAuth refresh token; each use gives a new one, so this is how long a client may stay unused (a consent lasts a year at most). */
  OAUTH_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Testing only: let Client ID Metadata Documents be fetched from loopback addresses. */
  OAUTH_ALLOW_LOOPBACK: bool.default(false),
  /** Testing only: a PEM file of extra CA certificates trusted when fetching Client ID Metadata Documents. */
  OAUTH_EXTRA_CA_FILE: z.string().min(1).optional(),
  /** x402 refunds (a fax that finally fails): key of the wallet that sends the refund transfers (X402_PAY_TO or a funded hot wallet). */
  X402_REFUND_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/).optional(),

  // Fax (POST /fax, POST /pay/fax; src/fax). Off unless FAX_PROVIDER is set.
  /** The fax provider: telnyx (Programmable Fax). */
  FAX_PROVIDER: z.enum(['telnyx']).optional(),
  /** HMAC key (≥ 32 characters) of the short-lived document URLs the provider fetches and of pay-per-call status links. */
  FAX_URL_SECRET: z.string().min(32).optional(),
  /** ISO 3166 countries a fax may go to, comma-separated. */
  FAX_ALLOWED_COUNTRIES: z
    .string()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/)
    .default('US,CA')
    .transform((v) => v.split(',')),
  /** Times a fax is handed to the provider before it is given up (busy, no answer …). */
  FAX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Delay before a fax that failed on the line is sent again. */
  FAX_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(120_000),
  /** A fax with no final webhook this long after it was handed over is looked up at the provider; after FAX_WATCH_CHECKS such looks it is given up as failed. */
  FAX_WATCH_SECONDS: z.coerce.number().int().min(1).default(3600),
  FAX_WATCH_CHECKS: z.coerce.number().int().min(1).max(100).default(24),
  /** How long the provider may fetch the document URL. */
  FAX_MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** The same document to the same number within this window is not sent again. */
  FAX_DUPLICATE_WINDOW_SECONDS: z.coerce.number().int().min(0).default(600),
  /** How long one call to the provider may take. */
  FAX_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Telnyx: API key, Fax Application (connection) id, the fax number it sends from, the webhook public key (base64 Ed25519). */
  TELNYX_API_KEY: z.string().min(1).optional(),
  TELNYX_FAX_CONNECTION_ID: z.string().min(1).optional(),
  TELNYX_FAX_FROM: z.string().regex(/^\+[1-9]\d{6,14}$/).optional(),
  TELNYX_PUBLIC_KEY: z.string().min(1).optional(),
  /** Another Telnyx API address (a local stand-in in tests); default https://api.telnyx.com/v2. */
  TELNYX_API_BASE: z.string().url().optional(),
  // Value proposals (§4.4, §4.5). The deterministic extractor always runs; an OpenAI-compatible
  // chat-completions provider may propose values for the fields it leaves open.
  /** Base URL of an OpenAI-compatible API (e.g. https://api.openai.com/v1); unset = no LLM. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Most characters of text all supporting documents of one request may hold (context_too_large above). */
  CONTEXT_MAX_CHARS: z.coerce.number().int().min(1000).default(400_000),
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
    S3_FORCE_PATH_STYLE: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
    PUBLIC_BASE_URL: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

/** Limits live in src/limits.ts; re-exported here for the modules that read them with the config. */
export { LIMITS } from './limits.ts';

export const SCHEMA_VERSION = '1.0';
