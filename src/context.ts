// Builds every side-effecting part of the service once, from the configuration: database,
// blob store (disk, or S3 with S3_BUCKET), queue, rate-limit store, logger. Routers, jobs and
// agents receive this object.
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Prisma } from './store/db.ts';
import { LocalDiskBlobStore, type BlobStore } from './store/blobs.ts';
import type { JobQueue } from './jobs/types.ts';
import { InProcessQueue } from './jobs/in-process.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './http/rate-limit-store.ts';
import { openPaymentDoors } from './payments/doors.ts';
import { WorkerPool } from './workers/pool.ts';
import { createMetrics, type Metrics, type StoredCounts } from './metrics.ts';
import { ContractCache } from './store/contract-cache.ts';
import { ApiKeyCache } from './store/api-key-cache.ts';
import { WatchedCache } from './store/watched-cache.ts';
import type { FormState } from './store/form-state.ts';
import type { FinishedManifest } from './store/batch-manifest.ts';
import type { Session } from './generated/prisma/client.ts';
import { trimMalloc } from './malloc-trim.ts';

export interface AppContext {
  config: Config;
  db: Prisma;
  database: Database;
  blobs: BlobStore;
  queue: JobQueue;
  rateLimits: RateLimitStore;
  log: Logger;
  /** Worker threads for the page tools (started on first use). */
  tools: WorkerPool;
  /** Worker threads that build contracts, detection and OCR included (started on first use). */
  engine: WorkerPool;
  /** Prometheus metrics of this instance (GET /metrics with METRICS_TOKEN). */
  metrics: Metrics;
  /** Parsed contracts this process read lately, by form id and contract revision. */
  contracts: ContractCache;
  /** API keys this process read lately; holds none unless the database tells it of key changes. */
  apiKeys: ApiKeyCache;
  /** Forms' states (GET /forms/{id}) this process read lately; none unless the database tells it of changes. */
  formStates: WatchedCache<FormState>;
  /** Session rows (GET /sessions/{id}) this process read lately; none unless the database tells it of changes. */
  sessions: WatchedCache<Session>;
  /** Finished batches' manifests this process built lately; none unless the database tells it of changes. */
  finishedBatches: WatchedCache<FinishedManifest>;
  close(): Promise<void>;
}

// The clients of S3, Redis and BullMQ (~50 MB together) are loaded only by a process configured to use them.

