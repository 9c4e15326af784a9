// Runs one attempt of one job row: the logic both queue backends share (payload validation,
// bookkeeping in the Job table, retry decision, terminal failure hook). startJobWorker is how a
// process starts consuming jobs.
import type { AppContext } from '../context.ts';
import { DomainError } from '../domain/errors.ts';
import { backoffMs, isJobKind, JOB_KINDS } from './kinds.ts';
import { jobHandlers, kindsWithoutHandler } from './registry.ts';
import { UnrecoverableJobError, type JobAttempt, type RunOutcome } from './types.ts';
import { JobCanceledError, jobCheckpoint } from './cancel.ts';

/** Starts this process's worker on the context's queue; fails fast when a kind has no handler. */
export async function startJobWorker(ctx: AppContext): Promise<void> {
  const missing = kindsWithoutHandler();
  if (missing.length) throw new Error(`No handler for job kind(s): ${missing.join(', ')}`);
  await ctx.queue.startWorker({ run: (job) => runJob(ctx, job), exhausted: (job) => failExhausted(ctx, job) });
}

export async function runJob(ctx: AppContext, job: JobAttempt): Promise<RunOutcome> {
  const started = performance.now();
  const outcome = await attempt(ctx, job);
  ctx.metrics.jobs.observe({ kind: job.kind, outcome: outcome.status }, (performance.now() - started) / 1000);
  return outcome;
}

async function attempt(ctx: AppContext, job: JobAttempt): Promise<RunOutcome> {
  const log = ctx.log.child({ job: job.id, kind: job.kind, attempt: job.attempt });
  const handler = jobHandlers.get(job.kind);
  try {
    if (!handler || !isJobKind(job.kind)) throw new UnrecoverableJobError('unknown_job_kind', `No handler for job kind "${job.kind}".`);
    const payload = JOB_KINDS[job.kind].payload.parse(job.payload);
    const checkpoint = jobCheckpoint(ctx.db, job.id);
    await checkpoint(); // asked to stop before it started
    const result = await handler.run(payload as never, ctx, { id: job.id, attempt: job.attempt, checkpoint });
    await ctx.db.job.update({ where: { id: job.id }, data: { status: 'succeeded', result: (result ?? null) as never, lockedAt: null, lastError: null } });
    log.debug('job succeeded');
    return { status: 'succeeded' };
  } catch (raw) {
    // A use case's refusal (bad document, form that cannot be written) will not change on retry.
    const error = raw instanceof DomainError ? new UnrecoverableJobError(raw.code, raw.message) : raw instanceof Error ? raw : new Error(String(raw));
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

/**
 * Marks the row failed (canceled, when a caller stopped it) and runs the kind's onFailed hook, so
 * what the job made fails with it.
 */
async function settleFailed(ctx: AppContext, job: { id: string; kind: string; payload: unknown }, error: Error): Promise<void> {
  const status = error instanceof JobCanceledError ? 'canceled' : 'failed';
  await ctx.db.job.update({ where: { id: job.id }, data: { status, lockedAt: null, lastError: error.message.slice(0, 2000) } });
  const handler = jobHandlers.get(job.kind);
  try {
    const payload = handler && isJobKind(job.kind) ? JOB_KINDS[job.kind].payload.safeParse(job.payload) : undefined;
    if (payload?.success) await handler!.onFailed?.(payload.data as never, error, ctx, { id: job.id });
  } catch (hookErr) {
    ctx.log.error({ job: job.id, err: (hookErr as Error).message }, 'onFailed hook threw');
  }
}

/** A poison job (see JobRunner.exhausted): failed, never run again, and its hook runs. */
export async function failExhausted(ctx: AppContext, job: { id: string; kind: string; payload: unknown; maxAttempts: number }): Promise<void> {
  ctx.log.error({ job: job.id, kind: job.kind }, 'job exhausted its attempts without finishing: failed');
  const error = new UnrecoverableJobError('job_failed', `The job stopped its worker on each of its ${job.maxAttempts} attempts; it is not run again.`);
  await settleFailed(ctx, job, error);
}
