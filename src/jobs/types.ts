// What a job is: a kind, a validated payload, a handler, and what to do when it finally fails.
import type { z } from 'zod';
import type { AppContext } from '../context.ts';

export interface JobDefinition<P = unknown> {
  kind: string;
  payload: z.ZodType<P>;
  maxAttempts: number;
  /** Must be idempotent: a retry after a crash runs it again on the same payload. */
  run(payload: P, ctx: AppContext, job: { id: string; attempt: number }): Promise<unknown>;
  /** Called once, after the last attempt failed (or on an UnrecoverableJobError). */
  onFailed?(payload: P, error: Error, ctx: AppContext, job: { id: string }): Promise<void>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/** A failure that retrying cannot fix (bad input, missing document): fail at once. */
export class UnrecoverableJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface EnqueueOptions {
  /** Job id; defaults to a fresh UUID. Enqueueing an id twice creates one job. */
  jobId?: string;
  ownerId?: string | null;
  delayMs?: number;
}

export interface JobQueue {
  readonly backend: 'in-process' | 'bullmq';
  /** Writes the job row and hands it to the workers. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Hands a job row written elsewhere (inside the caller's transaction) to the workers. */
  dispatch(jobId: string): Promise<void>;
  /** Start consuming jobs in this process. */
  startWorker(ctx: AppContext): Promise<void>;
  /** Stop consuming; waits for running jobs. */
  close(): Promise<void>;
}
