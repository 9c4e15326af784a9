// The scale-out queue: BullMQ on Redis delivers jobs to any number of worker processes
// (`npm run worker`). The Job table stays the record of each job's state; BullMQ carries only
// the job id, and its job id is ours, so enqueueing twice runs once.
import { Queue, Worker, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Prisma } from '../store/db.ts';
import { backoffMs, newJobRow, type EnqueueOptions, type JobKind, type PayloadOf } from './kinds.ts';
import type { JobQueue, JobRunner } from './types.ts';

const QUEUE_NAME = 'jobs';

export class BullMqQueue implements JobQueue {
  readonly backend = 'bullmq' as const;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly connections: Redis[] = [];

  constructor(
    private readonly db: Prisma,
    private readonly log: Logger,
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly concurrency: number,
    private readonly retryBaseMs: number,
    /** How long a worker holds a job before BullMQ counts it stalled. */
    private readonly lockMs: number,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection(), prefix });
  }

  private connection(): Redis {
    const c = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(c);
    return c;
  }

  async enqueue<K extends JobKind>(kind: K, payload: PayloadOf<K>, options: EnqueueOptions = {}): Promise<string> {
    const row = newJobRow(kind, payload, options);
    await this.db.job.upsert({ where: { id: row.id }, create: row, update: {} });
    await this.add(row.id, kind, row.maxAttempts, options.delayMs ?? 0);
    return row.id;
  }

  async dispatch(jobId: string): Promise<void> {
    const row = await this.db.job.findUnique({ where: { id: jobId } });
    if (row) await this.add(row.id, row.kind, row.maxAttempts, Math.max(0, row.runAfter.getTime() - Date.now()));
  }

  private async add(id: string, kind: string, maxAttempts: number, delayMs: number): Promise<void> {
    await this.queue.add(
      kind,
      { jobId: id },
      { jobId: id, delay: delayMs, attempts: maxAttempts, backoff: { type: 'custom' }, removeOnComplete: 1000, removeOnFail: 5000 },
    );
  }

  async startWorker(runner: JobRunner): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (bj) => {
        const id = String(bj.data.jobId);
        const row = await this.db.job.findUnique({ where: { id } });
        if (!row || row.status === 'succeeded' || row.status === 'failed' || row.status === 'canceled') return; // already settled
        // A stalled job (its worker died or blocked past the lock) comes back without BullMQ counting
        // an attempt; the row's own count does, so a poison job still runs out of attempts.
        const attempt = Math.max(bj.attemptsMade, row.attempts) + 1;
        if (attempt > row.maxAttempts) {
          await runner.exhausted(row);
          throw new UnrecoverableError('attempts exhausted');
        }
        await this.db.job.update({ where: { id }, data: { status: 'running', attempts: attempt, lockedAt: new Date() } });
        const outcome = await runner.run({ id, kind: row.kind, payload: row.payload, attempt, maxAttempts: row.maxAttempts });
        if (outcome.status === 'retry') {
          await this.db.job.update({ where: { id }, data: { status: 'queued', lockedAt: null, lastError: outcome.error.message.slice(0, 2000) } });
          throw outcome.error;
        }
        if (outcome.status === 'failed') throw new UnrecoverableError(outcome.error.message);
      },
      {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency: this.concurrency,
        lockDuration: this.lockMs,
        stalledInterval: this.lockMs,
        // Stalls are counted by the row (above), not by BullMQ's own limit, which would fail the
        // BullMQ job without telling the row or running its onFailed hook.
        maxStalledCount: 100,
        settings: { backoffStrategy: (attemptsMade: number) => backoffMs(attemptsMade, this.retryBaseMs) },
      },
    );
    this.worker.on('error', (err) => this.log.error({ err: err.message }, 'bullmq worker error'));
    await this.worker.waitUntilReady();
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), 30_000);
  }

  /**
   * A job row whose BullMQ entry was never added (the process died between the two writes)
   * would wait forever: re-dispatch queued rows older than a few seconds. BullMQ ignores
   * ids it already holds, so this never runs a job twice.
   */
  private async sweep(): Promise<void> {
    try {
      const stale = await this.db.job.findMany({ where: { status: { in: ['queued', 'running'] }, updatedAt: { lt: new Date(Date.now() - 5000) } }, take: 500 });
      for (const row of stale) {
        const existing = await this.queue.getJob(row.id);
        if (!existing) await this.add(row.id, row.kind, row.maxAttempts, 0);
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'job sweep failed');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.worker?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
