// What a queue is: it stores job rows and hands each to a runner. It knows no handler and no
// application context: the worker passes the runner in (jobs/runner.ts, startJobWorker).
import type { EnqueueOptions, JobKind, PayloadOf } from './kinds.ts';

export type { EnqueueOptions };

/** One attempt of one job row, as a queue hands it to the runner. */
export interface JobAttempt {
  id: string;
  kind: string;
  payload: unknown;
  /** 1-based. */
  attempt: number;
  maxAttempts: number;
}

export type RunOutcome = { status: 'succeeded' } | { status: 'retry'; delayMs: number; error: Error } | { status: 'failed'; error: Error };

/** What a queue hands its jobs to (jobs/runner.ts, startJobWorker). */
export interface JobRunner {
  run(job: JobAttempt): Promise<RunOutcome>;
  /**
   * A poison job: every attempt ended with its worker (crash, kill, stall) rather than with an
   * error, so `run` never saw it fail. Fails it for good and runs its kind's failure hook.
   */
  exhausted(job: { id: string; kind: string; payload: unknown; maxAttempts: number }): Promise<void>;
}

export interface JobQueue {
  readonly backend: 'in-process' | 'bullmq';
  /** Writes the job row and hands it to the workers. */
  enqueue<K extends JobKind>(kind: K, payload: PayloadOf<K>, options?: EnqueueOptions): Promise<string>;
  /** Hands a job row written elsewhere (inside the caller's transaction) to the workers. */
  dispatch(jobId: string): Promise<void>;
  /** Start consuming jobs in this process; each attempt goes to the runner. */
  startWorker(runner: JobRunner): Promise<void>;
  /** Stop consuming; waits for running jobs. */
  close(): Promise<void>;
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

/** What a failed job ended with, for the records it fails: a refusal's code and message, or nothing (ours, unexplained). */
export function failureReason(error: Error): { code: string; message: string } | undefined {
  return error instanceof UnrecoverableJobError ? { code: error.code, message: error.message } : undefined;
}
