// Prometheus metrics of one service instance (prom-client): the process's own (CPU, memory,
// event-loop delay from perf_hooks' histogram), request latency per route, job outcomes and
// durations per kind, and the worker pools' load. One registry per context, so several apps in one
// process (tests) keep theirs apart.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface PoolLoad {
  load: { running: number; queued: number; workers: number };
}

export function createMetrics(pools: Record<string, PoolLoad>) {
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
  const refusals = new Counter({ name: 'http_errors_total', help: 'Error answers by code.', labelNames: ['status', 'code'] as const, registers: [registry] });
  return { registry, requests, jobs, poolLoad, refusals };
}

export type Metrics = ReturnType<typeof createMetrics>;