/** S3 when S3_BUCKET is set, else local disk under DATA_DIR/blobs. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (!config.S3_BUCKET) return new LocalDiskBlobStore(join(config.DATA_DIR, 'blobs'));
  const { S3BlobStore, s3ClientFor } = await import('./store/s3-blobs.ts');
  const client = s3ClientFor({ region: config.S3_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE });
  return new S3BlobStore(client, config.S3_BUCKET);
}

export async function createContext(config: Config, log?: Logger): Promise<AppContext> {
  const logger =
    log ??
    pino({
      level: config.LOG_LEVEL,
      // Never log document content, keys or secrets: only ids and sizes go into log lines.
      redact: ['req.headers.authorization', 'req.headers["payment-signature"]', 'req.headers["payment-authorization"]'],
    });
  await openPaymentDoors(config); // a half-configured payment door stops the start here
  const database = await openDatabase(config);
  const blobs = await createBlobStore(config);
  const queue: JobQueue = config.REDIS_URL
    ? new (await import('./jobs/bullmq.ts')).BullMqQueue(database.prisma, logger, config.REDIS_URL, config.QUEUE_PREFIX, config.WORKER_CONCURRENCY, config.RETRY_BASE_MS, config.JOB_LOCK_MS)
    : new InProcessQueue(database.prisma, logger, config.WORKER_CONCURRENCY);
  const rateLimits: RateLimitStore = config.REDIS_URL
    ? new (await import('./http/redis-rate-limit-store.ts')).RedisRateLimitStore(config.REDIS_URL, config.QUEUE_PREFIX)
    : new MemoryRateLimitStore();
  // Both pools back at rest after work: one full collection now, so the memory the work left
  // behind (the retired threads' resources, the buffers their results came in) goes back to the
  // system instead of waiting for a collection an idle process never triggers (docs/decisions.md,
  // "Memory back after a burst"). Only where `npm start` exposes the collector (node --expose-gc).
  // Then malloc's free pages are handed back too: free() alone returns only the top of its heaps.
  const collectAtRest = () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc || tools.load.running || engine.load.running) return;
    gc();
    void trimMalloc();
  };
  const tools = new WorkerPool({
    size: config.PAGE_TOOL_WORKERS,
    maxQueued: config.PAGE_TOOL_QUEUE,
    memoryMb: config.PAGE_TOOL_WORKER_MEMORY_MB,
    timeoutMs: config.PAGE_TOOL_TIMEOUT_MS,
    idleMs: config.WORKER_IDLE_MS,
    onRest: collectAtRest,
  });
  const engine = new WorkerPool({
    size: config.ENGINE_WORKERS ?? config.WORKER_CONCURRENCY,
    maxQueued: config.ENGINE_QUEUE,
    memoryMb: config.ENGINE_WORKER_MEMORY_MB,
    timeoutMs: config.ENGINE_TIMEOUT_MS,
    noun: 'form processing',
    busyCode: 'engine_busy',
    idleMs: config.WORKER_IDLE_MS,
    // Background jobs only: the seconds a worker takes to load are little beside a detection or a
    // batch, while an idle worker holds about 250 MB. The request pool keeps one loaded.
    keepIdle: 0,
    onRest: collectAtRest,
  });
  const metrics = createMetrics({ tools, engine }, storedCounts(database.prisma), database.memoryBytes);
  const apiKeys = new ApiKeyCache(database.watch !== undefined);
  await database.watch?.('api_key_changed', (hash) => apiKeys.changed(hash));
  const formStates = new WatchedCache<FormState>(database.watch !== undefined);
  await database.watch?.('form_changed', (id) => formStates.changed(id));
  // Session rows carry every field's value: fewer of them are kept than keys or forms' states.
  const sessions = new WatchedCache<Session>(database.watch !== undefined, 1_000);
  await database.watch?.('session_changed', (id) => sessions.changed(id));
  // A finished batch's manifest lists every row (1000 and more): a few hundred are plenty.
  const finishedBatches = new WatchedCache<FinishedManifest>(database.watch !== undefined, 200);
  await database.watch?.('batch_changed', (id) => finishedBatches.changed(id));
  return {
    config,
    db: database.prisma,
    database,
    blobs,
    queue,
    rateLimits,
    log: logger,
    tools,
    engine,
    metrics,
    contracts: new ContractCache(config.CONTRACT_CACHE_MB * 1024 * 1024),
    apiKeys,
    formStates,
    sessions,
    finishedBatches,
    async close() {
      await tools.close();
      await engine.close();
      await queue.close();
      await rateLimits.close();
      await database.close();
      blobs.close();
      metrics.registry.clear();
    },
  };
}

/** Queue depth and payments for GET /metrics, read from the rows every process writes. */
function storedCounts(db: Prisma): StoredCounts {
  return {
    async jobs() {
      const rows = await db.job.groupBy({ by: ['kind', 'status'], where: { status: { in: ['queued', 'running'] } }, _count: { _all: true } });
      return rows.map((r) => ({ kind: r.kind, status: r.status, count: r._count._all }));
    },
    async payments() {
      const rows = await db.payment.groupBy({ by: ['protocol', 'route', 'status'], _count: { _all: true }, _sum: { amountMicros: true } });
      return rows.map((r) => ({ protocol: r.protocol, route: r.route, status: r.status, count: r._count._all, amountMicros: r._sum.amountMicros ?? 0 }));
    },
  };
}
