// The embedded queue: job rows in the database, claimed with FOR UPDATE SKIP LOCKED by a loop
// in this process. Rows survive a restart; on start, rows left "running" by a dead process
// go back to "queued".
import type { Logger } from 'pino';
import type { Prisma } from '../store/db.ts';
import { newJobRow, type EnqueueOptions, type JobKind, type PayloadOf } from './kinds.ts';
import type { JobQueue, JobRunner } from './types.ts';

interface ClaimedRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export class InProcessQueue implements JobQueue {
  readonly backend = 'in-process' as const;
  private running = 0;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private runner: JobRunner | undefined;
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly db: Prisma,
    private readonly log: Logger,
    private readonly concurrency: number,
    private readonly pollMs = 500,
  ) {}

  async enqueue<K extends JobKind>(kind: K, payload: PayloadOf<K>, options: EnqueueOptions = {}): Promise<string> {
    const row = newJobRow(kind, payload, options);
    await this.db.job.upsert({ where: { id: row.id }, create: row, update: {} });
    this.wake();
    return row.id;
  }

  async dispatch(): Promise<void> {
    this.wake();
  }

  async startWorker(runner: JobRunner): Promise<void> {
    this.runner = runner;
    this.stopped = false;
    // Whatever was running when the last process died did not finish: run it again, unless that
    // was its last attempt (a poison job that kills or stalls the process every time): fail it.
    const orphans = await this.db.job.findMany({ where: { status: 'running' }, select: { id: true, kind: true, payload: true, attempts: true, maxAttempts: true } });
    for (const row of orphans) if (row.attempts >= row.maxAttempts) await runner.exhausted(row);
    await this.db.job.updateMany({ where: { status: 'running' }, data: { status: 'queued', lockedAt: null } });
    this.wake();
  }

  private wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fill(), 0);
  }

  private async fill(): Promise<void> {
    if (this.stopped || !this.runner) return;
    while (!this.stopped && this.running < this.concurrency) {
      const row = await this.claim().catch((err) => {
        this.log.error({ err: (err as Error).message }, 'claiming a job failed');
        return undefined;
      });
      if (!row) break;
      this.running++;
      const p = this.execute(row).finally(() => {
        this.running--;
        this.active.delete(p);
        this.wake();
      });
      this.active.add(p);
    }
    if (!this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.fill(), this.pollMs);
    }
  }

  private async claim(): Promise<ClaimedRow | undefined> {
    const rows = await this.db.$queryRawUnsafe<ClaimedRow[]>(
      `UPDATE "Job" SET status = 'running', "lockedAt" = now(), attempts = attempts + 1, "updatedAt" = now()
       WHERE id = (SELECT id FROM "Job" WHERE status = 'queued' AND "runAfter" <= now()
                   ORDER BY "runAfter", "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts, "maxAttempts"`,
    );
    return rows[0];
  }

  private async execute(row: ClaimedRow): Promise<void> {
    if (row.attempts > row.maxAttempts) return this.runner!.exhausted(row);
    const outcome = await this.runner!.run({ id: row.id, kind: row.kind, payload: row.payload, attempt: row.attempts, maxAttempts: row.maxAttempts });
    if (outcome.status === 'retry') {
      await this.db.job.update({
        where: { id: row.id },
        data: { status: 'queued', lockedAt: null, lastError: outcome.error.message.slice(0, 2000), runAfter: new Date(Date.now() + outcome.delayMs) },
      });
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.active]);
  }
}
