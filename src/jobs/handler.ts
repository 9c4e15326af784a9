// What a job handler is: the work of one kind, and what to do when it finally fails.
import type { AppContext } from '../context.ts';
import type { JobKind, PayloadOf } from './kinds.ts';

export interface JobHandler<K extends JobKind = JobKind> {
  kind: K;
  /**
   * Must be idempotent: a retry after a crash runs it again on the same payload. `checkpoint`
   * throws JobCanceledError once a caller asked the job to stop (jobs/cancel.ts); long work calls
   * it between its stages.
   */
  run(payload: PayloadOf<K>, ctx: AppContext, job: JobRun): Promise<unknown>;
  /** Called once, after the last attempt failed (or on an UnrecoverableJobError). */
  onFailed?(payload: PayloadOf<K>, error: Error, ctx: AppContext, job: { id: string }): Promise<void>;
}

export interface JobRun {
  id: string;
  attempt: number;
  checkpoint(): Promise<void>;
}

export function defineJob<K extends JobKind>(handler: JobHandler<K>): JobHandler<K> {
  return handler;
}
