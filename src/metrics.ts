// Prometheus metrics of one service instance (prom-client): the process's own (CPU, memory,
// event-loop delay from perf_hooks' histogram), request latency per route, job outcomes and
// durations per kind, the worker pools' load, and — read from the database at scrape time, so they
// count the work of every process of a deployment — queue depth and payments. One registry per
// context, so several apps in one process (tests) keep theirs apart.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface PoolLoad {
  load: { running: number; queued: number; workers: number };
}

/** What the deployment-wide gauges read from the database at each scrape. */
export interface StoredCounts {
  /** Job rows not yet finished, by kind and status (queued | running). */
  jobs(): Promise<{ kind: string; status: string; count: number }[]>;
  /** Payments by protocol (x402 | mpp), paid route and status, with the quoted amounts. */
  payments(): Promise<{ protocol: string; route: string; status: string; count: number; amountMicros: number }[]>;
}

/**
 * @param databaseMemory bytes of this process's memory the embedded database holds (its
 *   WebAssembly memory, which only grows); absent on PostgreSQL.
 */
export function createMetrics(pools: Record<string, PoolLoad>, stored?: StoredCounts, databaseMemory?: () => number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job attempts by kind and outcome (succeeded, retry, failed).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  const poolLoad = new Gauge({
    name: 'worker_pool_jobs',
    help: 'Jobs running and queued in each worker-thread pool.',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [pool, p] of Object.entries(pools)) {
        this.set({ pool, state: 'running' }, p.load.running);
        this.set({ pool, state: 'queued' }, p.load.queued);
      }
    },
  });
  if (databaseMemory) {
    new Gauge({
      name: 'embedded_database_memory_bytes',
      help: "The embedded database's WebAssembly memory in this process (it grows with the largest queries and is never given back).",
      registers: [registry],
      collect() {
        this.set(databaseMemory());
      },
    });
  }
  if (stored) {
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting (queued) or running, by kind: every process of the deployment.',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await stored.jobs()) this.set({ kind: row.kind, state: row.status }, row.count);
      },
    });
    // Read from the payment records (which shrink only by purge), so a refund shows as a payment
    // moving from succeeded to refunded, whichever process made it. prom-client collects metrics
    // concurrently, so each gauge reads its own figures.
    new Gauge({
      name: 'payments_recorded',
      help: 'Pay-per-call payments by protocol, route and status (pending, succeeded, released, refund_pending, refunded, settlement_unknown).',
      labelNames: ['protocol', 'route', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await stored.payments()) this.set({ protocol: row.protocol, route: row.route, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'payments_amount_usd',
      help: 'Quoted amount of the payments in payments_recorded, in US dollars.',
      labelNames: ['protocol', 'route', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await stored.payments()) this.set({ protocol: row.protocol, route: row.route, status: row.status }, row.amountMicros / 1e6);
      },
    });
  }
  const refusals = new Counter({ name: 'http_errors_total', help: 'Error answers by code.', labelNames: ['status', 'code'] as const, registers: [registry] });
  return { registry, requests, jobs, poolLoad, refusals };
}

export type Metrics = ReturnType<typeof createMetrics>;
