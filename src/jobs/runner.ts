// Runs one job row: the logic both queue backends share (payload validation, bookkeeping in the
// Job table, retry decision, terminal failure hook).
import type { AppContext } from '../context.ts';
import { randomUUID } from 'node:crypto';
import { UnrecoverableJobError, type EnqueueOptions, type JobDefinition } from './types.ts';
import { jobDefinitions } from './registry.ts';

export type RunOutcome = { status: 'succeeded' } | { status: 'retry'; delayMs: number; error: Error } | { status: 'failed'; error: Error };

export function definitionFor(kind: string): JobDefinition<unknown> {
  const def = jobDefinitions.get(kind);
  if (!def) throw new Error(`No handler registered for job kind "${kind}"`);
  return def;
}

/** The row of a new job, for `db.job.create` inside a caller's transaction; then `queue.dispatch(id)`. */
export function newJobRow(kind: string, payload: unknown, options: EnqueueOptions = {}) {
  const def = definitionFor(kind);
  return {
    id: options.jobId ?? randomUUID(),
    kind,
    ownerId: options.ownerId ?? null,
    payload: payload as never,
    maxAttempts: def.maxAttempts,
    runAfter: new Date(Date.now() + (options.delayMs ?? 0)),
  };
}

/** attempt n (1-based) waits base * 4^(n-1) before the next try, capped at an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 4 ** (attempt - 1), 3_600_000);
}

export async function runJob(ctx: AppContext, job: { id: string; kind: string; payload: unknown; attempt: number; maxAttempts: number }): Promise<RunOutcome> {
  const def = definitionFor(job.kind);
  const log = ctx.log.child({ job: job.id, kind: job.kind, attempt: job.attempt });
  try {
    const payload = def.payload.parse(job.payload);
    const result = await def.run(payload, ctx, { id: job.id, attempt: job.attempt });
    await ctx.db.job.update({ where: { id: job.id }, data: { status: 'succeeded', result: (result ?? null) as never, lockedAt: null, lastError: null } });
    log.debug('job succeeded');
    return { status: 'succeeded' };
  } catch (raw) {
    const error = raw instanceof Error ? raw : new Error(String(raw));
    const final = error instanceof UnrecoverableJobError || job.attempt >= job.maxAttempts;
    log.warn({ err: error.message, final }, 'job attempt failed');
    if (!final) {
      const delayMs = backoffMs(job.attempt, ctx.config.RETRY_BASE_MS);
      return { status: 'retry', delayMs, error };
    }
    await settleFailed(ctx, job, error);
    return { status: 'failed', error };
  }
}

/** Marks the row failed and runs the kind's onFailed hook, so what the job made fails with it. */
async function settleFailed(ctx: AppContext, job: { id: string; kind: string; payload: unknown }, error: Error): Promise<void> {
  const def = definitionFor(job.kind);
  await ctx.db.job.update({ where: { id: job.id }, data: { status: 'failed', lockedAt: null, lastError: error.message.slice(0, 2000) } });
  try {
    const payload = def.payload.safeParse(job.payload);
    if (payload.success) await def.onFailed?.(payload.data, error, ctx, { id: job.id });
  } catch (hookErr) {
    ctx.log.error({ job: job.id, err: (hookErr as Error).message }, 'onFailed hook threw');
  }
}

/**
 * A poison job: one whose every attempt ended with its worker (crash, kill, stall) rather than with
 * an error, so runJob never saw it fail. It is failed, never run again, and its hook runs.
 */
export async function failExhausted(ctx: AppContext, job: { id: string; kind: string; payload: unknown; maxAttempts: number }): Promise<void> {
  ctx.log.error({ job: job.id, kind: job.kind }, 'job exhausted its attempts without finishing: failed');
  const error = new UnrecoverableJobError('job_failed', `The job stopped its worker on each of its ${job.maxAttempts} attempts; it is not run again.`);
  await settleFailed(ctx, job, error);
}
